import { PRE_NOTIFICATION_DAYS, platformFeeOf } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { queueMail } from '../../mail/outbox.js';
import { preNotificationMail } from '../../mail/recurring-mails.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as usersQueries from '../users/users.queries.js';
import { manageLinkOf } from './manage-token.js';
import * as chargeRepo from './recurring-tips.charge.repository.js';
import { lastWalkKey, type WalkCursor } from './recurring-tips.charge.repository.js';
import { DebitRecorder } from './recurring-tips.charge-batch.js';
import {
  type HeldDebit,
  type HoldReason,
  type PreparedDebit,
  prepareDebits,
  sendDebit,
} from './recurring-tips.charge-send.js';
import { findSentDebit } from './recurring-tips.lookups.js';
import { recordLateTry } from './recurring-tips.outcomes.js';
import { isLeased, newMonths } from './recurring-tips.payments.js';
import * as repo from './recurring-tips.repository.js';
import { dueMonth, graceStart, isPastGrace, nextChargeAfter, periodOf } from './recurring-tips.schedule.js';

/**
 * The monthly charge run (docs/domain-rules.md §5, docs/money-rules.md; decisions 005 and 008), next to the module it serves. Safe to run at any time, twice, or on several instances
 * at once:
 *  1. pre-notification mails for charges due within PRE_NOTIFICATION_DAYS (each period announced once,
 *     queued in the mail outbox in the transaction that claims the period); then the tries whose day
 *     passed more than the grace ago are ended, not made (decision 066);
 *  2. CLAIM: due recurring tips are locked with SELECT … FOR UPDATE SKIP LOCKED; the month's charge
 *     row is inserted ON CONFLICT DO NOTHING (the unique key (recurring tip, period) is the real
 *     guarantee) and next_charge_at advances — then COMMIT;
 *  3. SEND: scheduled charges (new months and dunning retries) are leased a batch per statement and
 *     only then sent to the provider, CHARGE_CONCURRENCY at once, each with Idempotency-Key
 *     charge-<id>-<period>-<attempt>; one debit per monthly tip per run, and a month the rules hold
 *     back (a suspended merchant, no mandate token) moved a day on without stopping the run (066).
 * A run that dies between 2 and 3 (or during 3) leaves scheduled rows that the next run sends: no
 * month is lost and none is charged twice.
 */

export interface ChargeRunResult {
  preNotified: number;
  /** New months (charge rows) created. */
  claimed: number;
  /** Tries sent to the provider (new months and retries). */
  sent: number;
  /** Tries that could not reach the provider (the next run sends them). */
  failed: number;
  /** Months the rules held back (HoldReason): not sent, due again HOLD_BACK_MS later. */
  heldBack: number;
  /** Tries whose day passed more than the grace ago: not made (recordLateTry). */
  late: number;
}

const BATCH = 100;
/** Claim transactions at once: they are database work only, so a few keep the pool busy enough. */
const CLAIM_WORKERS = 4;
/** From this many new months on, the charge rows' planner statistics are refreshed before sending. */
const ANALYZE_AFTER_CLAIMED = 100;
/** How long a run holds a charge while calling the provider; a dead run's rows are free again after. */
const LEASE_MS = 5 * 60_000;
/** A run ends after this many batches per step (a million months), whatever is left. */
const MAX_BATCHES = 10_000;
/** A month the rules hold back (a suspended merchant, no mandate token) is looked at again this much later. */
const HOLD_BACK_MS = 24 * 60 * 60_000;

