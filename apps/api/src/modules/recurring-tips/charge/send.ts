import type { AppContext } from '../../../context.js';
import type { PaymentLedger } from '../../../payments/ledger.js';
import { sendDebit } from './debit.js';
import { type HeldDebit, type HoldReason, type PreparedDebit, prepareDebits } from './prepare.js';
import { DebitRecorder } from './record.js';
import * as chargeRepo from './repository.js';
import { BATCH, MAX_BATCHES, nextWalk, type WalkCursor } from './walk.js';

/** How long a run holds a charge while calling the provider; a dead run's rows are free again after. */
const LEASE_MS = 5 * 60_000;
/** A month the rules hold back (a suspended merchant, no mandate token) is looked at again this much later. */
const HOLD_BACK_MS = 24 * 60 * 60_000;

/**
 * Step 3 of the charge run: `concurrency` provider calls in flight (decision 019). Workers take leased
 * charges from a shared queue; when it runs dry one of them leases the next batch (one statement, no
 * transaction held) and reads what its sends need (three reads for the batch, prepareDebits) while
 * the others keep sending. Each charge is leased before it is sent and its send is the same as one at
 * a time, so parallel sends change nothing about at-most-once. The answers are recorded in batches
 * (DebitRecorder, decision 023); the run ends when every answer is written. After a charge that
 * could not reach the provider no new batch is leased (its row was released and would come back at
 * once): what is leased is still sent, the rest waits for the next run. A month the rules hold back
 * (issue 34.2: a suspended merchant, no mandate token, a second debit of one monthly tip) is not
 * "unreachable": it is moved on by HOLD_BACK_MS, out of this walk and ahead of the next run's, the
 * run goes on, and the run logs them once at its end.
 */
export async function sendDueCharges(ctx: AppContext, ledger: PaymentLedger, now: Date, concurrency: number) {
  const counts = { sent: 0, failed: 0, heldBack: 0 };
  const queue: PreparedDebit[] = [];
  const recorder = new DebitRecorder(ctx, ledger);
  // The monthly tips with a debit prepared in this run: one debit per monthly tip per run (issue 34.5).
  const debited = new Set<string>();
  const held = new HeldBackMonths();
  let batches = 0;
  let isDone = false;
  let leasing: Promise<void> | null = null;
  // The lease walks the work index forward (decision 042); see nextWalk.
  let cursor: WalkCursor | undefined;
  const leaseBatch = () => {
    leasing ??= chargeRepo
      .claimChargeWork(ctx.db, now, LEASE_MS, BATCH, cursor)
      .then(async (charges) => {
        batches += 1;
        const next = nextWalk(cursor, charges);
        cursor = next.cursor;
        if (next.isDone || batches >= MAX_BATCHES) isDone = true;
        const prepared = await prepareDebits(ctx, ledger, charges, debited);
        const holds = prepared.flatMap((p) => ('hold' in p ? [p.hold] : []));
        await chargeRepo.holdBackCharges(
          ctx.db,
          holds.map((h) => ({ id: h.charge.id, claimedBefore: h.charge.claimedBefore })),
          new Date(now.getTime() + HOLD_BACK_MS),
        );
        held.add(holds);
        queue.push(...prepared.filter((p) => !('hold' in p)));
      })
      .finally(() => {
        leasing = null;
      });
    return leasing;
  };
  const worker = async () => {
    for (;;) {
      const next = queue.shift();
      if (!next) {
        if (isDone) return;
        await leaseBatch();
        continue;
      }
      if ('hold' in next) continue;
      if (await ('send' in next ? sendDebit(ctx, next.send, recorder.record) : next.settle())) {
        counts.sent += 1;
      } else {
        counts.failed += 1;
        isDone = true;
      }
    }
  };
  // A failing worker stops the others taking more; the run ends when every worker has stopped and
  // every answer is recorded.
  const stopped = await Promise.allSettled(
    Array.from({ length: concurrency }, () =>
      worker().catch((err: unknown) => {
        isDone = true;
        throw err;
      }),
    ),
  );
  await recorder.drain();
  counts.heldBack = held.count;
  held.log(ctx);
  const failure = stopped.find((s) => s.status === 'rejected');
  if (failure) throw failure.reason;
  return counts;
}

/** The months a run held back, logged once at its end: how many per reason and a few tip jars each. */
class HeldBackMonths {
  count = 0;
  private readonly byReason = new Map<HoldReason, { months: number; tipjarIds: Set<string> }>();

  add(holds: HeldDebit[]) {
    for (const h of holds) {
      this.count += 1;
      const entry = this.byReason.get(h.reason) ?? { months: 0, tipjarIds: new Set<string>() };
      entry.months += 1;
      if (h.tipjarId && entry.tipjarIds.size < 10) entry.tipjarIds.add(h.tipjarId);
      this.byReason.set(h.reason, entry);
    }
  }

  log(ctx: AppContext) {
    if (this.count === 0) return;
    const reasons = Object.fromEntries(
      [...this.byReason].map(([reason, e]) => [reason, { months: e.months, tipjarIds: [...e.tipjarIds] }]),
    );
    ctx.log.warn({ heldBack: this.count, reasons }, 'charge: months the rules hold back; due again in a day');
  }
}
