import type { RECURRING_TIP_SORTABLE } from '@podpot/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recurringTipCharges, recurringTips, tipjars, tips, users } from '../../db/schema/index.js';
import { likePattern, orderOf, type ParsedListQuery, windowOf } from '../../lib/list-query.js';

/** With recurring-tips.ending.repository.ts, the only code touching recurring_tips and recurring_tip_charges. */
export type RecurringTipRow = typeof recurringTips.$inferSelect;
export type ChargeRow = typeof recurringTipCharges.$inferSelect;
export type RecurringTipSortBy = (typeof RECURRING_TIP_SORTABLE)[number];

/** A recurring tip with what every answer shows of its tip jar and tipper. */
export interface RecurringTipView extends RecurringTipRow {
  tipjarSlug: string;
  tipjarName: string;
  email: string;
}

/** The columns of a RecurringTipView (the row with its tip jar and tipper), for toView. */
export const viewColumns = {
  row: recurringTips,
  tipjarSlug: tipjars.slug,
  tipjarName: tipjars.name,
  email: users.email,
};

export function toView(r: {
  row: RecurringTipRow;
  tipjarSlug: string;
  tipjarName: string;
  email: string;
}): RecurringTipView {
  return { ...r.row, tipjarSlug: r.tipjarSlug, tipjarName: r.tipjarName, email: r.email };
}

function viewQuery(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(recurringTips)
    .innerJoin(tipjars, eq(tipjars.id, recurringTips.tipjarId))
    .innerJoin(users, eq(users.id, recurringTips.userId));
}

/** Inserts a recurring tip; undefined when the user already made one with this Idempotency-Key. */
export async function insertRecurringTip(db: DbOrTx, values: typeof recurringTips.$inferInsert) {
  const [row] = await db.insert(recurringTips).values(values).onConflictDoNothing().returning();
  return row;
}

/** The recurring tip this user made with an Idempotency-Key, with the fingerprint of that request. */
export async function findRecurringTipByIdempotencyKey(db: DbOrTx, userId: string, key: string) {
  const [row] = await db
    .select({ id: recurringTips.id, fingerprint: recurringTips.idempotencyFingerprint })
    .from(recurringTips)
    .where(and(eq(recurringTips.userId, userId), eq(recurringTips.idempotencyKey, key)));
  return row;
}

export async function findRecurringTip(db: DbOrTx, id: string): Promise<RecurringTipView | undefined> {
  const [row] = await viewQuery(db).where(eq(recurringTips.id, id));
  return row ? toView(row) : undefined;
}

/** Several recurring tips (with tip jar and tipper) in one query, by id. */
export async function findRecurringTips(db: DbOrTx, ids: string[]): Promise<Map<string, RecurringTipView>> {
  if (ids.length === 0) return new Map();
  const rows = await viewQuery(db).where(inArray(recurringTips.id, ids));
  return new Map(rows.map((r) => [r.row.id, toView(r)]));
}

/** The recurring tip charged through a provider mandate (its current one), if any. */
export async function findByMandate(db: DbOrTx, mandateUid: string) {
  const [row] = await db.select().from(recurringTips).where(eq(recurringTips.mandateUid, mandateUid)).limit(1);
  return row;
}

/** The recurring tips charged through a provider mandate, locked (a mandate notification applies to them). */
export async function lockByMandate(db: DbOrTx, mandateUid: string) {
  return db.select().from(recurringTips).where(eq(recurringTips.mandateUid, mandateUid)).for('update');
}

/** Reads and locks a recurring tip until the surrounding transaction ends. */
export async function lockRecurringTip(db: DbOrTx, id: string) {
  const [row] = await db.select().from(recurringTips).where(eq(recurringTips.id, id)).for('update');
  return row;
}

export async function updateRecurringTip(db: DbOrTx, id: string, values: Partial<typeof recurringTips.$inferInsert>) {
  const [row] = await db.update(recurringTips).set(values).where(eq(recurringTips.id, id)).returning();
  return row!;
}

/** Ends every manage link issued so far; returns the version the next link carries. */
export async function bumpManageTokenVersion(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(recurringTips)
    .set({ manageTokenVersion: sql`${recurringTips.manageTokenVersion} + 1` })
    .where(eq(recurringTips.id, id))
    .returning({ version: recurringTips.manageTokenVersion });
  return row?.version ?? 0;
}

export async function findManageTokenVersion(db: DbOrTx, id: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: recurringTips.manageTokenVersion })
    .from(recurringTips)
    .where(eq(recurringTips.id, id));
  return row?.version;
}

export interface RecurringTipFilter {
  userId?: string;
  tipjarId?: string;
}

