import { createOppSimulator, mountOppSimulator, newUid, SIM_API_PREFIX } from '@podpot/opp-simulator';
import type { AppExtension } from '../app.js';
import { type Config, configWith } from '../config/env.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { notifyUrlOf } from '../payments/payments.service.js';

/**
 * The OPP simulator in this process, for the dev host (host.ts) when no real provider is set
 * (OPP_API_URL unset): its tables on our database, and the platform's own merchant (which receives
 * Podpot orders) made there once — what OPP_PLATFORM_MERCHANT_UID names in production, so the
 * configuration the app is built with names it too. Nothing else in the API knows the simulator exists.
 */
export interface HostedSimulator {
  /** The configuration to build the app with: the one given, naming the platform merchant. */
  config: Config;
  /** Where the OPP client finds it: this process's own port. */
  apiBase: string;
  /** Mounts its routes on the app; from then on it logs, and reads its settings, through the app's context. */
  mount: AppExtension;
}

export async function hostSimulator(config: Config, db: Db): Promise<HostedSimulator> {
  const isTest = config.NODE_ENV === 'test';
  const apiBase = `http://127.0.0.1:${config.PORT}${SIM_API_PREFIX}`;
  // The app's context once the simulator is mounted: its configuration (the secrets its database
  // keeps), its logger, its provider client.
  let ctx: AppContext | undefined;
  const sim = await createOppSimulator(
    {
      db,
      log: {
        info: (obj, msg) => ctx?.log.info(obj, msg),
        warn: (obj, msg) => ctx?.log.warn(obj, msg),
        error: (obj, msg) => ctx?.log.error(obj, msg),
      },
      settings: () => {
        const { OPP_API_KEY, OPP_NOTIFY_SECRET, publicUrl } = ctx?.config ?? config;
        return {
          apiKey: OPP_API_KEY,
          notifySecret: OPP_NOTIFY_SECRET,
          publicUrl,
          apiBase: ctx?.opp.baseUrl ?? apiBase,
        };
      },
    },
    {
      retryBaseMs: isTest ? 20 : 1000,
      // Monthly tips in the demo: SEPA charges are collected a few seconds later (tests settle them).
      settleMandateChargesMs: isTest ? undefined : 5000,
      // Consumer merchants go live by themselves after a while, as at OPP; tests that need it set a short delay.
      merchantLiveDelayMs: config.SIM_MERCHANT_LIVE_DELAY_MS ?? (isTest ? 10 * 60_000 : undefined),
      // The provider misbehaving on purpose (the tests' fault run; off by default).
      faults: config.SIM_FAULTS,
      faultsSeed: config.SIM_FAULTS_SEED,
      // Which side of each open question about OPP's answers it plays (the test matrix runs both).
      provider: config.SIM_PROVIDER,
    },
  );
  const platformMerchantUid = config.OPP_PLATFORM_MERCHANT_UID ?? (await platformMerchant(config, sim));
  return {
    config: configWith(config, { OPP_PLATFORM_MERCHANT_UID: platformMerchantUid }),
    apiBase,
    mount: async (app, appCtx) => {
      ctx = appCtx;
      await mountOppSimulator(app, sim, { key: appCtx, exposeTestRoutes: true });
    },
  };
}

/**
 * The platform's merchant at the simulator. The same Idempotency-Key finds the same merchant after a
 * restart; a second process starting at the same moment gets 409 while the first makes it, and asks again.
 */
async function platformMerchant(config: Config, sim: Awaited<ReturnType<typeof createOppSimulator>>): Promise<string> {
  const create = () =>
    sim.idempotent('merchants', 'platform-merchant', newUid('mer'), (uid) =>
      sim.createMerchant(
        {
          type: 'business',
          country: 'nld',
          emailaddress: 'platform@podpot.local',
          phone: '31201234567',
          legal_name: config.BRAND_NAME,
          coc_nr: '00000000',
          notify_url: notifyUrlOf({ config }),
        },
        uid,
      ),
    );
  for (let tries = 0; ; tries++) {
    try {
      return String((await create()).uid);
    } catch (err) {
      if (tries >= 50 || (err as { status?: number }).status !== 409) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
