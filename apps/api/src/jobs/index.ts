import { BONUS_UPLOAD_KEPT_MS, MONEY_CHECK_EVERY_MS, SENT_MAIL_KEPT_DAYS } from '@podpot/domain';
import type { AppContext } from '../context.js';
import { PURGE_BATCH, purgeMailsBefore } from '../mail/outbox.js';
import { purgeFetchesBefore } from '../modules/bonus/bonus.repository.js';
import { dropStaleUploads } from '../modules/bonus/bonus.uploads.js';
import { refreshFeeds } from '../modules/episodes/episodes.refresh.js';
import { deleteUnusedArtworks, deleteVerificationEventsBefore } from '../modules/feeds/feeds.repository.js';
import { runCharges } from '../modules/recurring-tips/charge/run.js';
import { announcePaidPayouts } from '../modules/settlements/settlements.announce.js';
import { deleteAllExpiredInvitations } from '../modules/tipjars/tipjars.repository.js';
import { deliverDueWebhooks } from '../modules/webhooks/webhooks.worker.js';
import type { PaymentLedger } from '../payments/ledger.js';
import type { JobRunListener, ScheduledJob } from './job.js';
import { runMoneyCheck } from './money-check.js';
import { reconcileTransactions } from './reconcile.js';

const RECONCILE_EVERY_MS = 5 * 60_000;
const CHARGE_EVERY_MS = 15 * 60_000;
const ARTWORK_CLEANUP_EVERY_MS = 6 * 60 * 60_000;
/** Each feed is read at most hourly; this often the job looks which are due (a saved address is due at once). */
const FEED_REFRESH_EVERY_MS = 60_000;
/** Stored artwork nobody shows is kept this long: a maker who fetched a feed has a day to order. */
export const UNUSED_ARTWORK_KEPT_MS = 24 * 60 * 60_000;
/** Mails are sent right after their commit (a kick); this round catches retries and other processes' leftovers. */
export type { JobRunListener, ScheduledJob };

const MAIL_OUTBOX_EVERY_MS = 5_000;
/** Webhook deliveries due (new events, retries): every 5 s on the timers, each minute on the queue. */
const WEBHOOK_DELIVERIES_EVERY_MS = 5_000;
/** Sent mails older than SENT_MAIL_KEPT_DAYS lose their address and content (decision 057). */
const MAIL_RETENTION_EVERY_MS = 60 * 60_000;

/** Paid payouts are looked for hourly (decision 098): `payout.paid` goes out within about an hour. */
const PAYOUT_ANNOUNCEMENTS_EVERY_MS = 60 * 60_000;

/** Rows kept only for a limit or a link: feed-code events (counted over a day), expired invitations. */
const SHORT_LIVED_CLEANUP_EVERY_MS = 60 * 60_000;
/** Feed-code events are counted over the last day (decision 064); kept a day longer. */
export const VERIFICATION_EVENTS_KEPT_MS = 2 * 24 * 60 * 60_000;

/** The platform's scheduled jobs, each bound to this app's context and ledger. */
export function scheduledJobs(ctx: AppContext, ledger: PaymentLedger): ScheduledJob[] {
  const jobs: ScheduledJob[] = [
    {
      name: 'reconcile',
      task: 'reconcile',
      everyMs: RECONCILE_EVERY_MS,
      cron: '*/5 * * * *',
      run: async () => {
        const result = await reconcileTransactions(ctx, ledger);
        if (result.checked || result.cancelledMonthlyTips || result.revokedMandates) {
          ctx.log.info(result, 'reconcile: transactions refreshed');
        }
      },
    },
    // Monthly tips: pre-notifications, new months, dunning retries (recurring-tips/charge/).
    {
      name: 'charge',
      task: 'charge',
      everyMs: CHARGE_EVERY_MS,
      cron: '*/15 * * * *',
      run: async () => {
        const result = await runCharges(ctx, ledger);
        if (result.claimed || result.sent || result.preNotified) ctx.log.info(result, 'charge: monthly tips');
      },
    },
    // The standing money check (docs/money-check.md): stored per run, an error log line when anything is off.
    {
      name: 'money check',
      task: 'money_check',
      everyMs: MONEY_CHECK_EVERY_MS,
      cron: '5 * * * *',
      run: () => runMoneyCheck(ctx, ledger).then(() => undefined),
    },
    // Artwork of feed previews never ordered, and artwork a tip jar replaced (decision 030).
    {
      name: 'artwork cleanup',
      task: 'artwork_cleanup',
      everyMs: ARTWORK_CLEANUP_EVERY_MS,
      cron: '15 */6 * * *',
      run: () => cleanUpArtworks(ctx),
    },
    // Sent mails older than the privacy page says lose their address and content (decision 057).
    {
      name: 'mail retention',
      task: 'mail_retention',
      everyMs: MAIL_RETENTION_EVERY_MS,
      cron: '25 * * * *',
      run: () => purgeOldMails(ctx).then(() => undefined),
    },
    // Feed-code events past their day (decision 064), expired admin invitations (decision 062), supporter
    // feed fetches of past days (decision 090), bonus audio uploads left unfinished for a day (decision 099).
    {
      name: 'short-lived cleanup',
      task: 'short_lived_cleanup',
      everyMs: SHORT_LIVED_CLEANUP_EVERY_MS,
      cron: '35 * * * *',
      run: () => cleanUpShortLived(ctx),
    },
    // Episodes from the tip jars' feeds (decision 034): conditional GET, at most hourly per feed.
    {
      name: 'feed refresh',
      task: 'feed_refresh',
      everyMs: FEED_REFRESH_EVERY_MS,
      cron: '* * * * *',
      run: async () => {
        const result = await refreshFeeds(ctx);
        if (result.claimed) ctx.log.info(result, 'feed refresh: feeds read');
      },
    },
    // `payout.paid` (decision 098): the provider's paid payouts of tip jars that listen, each announced once.
    {
      name: 'payout announcements',
      task: 'payout_announcements',
      everyMs: PAYOUT_ANNOUNCEMENTS_EVERY_MS,
      cron: '45 * * * *',
      run: async () => {
        const result = await announcePaidPayouts(ctx);
        if (result.announced || result.recordedQuietly || result.failed) {
          ctx.log.info(result, 'payout announcements: paid payouts recorded');
        }
      },
    },
  ];
  if (ctx.config.MAIL_WORKER === 'on') {
    // Signed webhook deliveries (decision 095): the mail outbox's pattern, posted where mail is sent.
    jobs.push({
      name: 'webhook deliveries',
      task: 'webhook_deliveries',
      everyMs: WEBHOOK_DELIVERIES_EVERY_MS,
      cron: '* * * * *',
      run: async () => {
        const result = await deliverDueWebhooks({
          db: ctx.db,
          log: ctx.log,
          allowLoopback: ctx.config.feedAllowLoopback,
        });
        if (result.delivered || result.retrying || result.failed) ctx.log.info(result, 'webhooks: deliveries posted');
      },
    });
    // The mail outbox's sweep (mail/outbox-worker.ts): what a retry waits for, or another process left.
    // Mail is sent right after its commit by a kick; on the queue the sweep runs each minute.
    jobs.push({
      name: 'mail outbox',
      task: 'mail_outbox',
      everyMs: MAIL_OUTBOX_EVERY_MS,
      cron: '* * * * *',
      run: () => ctx.outbox.drain().then(() => undefined),
    });
  }
  return jobs;
}

