import { createHash, createHmac } from 'node:crypto';
import type { Faults } from './faults.js';
import type { SimulatorHost } from './host.js';
import * as repo from './repository.js';
import type { Body } from './sim-errors.js';
import { newUid, now } from './values.js';

const MAX_DELIVERY_ATTEMPTS = 6;
/** Undelivered notifications re-sent per batch after a restart. */
const RESUME_BATCH_SIZE = 100;

/** The simulator's notifications: recorded, delivered at least once with retries, resumed after a restart. */
export class Notifications {
  private readonly deliveries = new Set<Promise<unknown>>();
  /** Set by close(): no delivery, retry or timer starts after it. */
  closed = false;
  private readonly wakeups = new Set<() => void>();

  constructor(
    private readonly host: SimulatorHost,
    private readonly retryBaseMs: number,
    private readonly faults: Faults | null,
  ) {}

  /** Records a notification and delivers it after the current response, at least once. */
  async notify(url: string, type: string, objectType: string, objectUid: string, extra: Body) {
    const uid = newUid('not');
    const payload = {
      uid,
      type,
      created: now(),
      object_uid: objectUid,
      object_type: objectType,
      ...extra,
      verification_hash: createHmac('sha256', this.host.settings().notifySecret).update(uid).digest('hex'),
    };
    await repo.insertNotification(this.host.db, uid, url, payload);
    this.schedule(uid, url, payload);
  }

  private schedule(uid: string, url: string, payload: Body, attemptsSoFar = 0, backoffFirst = false) {
    if (this.closed) return;
    const deliver = () => this.deliver(uid, url, payload, attemptsSoFar, backoffFirst);
    const faults = attemptsSoFar === 0 ? this.faults : null;
    this.track(
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() =>
          faults
            ? faults.deliverNotification(
                deliver,
                async () => (this.closed ? undefined : this.attemptDelivery(uid, url, payload)),
                (ms) => this.sleep(ms),
              )
            : deliver(),
        )
        .catch((err) => this.host.log.warn({ err, uid }, 'simulator: notification delivery stopped')),
    );
  }

  private track(work: Promise<unknown>) {
    this.deliveries.add(work);
    void work.finally(() => this.deliveries.delete(work));
  }

  /**
   * POSTs until a 2xx, with exponential backoff, at most MAX_DELIVERY_ATTEMPTS tries in all
   * (`attemptsSoFar` were made before; `backoffFirst` waits before the first try here too).
   */
  private async deliver(uid: string, url: string, payload: Body, attemptsSoFar: number, backoffFirst = false) {
    for (let attempt = attemptsSoFar; attempt < MAX_DELIVERY_ATTEMPTS && !this.closed; attempt++) {
      if (attempt > attemptsSoFar || backoffFirst) await this.sleep(this.retryBaseMs * 2 ** Math.max(0, attempt - 1));
      if (this.closed) return;
      if (await this.attemptDelivery(uid, url, payload)) return;
      this.host.log.info({ uid, attempt: attempt + 1 }, 'simulator: notification not accepted; will retry');
    }
  }

  /** One POST of a notification; records the attempt. True when the receiver accepted it. */
  private async attemptDelivery(uid: string, url: string, payload: Body): Promise<boolean> {
    let ok = false;
    try {
      const body = JSON.stringify(payload);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedHeaders(url, body, this.host.settings().notifySecret) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      ok = res.ok;
      await res.body?.cancel();
    } catch {
      ok = false;
    }
    if (this.closed) return ok;
    await repo.markNotificationAttempt(this.host.db, uid, ok);
    return ok;
  }

  /** A delay that close() cuts short, so shutdown never waits for a backoff. */
  sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeups.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeups.add(wake);
    });
  }

  /**
   * After a restart: deliver everything that was queued but not yet accepted, in batches until
   * none is left. Each batch gets its next try at once; the ones refused again go on retrying with
   * backoff in the background, so one unreachable receiver cannot hold up the rest.
   */
  async resumeDeliveries(batchSize = RESUME_BATCH_SIZE): Promise<number> {
    let cursor: repo.DeliveryCursor | undefined;
    let resumed = 0;
    while (!this.closed) {
      const batch = await repo.listUndeliveredNotifications(this.host.db, MAX_DELIVERY_ATTEMPTS, cursor, batchSize);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map(async (n) => {
          if (this.closed || (await this.attemptDelivery(n.uid, n.url, n.payload))) return;
          this.schedule(n.uid, n.url, n.payload, n.attempts + 1, true);
        }),
      );
      resumed += batch.length;
      const last = batch[batch.length - 1]!;
      cursor = { created: last.cursor, uid: last.uid };
      if (batch.length < batchSize) break;
    }
    if (resumed > 0) this.host.log.info({ resumed }, 'simulator: resumed undelivered notifications');
    return resumed;
  }

  /** Resumes deliveries without holding up start-up; idle() waits for it too. */
  resumeInBackground() {
    this.track(
      this.resumeDeliveries().catch((err) => this.host.log.warn({ err }, 'simulator: could not resume deliveries')),
    );
  }

  /** Resolves once every queued notification was delivered or gave up (tests await this). */
  async idle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakeups) wake();
    await Promise.allSettled([...this.deliveries]);
  }
}

/**
 * Which way OPP signs notifications is not settled (docs/provider.md §12), so the simulator signs both
 * ways: the body's `verification_hash` (HMAC of the uid) and HTTP `Digest` + `Signature` headers
 * (draft-cavage HTTP signatures, hmac-sha256 over request target, host, date and digest).
 */
function signedHeaders(url: string, body: string, secret: string): Record<string, string> {
  const target = new URL(url);
  const date = new Date().toUTCString();
  const digest = `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;
  const signed = [
    `(request-target): post ${target.pathname}${target.search}`,
    `host: ${target.host}`,
    `date: ${date}`,
    `digest: ${digest}`,
  ].join('\n');
  const signature = createHmac('sha256', secret).update(signed).digest('base64');
  return {
    date,
    digest,
    signature: `keyId="opp",algorithm="hmac-sha256",headers="(request-target) host date digest",signature="${signature}"`,
  };
}
