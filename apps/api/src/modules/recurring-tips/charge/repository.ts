import { and, asc, eq, getTableColumns, inArray, lt, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.js';
import { recurringTipCharges, recurringTips, tips, users } from '../../../db/schema/index.js';
import { type ChargeRow, chargeable, chargeNotHeld } from '../recurring-tips.repository.js';
import type { WalkCursor } from './walk.js';

/**
 * The charge job's statements (decisions 023 and 028): claiming due months, leasing charges to send
 * and recording the provider's answers, each a batch per statement. Every statement here is written
 * so that its plan reads what the batch needs by primary key or the work indexes, whatever the
 * planner's statistics say: a run writes most of the rows these tables hold, long before autovacuum
 * analyzes them, so a plan chosen from them could read the whole table per batch (decision 028).
 */

/** `chargeable` of the monthly tip `r` (a subquery's alias). */
const chargeableSql = sql`r.status = 'active' and r.mandate_status = 'valid'`;

/** A walk key of `column` (timestamptz): UTC text that sorts as the time does and reads back exactly. */
const walkKeyOf = (column: SQL | PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `(column, id) > after`: the rows after the cursor (walk.ts), in the order of the work indexes (time, id). */
const afterCursor = (column: PgColumn, id: PgColumn, after: WalkCursor | undefined) =>
  after ? sql`(${column}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;

/**
 * Locks the recurring tips whose next month is due, skipping rows another instance holds
 * (SELECT … FOR UPDATE SKIP LOCKED), each with its tipper's email (`tipperEmail`: the month's tip
 * keeps it) read by primary key in a scalar subquery — as a separate `id in (…)` read, the planner
 * scanned every user per batch while it thought the table small — and its walk key (`walkAt`).
 * `after`: only those after that cursor, walking recurring_tips_due_idx (next_charge_at, id) on from
 * there. Call inside a transaction.
 */
export async function lockDueRecurringTips(
  db: DbOrTx,
  now: Date,
  limit: number,
  exclude: string[] = [],
  after?: WalkCursor,
) {
  return db
    .select({
      ...getTableColumns(recurringTips),
      tipperEmail: sql<string | null>`(select u.email from ${users} u where u.id = ${recurringTips.userId})`,
      walkAt: walkKeyOf(recurringTips.nextChargeAt),
    })
    .from(recurringTips)
    .where(
      and(
        chargeable,
        lte(recurringTips.nextChargeAt, now),
        afterCursor(recurringTips.nextChargeAt, recurringTips.id, after),
        exclude.length > 0 ? notInArray(recurringTips.id, exclude) : undefined,
      ),
    )
    .orderBy(asc(recurringTips.nextChargeAt), asc(recurringTips.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The claim's schedule update for several recurring tips in one statement: the next due date, and
 * for a month charged (`amount` given) the amount charged, a pending amount change consumed.
 */
export async function scheduleRecurringTips(
  db: DbOrTx,
  updates: { id: string; nextChargeAt: Date; amount?: number }[],
) {
  if (updates.length === 0) return;
  const rows = sql.join(
    updates.map((u) => sql`(${u.id}::uuid, ${u.nextChargeAt.toISOString()}::timestamptz, ${u.amount ?? null}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${recurringTips} r
    set next_charge_at = v.next_charge_at, amount = coalesce(v.amount, r.amount),
        next_amount = case when v.amount is null then r.next_amount end, updated = now()
    from (values ${rows}) as v(id, next_charge_at, amount) where r.id = v.id`);
}

/** A charge claimed by the charge job, with what its row said before the claim. */
export type ClaimedCharge = ChargeRow & {
  /** The row's walk key (nextAttemptAt as exact UTC text): where the lease's walk goes on from. */
  walkAt: string;
  /**
   * Whether an earlier run claimed this very attempt (and may have sent it, its answer lost): an
   * attempt's first claim sets lastAttemptAt to at least nextAttemptAt, and a new attempt is due
   * after the previous one's lastAttemptAt (retryAt).
   */
  claimedBefore: boolean;
};

/**
 * Claims the charges whose current try must be sent now: scheduled, against a valid mandate of an
 * active recurring tip, not held by another instance. One statement sets a lease (`claimedUntil`,
 * wall clock) and the try's time (`lastAttemptAt`, the run's clock), so no transaction stays open
 * while the provider is called; a lease that runs out (the instance died) frees the row again. The
 * candidates are locked and read in the same statement, so `claimedBefore` is the claimed row's own.
 * `after`: only rows after that cursor, walking recurring_tip_charges_work_idx (next_attempt_at, id)
 * on from there (decision 042).
 */
export async function claimChargeWork(
  db: DbOrTx,
  now: Date,
  leaseMs: number,
  limit: number,
  after?: WalkCursor,
): Promise<ClaimedCharge[]> {
  const candidates = db
    .select({
      id: recurringTipCharges.id,
      walkAt: walkKeyOf(recurringTipCharges.nextAttemptAt).as('walk_at'),
      claimedBefore:
        sql<boolean>`coalesce(${recurringTipCharges.lastAttemptAt} >= ${recurringTipCharges.nextAttemptAt}, false)`.as(
          'claimed_before',
        ),
    })
    .from(recurringTipCharges)
    .where(
      and(
        eq(recurringTipCharges.status, 'scheduled'),
        eq(recurringTipCharges.via, 'debit'),
        lte(recurringTipCharges.nextAttemptAt, now),
        afterCursor(recurringTipCharges.nextAttemptAt, recurringTipCharges.id, after),
        chargeNotHeld,
        // Per candidate, by primary key — a scalar subquery is never made a join. As `IN (select …)`
        // the planner, with the statistics of before the claim, joined from every chargeable
        // monthly tip to its charges for each batch: a scan of the whole table per 100 months.
        sql`coalesce((select ${chargeableSql} from ${recurringTips} r where r.id = ${recurringTipCharges.recurringTipId}), false)`,
      ),
    )
    .orderBy(asc(recurringTipCharges.nextAttemptAt), asc(recurringTipCharges.id))
    .limit(limit)
    .for('update', { skipLocked: true })
    .as('candidates');
  return db
    .update(recurringTipCharges)
    .set({
      claimedUntil: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval`,
      lastAttemptAt: now,
    })
    .from(candidates)
    .where(and(eq(recurringTipCharges.id, candidates.id), eq(recurringTipCharges.status, 'scheduled')))
    .returning({
      ...getTableColumns(recurringTipCharges),
      claimedBefore: candidates.claimedBefore,
      walkAt: candidates.walkAt,
    });
}