export async function runCharges(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: { now?: Date; concurrency?: number } = {},
): Promise<ChargeRunResult> {
  const now = options.now ?? new Date();
  const result: ChargeRunResult = { preNotified: 0, claimed: 0, sent: 0, failed: 0, heldBack: 0, late: 0 };
  result.preNotified = await sendPreNotifications(ctx, now);
  // Before the claim: a retry too late ends its dunning, and its monthly tip is not claimed on top of it.
  result.late = await endLateTries(ctx, now);
  const concurrency = Math.max(1, options.concurrency ?? ctx.config.CHARGE_CONCURRENCY);
  result.claimed = await claimDueMonths(ctx, now, Math.min(concurrency, CLAIM_WORKERS));
  // A month's claim writes most of the rows the sends then lease: with the planner's statistics from
  // before them, the lease statement (claimChargeWork) took seconds per batch at 20,000 months
  // (~10 charges/s); fresh statistics bring it back to milliseconds (bench:charge, decision 019).
  if (result.claimed >= ANALYZE_AFTER_CLAIMED) await chargeRepo.analyzeCharges(ctx.db);
  Object.assign(result, await sendDueCharges(ctx, ledger, now, concurrency));
  return result;
}

/**
 * Step 3: `concurrency` provider calls in flight (decision 019). Workers take leased charges from a
 * shared queue; when it runs dry one of them leases the next batch (one statement, no transaction
 * held) and reads what its sends need (three reads for the batch, prepareDebits) while the others
 * keep sending. Each charge is leased before it is sent and its send is the same as one at a time,
 * so parallel sends change nothing about at-most-once. The answers are recorded in batches
 * (DebitRecorder, decision 023); the run ends when every answer is written. After a charge that
 * could not reach the provider no new batch is leased (its row was released and would come back at
 * once): what is leased is still sent, the rest waits for the next run. A month the rules hold back
 * (issue 34.2: a suspended merchant, no mandate token, a second debit of one monthly tip) is not
 * "unreachable": it is moved on by HOLD_BACK_MS, out of this walk and ahead of the next run's, the
 * run goes on, and the run logs them once at its end.
 */
async function sendDueCharges(ctx: AppContext, ledger: PaymentLedger, now: Date, concurrency: number) {
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

/**
 * How a walk over a work index goes on after a batch that began `after` the cursor and took `rows`
 * (decision 042). The claim and the lease take their batches in index order, each from where the
 * previous one ended: a batch read from the index's start would read the entries of every row the
 * run already took (their dead versions stay in the index until a vacuum, and in a posting list
 * PostgreSQL cannot mark them dead while one of its rows lives): O(months) per batch. A full batch
 * goes on from its last row. A short batch ends the walk: if it began at the start it read the
 * whole index and the run is done, as before; else one more walk starts from the start, for rows
 * that became due behind the cursor meanwhile (a lease ran out, a row another transaction held was
 * let go) — normally a single batch that finds nothing, reading the index once.
 */
function nextWalk(
  after: WalkCursor | undefined,
  rows: { walkAt: string; id: string }[],
): { isDone: boolean; cursor: WalkCursor | undefined } {
  if (rows.length >= BATCH) return { isDone: false, cursor: lastWalkKey(rows, after) };
  return { isDone: after === undefined, cursor: undefined };
}

/**
 * Step 2: one transaction per batch; no provider call while rows are locked (docs/money-rules.md §1). A
 * recurring tip is claimed at most once per run (its next due date always moves past `now`), and a
 * month missed by an outage longer than the grace is skipped, not charged with the next one.
 * `workers` batches are claimed at once (SKIP LOCKED hands each its own recurring tips); each batch
 * writes its month tips in tip jar order, so two batches take the jars' counter rows (decision 018)
 * in one order and never deadlock.
 */
async function claimDueMonths(ctx: AppContext, now: Date, workers: number): Promise<number> {
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
    const chargeDay = recurringTip.chargeDay!;
    const month = dueMonth(chargeDay, recurringTip.nextChargeAt!, now);
    if (!month.charge) {
      schedule.push({ id: recurringTip.id, nextChargeAt: month.due });
      if (month.due <= now) stillDue.add(recurringTip.id);
      continue;
    }
    const period = periodOf(month.due);
    // An amount change takes effect with the first month charged after it.
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
    // The next month: its charge day, but never in the past (a long outage does not catch up).
    const nextChargeAt = nextChargeAfter(chargeDay, period, now);
    schedule.push({ id: recurringTip.id, nextChargeAt, amount });
    if (nextChargeAt <= now) stillDue.add(recurringTip.id);
  }
  const inserted = await newMonths(tx, months);
  await chargeRepo.scheduleRecurringTips(tx, schedule);
  return { due, inserted };
}

