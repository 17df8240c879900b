import type { RECURRING_TIP_SORTABLE, RecurringTipStatus } from '@podpot/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recurringTipCharges, recurringTips, recurringTipTotals, tipjars, tips, users } from '../../db/schema/index.js';
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
  /** Only the given statuses (e.g. the open ones: active or paused). */
  statuses?: readonly RecurringTipStatus[];
}

/** Newest first (docs/product.md §9), or by a listed column. */
export async function listRecurringTips(
  db: DbOrTx,
  filter: RecurringTipFilter,
  query: ParsedListQuery<RecurringTipSortBy>,
) {
  const where = and(
    filter.userId ? eq(recurringTips.userId, filter.userId) : undefined,
    filter.tipjarId ? eq(recurringTips.tipjarId, filter.tipjarId) : undefined,
    filter.statuses ? inArray(recurringTips.status, [...filter.statuses]) : undefined,
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

/* ---------- a maker's export ---------- */

/** What a monthly tip's line in a maker's export is made of (decision 084): no tipper e-mail. */
const EXPORT_FIELDS = {
  id: recurringTips.id,
  created: recurringTips.created,
  createdCursor: sql<string>`${recurringTips.created}::text`,
  status: recurringTips.status,
  amount: recurringTips.amount,
  nextAmount: recurringTips.nextAmount,
  interval: recurringTips.interval,
  mandateStatus: recurringTips.mandateStatus,
  paymentMethod: recurringTips.paymentMethod,
  nextChargeAt: recurringTips.nextChargeAt,
  cancelledAt: recurringTips.cancelledAt,
  privacy: recurringTips.privacy,
  displayName: recurringTips.displayName,
  message: recurringTips.message,
};
const exportQuery = (db: DbOrTx) => db.select(EXPORT_FIELDS).from(recurringTips);
export type ExportRow = Awaited<ReturnType<typeof exportQuery>>[number];

/**
 * A tip jar's monthly tips in (created, id) order, `batchSize` at a time, by keyset paging (as the
 * tips export: every batch an index range however deep). A last, empty batch when the one before was full.
 */
export async function* exportBatches(db: DbOrTx, tipjarId: string, batchSize: number): AsyncGenerator<ExportRow[]> {
  let cursor: { created: string; id: string } | undefined;
  for (;;) {
    const rows = await exportQuery(db)
      .where(
        and(
          eq(recurringTips.tipjarId, tipjarId),
          cursor
            ? sql`(${recurringTips.created}, ${recurringTips.id}) > (${cursor.created}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(recurringTips.created), asc(recurringTips.id))
      .limit(batchSize);
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { created: last.createdCursor, id: last.id };
  }
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

/**
 * Locks a month and its monthly tip in the one lock order of monthly tips: the recurring tip row
 * first, then its months (issue 34.9: a mandate retry locked month → tip while its send locked
 * tip → month, and two at once deadlocked). The month's recurring tip never changes, so it is read
 * without a lock first.
 */
export async function lockMonth(db: DbOrTx, chargeId: string) {
  const found = await findCharge(db, chargeId);
  if (!found) return undefined;
  const recurringTip = await lockRecurringTip(db, found.recurringTipId);
  const charge = await lockCharge(db, chargeId);
  return recurringTip && charge ? { recurringTip, charge } : undefined;
}

/** Locks one month (after its recurring tip: see lockMonth). */
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

/**
 * Ends the months of a monthly tip still waiting for a debit (a dunning retry, a month not sent yet)
 * once its mandate is invalid: the charge run sends nothing against it, so they would wait for ever.
 * They fail with `reason`, and the tipper's mandate retry pays the latest of them. A month held by a
 * send in flight is left to that send's answer.
 */
export async function endWaitingDebits(db: DbOrTx, recurringTipId: string, reason: string) {
  return db
    .update(recurringTipCharges)
    .set({ status: 'failed', failureReason: reason, claimedUntil: null })
    .where(
      and(
        eq(recurringTipCharges.recurringTipId, recurringTipId),
        eq(recurringTipCharges.status, 'scheduled'),
        eq(recurringTipCharges.via, 'debit'),
        chargeNotHeld,
      ),
    )
    .returning();
}

/* ---------- the charge job's leases (its claims: charge/repository.ts) ---------- */

/** A charge no run holds: never leased, or its lease has run out. */
export const chargeNotHeld = or(
  isNull(recurringTipCharges.claimedUntil),
  lt(recurringTipCharges.claimedUntil, sql`now()`),
);

/** A monthly tip that is charged: active, with a valid mandate. */
export const chargeable = and(eq(recurringTips.status, 'active'), eq(recurringTips.mandateStatus, 'valid'));

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
        chargeNotHeld,
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
        chargeNotHeld,
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

/* ---------- statistics ---------- */

/**
 * Active recurring tips with a valid mandate and their monthly value (cents): the kept totals
 * (recurring_tip_totals, decision 052), not a count over the monthly tips.
 */
export async function recurringTotals(db: DbOrTx, tipjarId?: string) {
  const [row] = await db
    .select({
      active: sql<string>`coalesce(sum(${recurringTipTotals.active}), 0)`,
      monthlySum: sql<string>`coalesce(sum(${recurringTipTotals.monthlySum}), 0)`,
    })
    .from(recurringTipTotals)
    .where(tipjarId ? eq(recurringTipTotals.tipjarId, tipjarId) : undefined);
  return { active: Number(row?.active ?? 0), monthlySum: Number(row?.monthlySum ?? 0) };
}

/**
 * A tip jar's chargeable recurring tips (active, mandate valid: as recurringTotals counts them) per
 * amount they pay from now on and interval: what its statistics place in levels (issue 40).
 */
export async function activeByAmount(db: DbOrTx, tipjarId: string) {
  const amount = sql<number>`coalesce(${recurringTips.nextAmount}, ${recurringTips.amount})`;
  const rows = await db
    .select({ amount, interval: recurringTips.interval, count: count() })
    .from(recurringTips)
    .where(
      and(
        eq(recurringTips.tipjarId, tipjarId),
        eq(recurringTips.status, 'active'),
        eq(recurringTips.mandateStatus, 'valid'),
      ),
    )
    .groupBy(amount, recurringTips.interval);
  return rows.map((r) => ({ amount: Number(r.amount), interval: r.interval, count: r.count }));
}