/**
 * Months of chargeable monthly tips whose current try was due before `before` (too late to be made,
 * issue 34.5) and that nobody holds, with whether a run claimed that try before (as ClaimedCharge's
 * `claimedBefore`): walked along recurring_tip_charges_work_idx from `after`.
 */
export async function listLateTries(db: DbOrTx, before: Date, limit: number, after?: WalkCursor) {
  return db
    .select({
      id: recurringTipCharges.id,
      recurringTipId: recurringTipCharges.recurringTipId,
      period: recurringTipCharges.period,
      attempt: recurringTipCharges.attempt,
      walkAt: walkKeyOf(recurringTipCharges.nextAttemptAt),
      claimedBefore: sql<boolean>`coalesce(${recurringTipCharges.lastAttemptAt} >= ${recurringTipCharges.nextAttemptAt}, false)`,
    })
    .from(recurringTipCharges)
    .where(
      and(
        eq(recurringTipCharges.status, 'scheduled'),
        eq(recurringTipCharges.via, 'debit'),
        lt(recurringTipCharges.nextAttemptAt, before),
        afterCursor(recurringTipCharges.nextAttemptAt, recurringTipCharges.id, after),
        chargeNotHeld,
        sql`coalesce((select ${chargeableSql} from ${recurringTips} r where r.id = ${recurringTipCharges.recurringTipId}), false)`,
      ),
    )
    .orderBy(asc(recurringTipCharges.nextAttemptAt), asc(recurringTipCharges.id))
    .limit(limit);
}

/**
 * Gives back leased months the run may not send (issue 34.2), due again at `until`: moved out of the
 * walk, so the next run does not lease them first again, in one statement. A month an earlier run
 * may have sent (`claimedBefore`) keeps that mark (lastAttemptAt ≥ nextAttemptAt): its send after
 * the hold looks the debit up by its reference first, as before.
 */
export async function holdBackCharges(db: DbOrTx, held: { id: string; claimedBefore: boolean }[], until: Date) {
  if (held.length === 0) return;
  const rows = sql.join(
    held.map((h) => sql`(${h.id}::uuid, ${h.claimedBefore}::boolean)`),
    sql`, `,
  );
  const at = until.toISOString();
  await db.execute(sql`update ${recurringTipCharges} c
    set next_attempt_at = ${at}::timestamptz, claimed_until = null, updated = now(),
        last_attempt_at = case when v.claimed_before then ${at}::timestamptz else c.last_attempt_at end
    from (values ${rows}) as v(id, claimed_before)
    where c.id = v.id and c.status = 'scheduled'`);
}