/**
 * Step 1b (issue 34.5): the grace rule of the claim applies to every try. A month's try due more than
 * CHARGE_GRACE_DAYS ago (the job or the provider was down past its day) is not made: a first debit
 * is skipped as a missed month, a dunning retry ends as the last failure (recordLateTry). One
 * transaction per month, the monthly tip locked before its month; the mails go after its commit.
 */
async function endLateTries(ctx: AppContext, now: Date): Promise<number> {
  const before = graceStart(now);
  let ended = 0;
  let cursor: WalkCursor | undefined;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const late = await chargeRepo.listLateTries(ctx.db, before, BATCH, cursor);
    for (const { id, ...month } of late) {
      // A try a run may have sent (its answer lost) is left to the send, which looks it up and adopts it.
      if (month.claimedBefore && !(await isKnownNotSent(ctx, id, month))) continue;
      const effect = await ctx.db.transaction(async (tx) => {
        const locked = (await repo.lockMonth(tx, id))?.charge;
        if (locked?.status !== 'scheduled' || locked.via !== 'debit' || isLeased(locked)) return undefined;
        if (!locked.nextAttemptAt || !isPastGrace(locked.nextAttemptAt, now)) return undefined;
        ended += 1;
        return recordLateTry(ctx, tx, locked);
      });
      if (effect) await effect().catch((err: unknown) => ctx.log.error({ err, chargeId: id }, 'mail of a late try'));
    }
    if (late.length < BATCH) break;
    cursor = lastWalkKey(late, cursor);
  }
  if (ended) ctx.log.warn({ late: ended }, 'charge: tries whose day passed more than the grace ago were not made');
  return ended;
}

/**
 * Whether the provider holds no debit for a try an earlier run claimed: false when it cannot be asked
 * or the lookup could not read back far enough (decision 071), and for a try that moved on meanwhile.
 */
async function isKnownNotSent(ctx: AppContext, chargeId: string, month: { attempt: number }): Promise<boolean> {
  try {
    const charge = await repo.findCharge(ctx.db, chargeId);
    if (charge?.attempt !== month.attempt) return false;
    return (await findSentDebit(ctx, charge)) === undefined;
  } catch (err) {
    ctx.log.warn({ err, chargeId }, 'could not look up a late try; the next run does');
    return false;
  }
}

/**
 * Step 1: SEPA habit — tell the tipper a few days ahead what will be collected, and when. Claiming a
 * recurring tip's period and queueing its mail are one transaction: each period announced exactly once.
 */
async function sendPreNotifications(ctx: AppContext, now: Date): Promise<number> {
  const until = new Date(now.getTime() + PRE_NOTIFICATION_DAYS * 24 * 60 * 60 * 1000);
  let announced = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await chargeRepo.claimPreNotifications(tx, now, until, BATCH);
      for (const recurringTip of rows) {
        const user = await usersQueries.findUserById(tx, recurringTip.userId);
        const tipjar = await tipjarsQueries.findTipjar(tx, recurringTip.tipjarId);
        if (!user || !tipjar || !recurringTip.nextChargeAt) continue;
        const mail = preNotificationMail(recurringTip.locale, {
          brand: ctx.config.BRAND_NAME,
          tipjarName: tipjar.name,
          manageLink: await manageLinkOf(ctx, recurringTip.id, recurringTip.locale, tx),
          amount: recurringTip.nextAmount ?? recurringTip.amount,
          chargeAt: recurringTip.nextChargeAt,
        });
        await queueMail(
          tx,
          { to: user.email, ...mail },
          { dedupeKey: `recurring-prenotice:${recurringTip.id}:${recurringTip.preNotifiedPeriod}` },
        );
      }
      return rows.length;
    });
    announced += claimed;
    if (claimed < BATCH) break;
  }
  if (announced) ctx.outbox.kick();
  return announced;
}
