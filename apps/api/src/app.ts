import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, ConfigurationError } from './config/env.js';
import { resolveSharedSecrets } from './config/secrets.js';
import type { AppContext } from './context.js';
import type { Db } from './db/client.js';
import { countsByStatus } from './jobs/counts.js';
import { startJobs } from './jobs/index.js';
import { failedQueueJobs } from './jobs/queue-failures.js';
import { ADDRESS_PROBE_POLICIES, createAddressLimit } from './lib/address-probes.js';
import { createBackgroundWork } from './lib/background.js';
import { API_PREFIX } from './lib/http.js';
import { loggerOptions } from './lib/log-options.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createLimitStore, trustProxyOption } from './lib/rate-limit.js';
import { serverTimeouts } from './lib/server-timeouts.js';
import { createSessionCache } from './lib/session-cache.js';
import { outboxDepth } from './mail/outbox.js';
import { createMailOutbox } from './mail/outbox-worker.js';
import { addonsRoutes } from './modules/addons/addons.routes.js';
import { ADDON_KIND } from './modules/addons/addons.service.js';
import { apiTokenAuth, registerApiTokenGuard } from './modules/api-tokens/api-tokens.guard.js';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.js';
import { tokenOperation } from './modules/api-tokens/api-tokens.scopes.js';
import { archiveRoutes } from './modules/archive/archive.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { bonusPublicRoutes } from './modules/bonus/bonus.public-routes.js';
import { bonusRoutes } from './modules/bonus/bonus.routes.js';
import { episodesRoutes } from './modules/episodes/episodes.routes.js';
import {
  feedSaved,
  findPublicEpisode,
  recentEpisodesOf,
  toPublicEpisode,
} from './modules/episodes/episodes.service.js';
import { faqitemsRoutes } from './modules/faqitems/faqitems.routes.js';
import { feedsRoutes } from './modules/feeds/feeds.routes.js';
import { onOrderPayment } from './modules/invoices/invoices.order.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { levelsRoutes } from './modules/levels/levels.routes.js';
import { merchantsRoutes } from './modules/merchants/merchants.routes.js';
import { merchantNotificationHandlers } from './modules/merchants/merchants.service.js';
import { paymentmethodsRoutes } from './modules/paymentmethods/paymentmethods.routes.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { firstPaymentAdopter, onMandateNotification } from './modules/recurring-tips/recurring-tips.mandate.js';
import { CHARGE_KIND, onChargePayment } from './modules/recurring-tips/recurring-tips.outcomes.js';
import { recurringTipsRoutes } from './modules/recurring-tips/recurring-tips.routes.js';
import { recordingReversals, tipOfChargePayment, tipOfTipPayment } from './modules/refunds/refunds.provider.js';
import { refundsRoutes } from './modules/refunds/refunds.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { settlementsRoutes } from './modules/settlements/settlements.routes.js';
import { shareRoutes } from './modules/share/share.routes.js';
import { statisticsRoutes } from './modules/statistics/statistics.routes.js';
import { supportersRoutes } from './modules/supporters/supporters.routes.js';
import { storefrontExtras } from './modules/supporters/supporters.service.js';
import { onAddonPayment } from './modules/tipjars/tipjars.order-payment.js';
import type { TipjarPorts } from './modules/tipjars/tipjars.ports.js';
import { tipjarsRoutes } from './modules/tipjars/tipjars.routes.js';
import { findPublicTipjar } from './modules/tipjars/tipjars.service.js';
import { boostsRoutes } from './modules/tips/tips.boosts.routes.js';
import { tipsRoutes } from './modules/tips/tips.routes.js';
import { onTipPayment, TIP_KIND } from './modules/tips/tips.service.js';
import { twoStepRoutes } from './modules/two-step/two-step.routes.js';
import { findActor } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import type { PaymentLedger } from './payments/ledger.js';
import { OppClient } from './payments/opp-client.js';
import type { OppFetch } from './payments/opp-http.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerCompression } from './plugins/compression.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.js';
import { registerGracefulClose } from './plugins/graceful-close.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerOps } from './plugins/ops.js';
import { requestLogController, requestLoggerFactory, requestLogStream } from './plugins/request-log.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /**
   * Routes of the caller's own, mounted after the API's and before the web app's catch-all: the dev
   * host's simulator, demo feed and mail preview (dev/host.ts). The production server passes none.
   */
  extensions?: readonly AppExtension[];
  mailer?: Mailer;
  /**
   * Where the OPP client sends its calls when OPP_API_URL is unset: the simulator the dev host mounts
   * (dev/host.ts). Without either the app has no payment provider and is not built.
   */
  providerUrl?: string;
  /**
   * How provider calls go over HTTP (default: node:http with keep-alive, decision 023). The in-process
   * tests pass the global fetch, read at call time, so a test can watch or answer provider calls.
   */
  oppFetch?: OppFetch;
  /** Pino logger options; false for silence (tests). */
  logger?: boolean | object;
  /**
   * `web` (default): the API, the pages and, as JOBS says, the jobs. `worker` (worker.ts, decision 078):
   * the jobs and the mail outbox with the health and metrics endpoints only, no API and no pages.
   */
  role?: 'web' | 'worker';
}

