import { randomUUID } from 'node:crypto';
import { platformFeeOf } from '@podpot/domain';
import type { AppContext } from '../../../context.js';
import type { Tx } from '../../../db/client.js';
import * as tipsQueries from '../../tips/tips.queries.js';
import { chargeOf, type MonthInput, tipOf } from '../recurring-tips.payments.js';
import type * as repo from '../recurring-tips.repository.js';
import { cadenceOf, dueMonth, nextChargeAfter, periodOf } from '../recurring-tips.schedule.js';
import * as chargeRepo from './repository.js';
import { BATCH, lastWalkKey, MAX_BATCHES, nextWalk, type WalkCursor } from './walk.js';

/**
 * Step 2 of the charge run: one transaction per batch; no provider call while rows are locked
 * (docs/money-rules.md §1). A recurring tip is claimed at most once per run (its next due date always
 * moves past `now`), and a month missed by an outage longer than the grace is skipped, not charged
 * with the next one. `workers` batches are claimed at once (SKIP LOCKED hands each its own recurring
 * tips); each batch writes its month tips in tip jar order, so two batches take the jars' counter rows
 * (decision 018) in one order and never deadlock.
 */
export async function claimDueMonths(ctx: AppContext, now: Date, workers: number): Promise<number> {
  let claimed = 0;
  let batches = 0;
  let isDone = false;
  // Tips claimed by this run whose next due date is still not after `now` (rare): never twice a run.
  const stillDue = new Set<string>();
  // The workers walk the due index forward together (decision 042, nextWalk); `walk` counts the
  // walks, so a batch of an earlier walk still under way does not move the cursor of a new one.
  let walk = 0;
  let cursor: WalkCursor | undefined;
  const worker = async () => {
    while (!isDone && batches < MAX_BATCHES) {
      batches += 1;
      const [ownWalk, after] = [walk, cursor];
      const { due, inserted } = await ctx.db.transaction((tx) => claimBatch(ctx, tx, now, stillDue, after));
      claimed += inserted;
      const next = nextWalk(after, due);
      if (next.isDone) isDone = true;
      else if (ownWalk !== walk) continue;
      // Batches finish out of order: the walk goes on from the furthest row taken.
      else if (next.cursor) cursor = lastWalkKey(due, cursor);
      else [walk, cursor] = [walk + 1, undefined];
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return claimed;
}

/**
 * One claim batch in a handful of statements whatever its size (decision 023): the due monthly tips
 * locked with their tippers' emails, the months made (newMonths: charge rows, tips, each month's tip named)
 * and the monthly tips' next due dates written, each a single statement.
 */
async function claimBatch(ctx: AppContext, tx: Tx, now: Date, stillDue: Set<string>, after?: WalkCursor) {
  const due = await chargeRepo.lockDueRecurringTips(tx, now, BATCH, [...stillDue], after);
  due.sort((a, b) => (a.tipjarId < b.tipjarId ? -1 : a.tipjarId > b.tipjarId ? 1 : 0));
  const months: Parameters<typeof newMonths>[1] = [];
  const schedule: Parameters<typeof chargeRepo.scheduleRecurringTips>[1] = [];
  for (const recurringTip of due) {
    // A yearly tip's charge month is that of its due date (decision 092).
    const cadence = cadenceOf(recurringTip, recurringTip.chargeDay!, now);
    const month = dueMonth(cadence, recurringTip.nextChargeAt!, now);
    if (!month.charge) {
      schedule.push({ id: recurringTip.id, nextChargeAt: month.due });
      if (month.due <= now) stillDue.add(recurringTip.id);
      continue;
    }
    // 'YYYY-MM', or 'YYYY' for a yearly tip: the unique (recurring tip, period) key is its at-most-once.
    const period = periodOf(month.due, recurringTip.interval);
    // An amount change takes effect with the first period charged after it.
    const amount = recurringTip.nextAmount ?? recurringTip.amount;
    months.push({
      recurringTip,
      month: {
        period,
        amount,
        fee: platformFeeOf(amount, ctx.config.PLATFORM_FEE_BPS),
        via: 'debit',
        email: recurringTip.tipperEmail ?? '',
        nextAttemptAt: month.due,
      },
    });
    // The next period: its charge day, but never in the past (a long outage does not catch up).
    const nextChargeAt = nextChargeAfter(cadence, period, now);
    schedule.push({ id: recurringTip.id, nextChargeAt, amount });
    if (nextChargeAt <= now) stillDue.add(recurringTip.id);
  }
  const inserted = await newMonths(tx, months);
  await chargeRepo.scheduleRecurringTips(tx, schedule);
  return { due, inserted };
}

/**
 * newMonth (recurring-tips.payments.ts) for several monthly tips in three statements: the charge rows
 * (a month that has one already is left out), their tips, and each month's tip named. Answers how
 * many months were made.
 */
async function newMonths(tx: Tx, months: { recurringTip: repo.RecurringTipRow; month: MonthInput }[]) {
  const charges = await chargeRepo.insertCharges(
    tx,
    months.map((m) => chargeOf(m.recurringTip, m.month)),
  );
  const byTip = new Map(months.map((m) => [m.recurringTip.id, m]));
  const made = charges.map((charge) => {
    const { recurringTip, month } = byTip.get(charge.recurringTipId)!;
    return { charge, tip: { id: randomUUID(), ...tipOf(recurringTip, month) } };
  });
  await tipsQueries.insertTips(
    tx,
    made.map((m) => m.tip),
  );
  await chargeRepo.setChargeTips(
    tx,
    made.map((m) => ({ id: m.charge.id, tipId: m.tip.id })),
  );
  return made.length;
}