/** Newest first (spec §9), or by a listed column. */
export async function listRecurringTips(
  db: DbOrTx,
  filter: RecurringTipFilter,
  query: ParsedListQuery<RecurringTipSortBy>,
) {
  const where = and(
    filter.userId ? eq(recurringTips.userId, filter.userId) : undefined,
    filter.tipjarId ? eq(recurringTips.tipjarId, filter.tipjarId) : undefined,
    query.search
      ? or(ilike(tipjars.name, likePattern(query.search)), ilike(recurringTips.displayName, likePattern(query.search)))
      : undefined,
  );
  const { offset, limit } = windowOf(query);
  const order = orderOf(
    query,
    {
      created: recurringTips.created,
      amount: recurringTips.amount,
      status: recurringTips.status,
      nextChargeAt: recurringTips.nextChargeAt,
    },
    [desc(recurringTips.created)],
    recurringTips.id,
  );
  const [rows, [total]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
    db
      .select({ count: count() })
      .from(recurringTips)
      .innerJoin(tipjars, eq(tipjars.id, recurringTips.tipjarId))
      .where(where),
  ]);
  return { rows: rows.map(toView), count: total?.count ?? 0 };
}

/* ---------- charges ---------- */

/**
 * Inserts the charge of a month; if the month already has one nothing happens and undefined comes
 * back — the unique key (recurring tip, period) decides, also between two job instances.
 */
