import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import * as repo from './webhooks.repository.js';
import { type SendOutcome, sendDelivery } from './webhooks.sender.js';

/*
 * The webhook worker (decision 095), the mail outbox's pattern (mail/outbox-worker.ts): deliveries are
 * rows committed with their change; a round claims due ones with a lease (FOR UPDATE SKIP LOCKED, so
 * workers on one database never post the same delivery at once, and one whose worker died is taken
 * over when its lease runs out), posts each signed, and records the outcome. A failed try waits
 * RETRY_DELAYS_MS; a delivery still failing a day after its event is `failed`. At least once: a crash
 * after the receiver answered and before the row was marked posts it again, with the same event id.
 */

/** Deliveries claimed per round trip. */
const BATCH = 10;
/** Longer than a batch of sends can take (10 × 10 s); a worker that died lets go after this. */
const LEASE_MS = 5 * 60_000;
/** The wait after try n: 1 min, 5 min, 30 min, 2 h, then every 6 h until the day is over. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000];

export function webhookRetryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!;
}

export interface WebhookWorkerDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** FEED_ALLOW_LOOPBACK: the same outbound guard as feeds (never in production). */
  allowLoopback: boolean;
}

export interface WebhookRun {
  delivered: number;
  retrying: number;
  failed: number;
}

/** One round: claims and posts batch after batch until nothing is due; `now` moves the clock (tests, CLI). */
export async function deliverDueWebhooks(
  deps: WebhookWorkerDeps,
  options: { now?: Date; isStopping?: () => boolean } = {},
): Promise<WebhookRun> {
  const run: WebhookRun = { delivered: 0, retrying: 0, failed: 0 };
  for (;;) {
    const rows = await repo.claimDueDeliveries(deps.db, { now: options.now, leaseMs: LEASE_MS, limit: BATCH });
    await Promise.all(rows.map((row) => deliverOne(deps, row, options.now, run)));
    if (rows.length < BATCH || options.isStopping?.()) return run;
  }
}

async function deliverOne(deps: WebhookWorkerDeps, row: repo.ClaimedDelivery, now: Date | undefined, run: WebhookRun) {
  const outcome: SendOutcome = row.enabled
    ? await sendDelivery({
        url: row.url,
        secret: row.secret,
        eventId: row.eventId,
        type: row.type,
        body: JSON.stringify(row.payload),
        at: now ?? new Date(),
        allowLoopback: deps.allowLoopback,
      })
    : { ok: false, statusCode: null, error: 'endpoint disabled' };
  if (outcome.ok) {
    await repo.markDelivered(deps.db, row.id, outcome.statusCode, now);
    run.delivered += 1;
    return;
  }
  const retryInMs = row.enabled ? webhookRetryDelayMs(row.attempts) : null;
  const giveUp = retryInMs === null || (now ?? new Date()).getTime() + retryInMs > row.giveUpAt.getTime();
  await repo.markAttemptFailed(
    deps.db,
    row.id,
    { statusCode: outcome.statusCode, error: outcome.error, retryInMs },
    now,
  );
  const delivery = {
    deliveryId: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    type: row.type,
    attempts: row.attempts,
    statusCode: outcome.statusCode,
    reason: outcome.error,
  };
  if (giveUp) {
    deps.log.warn(delivery, 'webhook delivery given up');
    run.failed += 1;
  } else {
    deps.log.info(delivery, 'webhook delivery failed; it is tried again later');
    run.retrying += 1;
  }
}