/** Refreshes the planner's statistics of the charge rows (after a claim wrote many of them). */
export async function analyzeCharges(db: DbOrTx) {
  await db.execute(sql`analyze ${recurringTipCharges}`);
}

/** insertCharge for several months in one statement: the answer holds the months inserted here. */
export async function insertCharges(db: DbOrTx, values: (typeof recurringTipCharges.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db
    .insert(recurringTipCharges)
    .values(values)
    .onConflictDoNothing({ target: [recurringTipCharges.recurringTipId, recurringTipCharges.period] })
    .returning();
}

/** Names each month's tip (charge id → tip id), in one statement. */
export async function setChargeTips(db: DbOrTx, pairs: { id: string; tipId: string }[]) {
  if (pairs.length === 0) return;
  const rows = sql.join(
    pairs.map((p) => sql`(${p.id}::uuid, ${p.tipId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`update ${recurringTipCharges} c set tip_id = v.tip_id, updated = now()
    from (values ${rows}) as v(id, tip_id) where c.id = v.id`);
}

/**
 * Records the provider's answers of several sent months in one statement (the charge run): each
 * month names its attempt's transaction row; a month whose answer is open (`open`: the debit is on
 * its way) and still waiting for that attempt becomes pending and is no longer held, as
 * onChargePayment does for one, and so does its tip if it is still in one of `tipFrom` (the statuses
 * before pending). A month with any other answer stays held until that answer is applied: let go
 * before, it was `scheduled` and free for a moment, and the run's next walk leased it again and
 * counted it a second time (a refresh, never a second debit).
 *
 * The tips are found by primary key from the months just written: their status is tested with
 * `IS TRUE`, which no index can serve. As a plain `status in (…)` the planner — whose statistics
 * know few `created` tips, while the claim has just made one per month — read the tips of the status
 * index (tips_status_updated_idx) for every batch: every tip not yet recorded, per batch.
 */
export async function recordChargeAnswers(
  db: DbOrTx,
  answers: { id: string; rowId: string; attempt: number; open: boolean }[],
  tipFrom: string[],
): Promise<void> {
  if (answers.length === 0) return;
  const rows = sql.join(
    answers.map((a) => sql`(${a.id}::uuid, ${a.rowId}::uuid, ${a.attempt}::int, ${a.open}::boolean)`),
    sql`, `,
  );
  const from = sql.join(
    tipFrom.map((status) => sql`${status}`),
    sql`, `,
  );
  await db.execute(sql`with months as (
      update ${recurringTipCharges} c
      set opp_transaction_id = v.row_id, updated = now(),
          claimed_until = case when v.open then null else c.claimed_until end,
          status = case when v.open and c.status = 'scheduled' and c.attempt = v.attempt then 'pending' else c.status end
      from (values ${rows}) as v(id, row_id, attempt, open)
      where c.id = v.id
      returning c.tip_id, v.open and c.status = 'pending' and c.attempt = v.attempt as pending)
    update ${tips} t set status = 'pending', updated = now()
    from months m
    where t.id = m.tip_id and m.pending and (t.status in (${from})) is true`);
}

/** The period of the next charge: 'YYYY' for a yearly tip, else 'YYYY-MM' (periodOf, decision 092). */
const periodOfNextCharge: SQL = sql`to_char(${recurringTips.nextChargeAt} at time zone 'UTC',
  case when ${recurringTips.interval} = 'year' then 'YYYY' else 'YYYY-MM' end)`;

/**
 * Claims the pre-notification mails due (a charge within `until`, not yet announced): marks the
 * period announced in one statement, so each goes out once even with several instances.
 */
export async function claimPreNotifications(db: DbOrTx, now: Date, until: Date, limit: number) {
  const candidates = db
    .select({ id: recurringTips.id })
    .from(recurringTips)
    .where(
      and(
        chargeable,
        lte(recurringTips.nextChargeAt, until),
        sql`${recurringTips.nextChargeAt} > ${now}`,
        sql`${recurringTips.preNotifiedPeriod} is distinct from ${periodOfNextCharge}`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(recurringTips)
    .set({ preNotifiedPeriod: periodOfNextCharge, updated: sql`${recurringTips.updated}` })
    .where(inArray(recurringTips.id, candidates))
    .returning();
}