export async function insertCharge(db: DbOrTx, values: typeof recurringTipCharges.$inferInsert) {
  const [row] = await db
    .insert(recurringTipCharges)
    .values(values)
    .onConflictDoNothing({ target: [recurringTipCharges.recurringTipId, recurringTipCharges.period] })
    .returning();
  return row;
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
 * month names its attempt's transaction row and is no longer held; a month whose answer is open
 * (`open`: the debit is on its way) and still waiting for that attempt becomes pending, as
 * onChargePayment does for one. Answers the tips of the months that are pending now.
 */
export async function recordChargeAnswers(
  db: DbOrTx,
  answers: { id: string; rowId: string; attempt: number; open: boolean }[],
): Promise<string[]> {
  if (answers.length === 0) return [];
  const rows = sql.join(
    answers.map((a) => sql`(${a.id}::uuid, ${a.rowId}::uuid, ${a.attempt}::int, ${a.open}::boolean)`),
    sql`, `,
  );
  const result = await db.execute(sql`update ${recurringTipCharges} c
    set opp_transaction_id = v.row_id, claimed_until = null, updated = now(),
        status = case when v.open and c.status = 'scheduled' and c.attempt = v.attempt then 'pending' else c.status end
    from (values ${rows}) as v(id, row_id, attempt, open)
    where c.id = v.id
    returning c.tip_id, v.open and c.status = 'pending' and c.attempt = v.attempt as pending`);
  return (result as unknown as { rows: { tip_id: string | null; pending: boolean }[] }).rows
    .filter((r) => r.pending && r.tip_id)
    .map((r) => r.tip_id!);
}

export async function findCharge(db: DbOrTx, id: string) {
  const [row] = await db.select().from(recurringTipCharges).where(eq(recurringTipCharges.id, id));
  return row;
}

export async function findChargeOfPeriod(db: DbOrTx, recurringTipId: string, period: string) {
  const [row] = await db
    .select()
    .from(recurringTipCharges)
    .where(and(eq(recurringTipCharges.recurringTipId, recurringTipId), eq(recurringTipCharges.period, period)));
  return row;
}

export async function lockCharge(db: DbOrTx, id: string) {
  const [row] = await db.select().from(recurringTipCharges).where(eq(recurringTipCharges.id, id)).for('update');
  return row;
}

export async function updateCharge(db: DbOrTx, id: string, values: Partial<typeof recurringTipCharges.$inferInsert>) {
  const [row] = await db.update(recurringTipCharges).set(values).where(eq(recurringTipCharges.id, id)).returning();
  return row!;
}

/** The latest month of a recurring tip. */
export async function findLatestCharge(db: DbOrTx, recurringTipId: string) {
  const [row] = await db
    .select()
    .from(recurringTipCharges)
    .where(eq(recurringTipCharges.recurringTipId, recurringTipId))
    .orderBy(desc(recurringTipCharges.period))
    .limit(1);
  return row;
}

/** Charges (newest month first) with their tip's status, for several recurring tips. */
export async function listCharges(db: DbOrTx, recurringTipIds: string[]) {
  if (recurringTipIds.length === 0) return [];
  return db
    .select({ charge: recurringTipCharges, tipStatus: tips.status })
    .from(recurringTipCharges)
    .leftJoin(tips, eq(tips.id, recurringTipCharges.tipId))
    .where(inArray(recurringTipCharges.recurringTipId, recurringTipIds))
    .orderBy(desc(recurringTipCharges.period));
}

/** Cancels the months still waiting for a try (a pause or cancel): they are not sent any more. */
export async function cancelScheduledCharges(db: DbOrTx, recurringTipId: string) {
  return db
    .update(recurringTipCharges)
    .set({ status: 'cancelled', claimedUntil: null })
    .where(
      and(
        eq(recurringTipCharges.recurringTipId, recurringTipId),
        eq(recurringTipCharges.status, 'scheduled'),
        eq(recurringTipCharges.via, 'debit'),
      ),
    )
    .returning();
}

/* ---------- the charge job's claims ---------- */

const chargeable = and(eq(recurringTips.status, 'active'), eq(recurringTips.mandateStatus, 'valid'));

/**
 * Locks the recurring tips whose next month is due, skipping rows another instance holds
 * (SELECT … FOR UPDATE SKIP LOCKED). Call inside a transaction.
 */
export async function lockDueRecurringTips(db: DbOrTx, now: Date, limit: number, exclude: string[] = []) {
  return db
    .select()
    .from(recurringTips)
    .where(
      and(
        chargeable,
        lte(recurringTips.nextChargeAt, now),
        exclude.length > 0 ? notInArray(recurringTips.id, exclude) : undefined,
      ),
    )
    .orderBy(asc(recurringTips.nextChargeAt))
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
 */
export async function claimChargeWork(db: DbOrTx, now: Date, leaseMs: number, limit: number): Promise<ClaimedCharge[]> {
  const candidates = db
    .select({
      id: recurringTipCharges.id,
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
        or(isNull(recurringTipCharges.claimedUntil), lt(recurringTipCharges.claimedUntil, sql`now()`)),
        inArray(
          recurringTipCharges.recurringTipId,
          db.select({ id: recurringTips.id }).from(recurringTips).where(chargeable),
        ),
      ),
    )
    .orderBy(asc(recurringTipCharges.nextAttemptAt))
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
    .returning({ ...getTableColumns(recurringTipCharges), claimedBefore: candidates.claimedBefore });
}

/** Refreshes the planner's statistics of the charge rows (after a claim wrote many of them). */
export async function analyzeCharges(db: DbOrTx) {
  await db.execute(sql`analyze ${recurringTipCharges}`);
}

/** Holds one month's current attempt for this process (conditional: free and still that attempt). */
export async function leaseCharge(db: DbOrTx, id: string, attempt: number, leaseMs: number) {
  const [row] = await db
    .update(recurringTipCharges)
    .set({ claimedUntil: sql`now() + ${`${Math.ceil(leaseMs / 1000)} seconds`}::interval` })
    .where(
      and(
        eq(recurringTipCharges.id, id),
        eq(recurringTipCharges.attempt, attempt),
        eq(recurringTipCharges.status, 'scheduled'),
        or(isNull(recurringTipCharges.claimedUntil), lt(recurringTipCharges.claimedUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/**
 * Mandate attempts left half-made (a crash between our commit and the provider's answer): scheduled,
 * not held by anybody, untouched since `olderThan`, and with no provider transaction for the attempt.
 */
export async function listHalfMadeMandateCharges(db: DbOrTx, olderThan: Date, limit: number) {
  return db
    .select()
    .from(recurringTipCharges)
    .where(
      and(
        eq(recurringTipCharges.via, 'mandate'),
        eq(recurringTipCharges.status, 'scheduled'),
        lt(recurringTipCharges.updated, olderThan),
        or(isNull(recurringTipCharges.claimedUntil), lt(recurringTipCharges.claimedUntil, sql`now()`)),
        sql`not exists (select 1 from opp_transactions o where o.kind = 'recurring_charge'
              and o.owner_id = ${recurringTipCharges.id} and o.attempt = ${recurringTipCharges.attempt})`,
      ),
    )
    .orderBy(asc(recurringTipCharges.updated))
    .limit(limit);
}

/** Gives a claimed charge back (the provider could not be reached): the next run tries it again. */
export async function releaseCharge(db: DbOrTx, id: string) {
  await db.update(recurringTipCharges).set({ claimedUntil: null }).where(eq(recurringTipCharges.id, id));
}

const periodOfNextCharge: SQL = sql`to_char(${recurringTips.nextChargeAt} at time zone 'UTC', 'YYYY-MM')`;

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

/* ---------- statistics ---------- */

/** Active recurring tips with a valid mandate and their monthly value (cents). */
export async function recurringTotals(db: DbOrTx, tipjarId?: string) {
  const [row] = await db
    .select({ active: count(), monthlySum: sql<string>`coalesce(sum(${recurringTips.amount}), 0)` })
    .from(recurringTips)
    .where(and(chargeable, tipjarId ? eq(recurringTips.tipjarId, tipjarId) : undefined));
  return { active: row?.active ?? 0, monthlySum: Number(row?.monthlySum ?? 0) };
}