/** Mounts routes of its own on the app, with the app's context at hand. */
export type AppExtension = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/**
 * The upward calls of the lower layers, wired here (decision 072): the payment ledger (payments/ledger.ts)
 * and the tip jars' ports (tipjars.ports.ts). Jobs and tests take them from the app they built.
 */
export interface AppPorts extends TipjarPorts {
  ledger: PaymentLedger;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  ports: AppPorts;
}

/** Builds the whole application (no listen): plugins, the API under /api/v1, the caller's extensions, the web app. */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { db } = options;
  const providerUrl = options.config.OPP_API_URL ?? options.providerUrl;
  if (!providerUrl) {
    throw new ConfigurationError(
      'No payment provider: set OPP_API_URL (and OPP_API_KEY), or run the development server (src/server.dev.ts), which mounts the OPP simulator',
    );
  }
  // The secrets this database keeps (outside production): the configuration the app runs with.
  const config = await resolveSharedSecrets(options.config, db);
  const logger = options.logger ?? loggerOptions(config);
  const app = Fastify({
    logger,
    // Off unless the deployment names its proxies: otherwise X-Forwarded-For is whatever the client says.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    ...serverTimeouts(config),
    // Fastify's answers before a route is found, and what Node's HTTP parser refuses, in our error body.
    frameworkErrors,
    clientErrorHandler,
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: requestLogController(requestLogStream(logger)),
    // Each request's logger is made when something logs through it (plugins/request-log.ts).
    childLoggerFactory: requestLoggerFactory,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerGracefulClose(app);

  const ctx: AppContext = {
    config,
    db,
    log: app.log,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: `${config.dataDir}/outbox`,
        log: app.log,
      }),
    // What a round sends with, read when it starts.
    outbox: createMailOutbox(
      () => ({ db, mailer: ctx.mailer, log: app.log, mailFrom: config.MAIL_FROM, brand: config.BRAND_NAME }),
      {
        enabled: config.MAIL_WORKER === 'on',
      },
    ),
    background: createBackgroundWork(app.log),
    opp: new OppClient({
      baseUrl: providerUrl,
      apiKey: config.OPP_API_KEY,
      retry: { tries: config.OPP_RETRY_TRIES, baseDelayMs: config.OPP_RETRY_BASE_MS },
      merchantConcurrency: config.OPP_MERCHANT_CONCURRENCY,
      fetch: options.oppFetch,
      onUnknownValue: (field, value) => app.log.warn({ field, value }, 'OPP sent an unknown value'),
    }),
    sessions: createSessionCache(db, app.log),
  };
  const ports: AppPorts = {
    ledger: paymentLedger(ctx),
    storefront: async (db, tipjar) => {
      const [extras, recentEpisodes] = await Promise.all([
        storefrontExtras(db, tipjar),
        recentEpisodesOf(db, tipjar.id),
      ]);
      return { ...extras, recentEpisodes };
    },
    feedSaved,
  };
  app.addHook('onClose', () => ctx.sessions.close());
  // Closing lets work that followed an answer (a reset link, its mail) finish before the database goes.
  app.addHook('onClose', () => ctx.background.idle());

  registerSecurityHeaders(app);
  await registerCompression(app);
  // preHandler: the login limit keys on the username, which is only known once the body is parsed.
  const limits = await createLimitStore({ redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }, app.log);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, { global: false, hook: 'preHandler', ...limits.pluginOptions });
  const probes = createAddressLimit(limits, 'address-probe', ADDRESS_PROBE_POLICIES);
  await app.register(formbody);
  if (config.CORS_ORIGIN) {
    // CORS is off by default: the SPA is served from the same origin.
    const origin = config.CORS_ORIGIN;
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.origin === origin) {
        reply.header('access-control-allow-origin', origin).header('vary', 'origin');
      }
    });
  }
  await registerOpenApi(app, config, (method, path) => tokenOperation(method, path)?.scopes);
  const ops = registerOps(app, {
    production: config.NODE_ENV === 'production',
    metricsToken: config.METRICS_TOKEN,
    checks: {
      database: async () => {
        await db.execute(sql`select 1`);
      },
      // The real provider answers an authenticated read (the simulator lives in this process).
      ...(config.usesSimulator ? {} : { provider: async () => void (await ctx.opp.listTransactions({ perpage: 1 })) }),
      // The shared rate-limit store: while it fails, limits count per process (still served, but looser).
      ...(limits.ping ? { redis: limits.ping } : {}),
    },
    countsByStatus: () => countsByStatus(db),
    outboxDepth: () => outboxDepth(db),
    failedQueueJobs: () => failedQueueJobs(db),
  });
  registerAuth(app, {
    secret: config.JWT_SECRET,
    findActor: (userId) => ctx.sessions.actor(userId, () => findActor(ctx.db, userId)),
    // A maker's personal API tokens: what one may call is checked before the route runs (decision 096).
    apiTokens: apiTokenAuth(ctx),
  });
  registerApiTokenGuard(app, ctx, limits);

  const serves = options.role !== 'worker';
  if (serves) {
    await app.register(
      async (api) => {
        await api.register(authRoutes, { ctx, limits, onLoginAlert: ops.loginFailureAlert });
        await api.register(twoStepRoutes, { ctx, limits });
        await api.register(usersRoutes, { ctx, probes });
        await api.register(faqitemsRoutes, { ctx });
        await api.register(paymentmethodsRoutes, { ctx });
        await api.register(paymentsRoutes, { ctx, ledger: ports.ledger });
        await api.register(tipjarsRoutes, { ctx, probes, ledger: ports.ledger, ports });
        await api.register(addonsRoutes, { ctx, ledger: ports.ledger });
        await api.register(merchantsRoutes, { ctx });
        await api.register(tipsRoutes, { ctx, ledger: ports.ledger });
        await api.register(boostsRoutes, { ctx });
        await api.register(refundsRoutes, { ctx, ledger: ports.ledger });
        await api.register(statisticsRoutes, { ctx });
        await api.register(supportersRoutes, { ctx });
        await api.register(levelsRoutes, { ctx });
        await api.register(recurringTipsRoutes, { ctx, ledger: ports.ledger });
        await api.register(settlementsRoutes, { ctx });
        await api.register(invoicesRoutes, { ctx });
        await api.register(archiveRoutes, { ctx });
        await api.register(feedsRoutes, { ctx, feedSaved: ports.feedSaved });
        await api.register(shareRoutes, { ctx, storefront: ports.storefront });
        await api.register(episodesRoutes, { ctx, storefront: ports.storefront });
        await api.register(auditRoutes, { ctx });
        await api.register(privacyRoutes, { ctx });
        await api.register(bonusRoutes, { ctx });
        await api.register(webhooksRoutes, { ctx });
        await api.register(apiTokensRoutes, { ctx });
      },
      { prefix: API_PREFIX },
    );
    // robots.txt and sitemap.xml, at the root where crawlers look for them.
    await app.register(seoRoutes, { ctx });
    // The private supporter feeds and their audio (/feeds/…), at the root where podcast apps fetch them.
    await app.register(bonusPublicRoutes, { ctx });
    for (const extend of options.extensions ?? []) await extend(app, ctx);
  }
  // As JOBS says (jobs/index.ts). Graceful shutdown: app.close() stops accepting, lets requests in flight
  // finish, then waits here for a job run in progress before the caller closes the database pool.
  const stopJobs = await startJobs(ctx, ports.ledger, ops.jobRun);
  app.addHook('onClose', async () => stopJobs());
  // Kicked after commits whatever JOBS says; a mail not sent by the round in progress stays queued.
  app.addHook('onClose', async () => ctx.outbox.stop());

  if (serves) {
    await registerWeb(
      app,
      ctx,
      (slug) => findPublicTipjar(ctx, ports.storefront, slug),
      // An episode's tip page (/{slug}/e/{episodeId}): rendered with the episode inlined.
      async (tipjar, episodeId) => {
        const found = await findPublicEpisode(ctx, ports.storefront, tipjar.slug, episodeId);
        return found && toPublicEpisode(found.episode);
      },
    );
  }
  return { app, ctx, ports };
}

/**
 * The payment ledger: who owns each kind of provider transaction (what a status change means for it),
 * who reads back each other kind of notified object, and who may claim a transaction we hold no row
 * for — each bound to this app's context. The one place to look; no module registers itself.
 */
function paymentLedger(ctx: AppContext): PaymentLedger {
  const ledger: PaymentLedger = {
    owners: {
      // The tip jar goes LIVE; then the order's invoice, receipt and welcome mail (decision 080).
      [ADDON_KIND]: async (tx, row, change) => {
        await onAddonPayment(tx, row, change);
        return onOrderPayment(ctx, tx, row, change);
      },
      // A refunded or charged-back payment is also recorded as a reversal of its tip (refunds module).
      [TIP_KIND]: recordingReversals(ctx, onTipPayment, tipOfTipPayment),
      [CHARGE_KIND]: recordingReversals(ctx, onChargePayment, tipOfChargePayment),
    },
    notifications: {
      mandate: (body) => onMandateNotification(ctx, ledger, body),
      ...merchantNotificationHandlers(ctx),
    },
    adopters: [firstPaymentAdopter(ctx)],
  };
  return ledger;
}