/**
 * Starts the scheduled jobs as the config says (decision 078): `JOBS=on` on this process's timers,
 * `JOBS=queue` on the PostgreSQL job queue (jobs/queue-runner.ts), `off` not at all. Each run claims
 * its rows in the database, so several processes may run them. Returns a stop function that resolves
 * once a run in progress has finished (graceful shutdown).
 */
export async function startJobs(
  ctx: AppContext,
  ledger: PaymentLedger,
  onRun?: JobRunListener,
): Promise<() => Promise<void>> {
  if (ctx.config.JOBS === 'off') return async () => {};
  const jobs = scheduledJobs(ctx, ledger);
  if (ctx.config.MAIL_WORKER === 'on') ctx.outbox.kick(); // at once for what a stopped or crashed process left
  if (ctx.config.JOBS === 'queue') {
    const { startQueueRunner } = await import('./queue-runner.js');
    return startQueueRunner({ databaseUrl: ctx.config.DATABASE_URL ?? '', jobs, log: ctx.log, onRun });
  }
  const stops = jobs.map((job) => every(ctx, job, onRun));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/**
 * Runs `job` every `job.everyMs` on this process's timer, never two of the same at once in this
 * process. The stop function stops the schedule and resolves once a run in progress has finished.
 */
function every(ctx: AppContext, job: ScheduledJob, onRun?: JobRunListener): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    const started = performance.now();
    running = job
      .run()
      .then(() => onRun?.(job.name, 'ok', (performance.now() - started) / 1000))
      .catch((err) => {
        ctx.log.error({ err }, `${job.name} job failed`);
        onRun?.(job.name, 'failed', (performance.now() - started) / 1000);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Deletes stored artwork that no tip jar shows and that is older than UNUSED_ARTWORK_KEPT_MS. */
export async function cleanUpArtworks(ctx: AppContext, now = new Date()): Promise<void> {
  const deleted = await deleteUnusedArtworks(ctx.db, new Date(now.getTime() - UNUSED_ARTWORK_KEPT_MS));
  if (deleted) ctx.log.info({ deleted }, 'artwork cleanup: unused artwork deleted');
}

/** Deletes feed-code events no limit counts any more and invitations whose link has expired. */
export async function cleanUpShortLived(ctx: AppContext, now = new Date()): Promise<void> {
  const events = await deleteVerificationEventsBefore(ctx.db, new Date(now.getTime() - VERIFICATION_EVENTS_KEPT_MS));
  const invitations = await deleteAllExpiredInvitations(ctx.db, now);
  // Who fetched a supporter feed counts on its own UTC day only (decision 090): yesterday's go too.
  const feedFetches = await purgeFetchesBefore(ctx.db, new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10));
  // Bonus audio uploads in parts not completed within a day, with their bytes (decision 099).
  const uploads = await dropStaleUploads(ctx, new Date(now.getTime() - BONUS_UPLOAD_KEPT_MS));
  if (events || invitations || feedFetches || uploads) {
    ctx.log.info({ events, invitations, feedFetches, uploads }, 'short-lived cleanup: old rows deleted');
  }
}

/**
 * Blanks the sent mails older than SENT_MAIL_KEPT_DAYS (decision 057), a batch per statement until none
 * is left, so each transaction is short and a backlog (the first run after an upgrade) goes in one run.
 */
export async function purgeOldMails(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SENT_MAIL_KEPT_DAYS * 24 * 60 * 60_000);
  let purged = 0;
  for (;;) {
    const batch = await purgeMailsBefore(ctx.db, before);
    purged += batch;
    if (batch < PURGE_BATCH) break;
  }
  if (purged) ctx.log.info({ purged }, 'mail retention: old mails blanked');
  return purged;
}
