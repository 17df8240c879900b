import { REVERSED_TIP_STATUSES, type TipStatus } from '@podpot/domain';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { tipjarAdmins, tipjars, tipStatusCounts, tips, users } from '../../db/schema/index.js';
import { likePattern, type ParsedListQuery, windowOf } from '../../lib/list-query.js';

/** The only code touching the tips table. */
export type TipRow = typeof tips.$inferSelect;
export const TIP_SORTABLE = ['amount', 'created', 'updated', 'status'] as const;
export type TipSortBy = (typeof TIP_SORTABLE)[number];

export interface TipFilter {
  tipjarId?: string;
  status?: TipStatus;
  /** created >= from */
  from?: Date;
  /** created < to */
  to?: Date;
  /** Display name or message contains. */
  search?: string;
}

function whereOf(filter: TipFilter): SQL | undefined {
  return and(
    filter.tipjarId ? eq(tips.tipjarId, filter.tipjarId) : undefined,
    filter.status ? eq(tips.status, filter.status) : undefined,
    filter.from ? gte(tips.created, filter.from) : undefined,
    filter.to ? lt(tips.created, filter.to) : undefined,
    filter.search
      ? or(ilike(tips.displayName, likePattern(filter.search)), ilike(tips.message, likePattern(filter.search)))
      : undefined,
  );
}

/**
 * Inserts a tip; with an idempotency key that this tip jar already used nothing is inserted and
 * undefined comes back (the unique index decides, also between two concurrent requests).
 */
export async function insertTip(db: DbOrTx, values: typeof tips.$inferInsert): Promise<TipRow | undefined> {
  const [row] = await db
    .insert(tips)
    .values(values)
    .onConflictDoNothing({ target: [tips.tipjarId, tips.idempotencyKey] })
    .returning();
  return row;
}

export async function findTip(db: DbOrTx, id: string, tipjarId?: string) {
  const [row] = await db
    .select()
    .from(tips)
    .where(and(eq(tips.id, id), tipjarId ? eq(tips.tipjarId, tipjarId) : undefined));
  return row;
}

export async function findTipByIdempotencyKey(db: DbOrTx, tipjarId: string, key: string) {
  const [row] = await db
    .select()
    .from(tips)
    .where(and(eq(tips.tipjarId, tipjarId), eq(tips.idempotencyKey, key)));
  return row;
}

/**
 * The order of a list, aligned with an index (db/schema/tips.ts): the sorted column, then updated
 * and id, all in the requested direction, so one index serves a column both ways; no sort = updated
 * desc (spec §9).
 */
const SORT_KEYS: Record<TipSortBy, PgColumn[]> = {
  amount: [tips.amount, tips.updated, tips.id],
  created: [tips.created, tips.id],
  updated: [tips.updated, tips.id],
  status: [tips.status, tips.updated, tips.id],
};

function orderOfTips(query: ParsedListQuery<TipSortBy>): SQL[] {
  const descending = query.sortBy ? Boolean(query.sortDesc) : true;
  return SORT_KEYS[query.sortBy ?? 'updated'].map((column) => (descending ? desc(column) : asc(column)));
}

/**
 * A page of tips. The page's ids are found first (an index-only scan, however deep the page), then
 * only those rows are read: a deferred join, so OFFSET skips index entries, not rows.
 */
export async function listTips(db: DbOrTx, filter: TipFilter, query: ParsedListQuery<TipSortBy>) {
  const where = whereOf(filter);
  const { offset, limit } = windowOf(query);
  const order = orderOfTips(query);
  const page = db
    .select({ id: tips.id })
    .from(tips)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select(getTableColumns(tips))
      .from(tips)
      .innerJoin(page, eq(page.id, tips.id))
      .orderBy(...order),
    countTips(db, filter),
  ]);
  return { rows, count: total };
}

/**
 * How many tips match. Without a date or search filter it is the sum of the kept counters
 * (tip_status_counts, decision 018); otherwise a count over the filter's index.
 */
async function countTips(db: DbOrTx, filter: TipFilter): Promise<number> {
  if (!filter.from && !filter.to && !filter.search) {
    const [row] = await db
      .select({ count: sql<string>`coalesce(sum(${tipStatusCounts.count}), 0)::bigint` })
      .from(tipStatusCounts)
      .where(
        and(
          filter.tipjarId ? eq(tipStatusCounts.tipjarId, filter.tipjarId) : undefined,
          filter.status ? eq(tipStatusCounts.status, filter.status) : undefined,
        ),
      );
    return Number(row?.count ?? 0);
  }
  const [row] = await db.select({ count: count() }).from(tips).where(whereOf(filter));
  return row?.count ?? 0;
}

/**
 * Moves a tip to `to` if it is in one of `from` (the forward-only rule, decided by the row's
 * current status in the same statement). Returns the updated row, or undefined for a no-op.
 */
export async function moveTipStatus(db: DbOrTx, id: string, to: TipStatus, from: TipStatus[]) {
  if (from.length === 0) return undefined;
  // A reversed tip was paid: it keeps (or, if its completion was never seen, gets) the day it was paid.
  const paidAt =
    to === 'completed'
      ? { completedAt: sql`now()` }
      : REVERSED_TIP_STATUSES.includes(to)
        ? { completedAt: sql`coalesce(${tips.completedAt}, now())` }
        : {};
  const [row] = await db
    .update(tips)
    .set({ status: to, ...paidAt })
    .where(and(eq(tips.id, id), inArray(tips.status, from)))
    .returning();
  return row;
}

/** Locks a tip for the rest of the transaction (refunds: what is left is decided under this lock). */
export async function lockTip(db: DbOrTx, id: string) {
  const [row] = await db.select().from(tips).where(eq(tips.id, id)).for('update');
  return row;
}

/** Adds (or, for a refused refund, takes back) returned cents and the fee given back with them. */
export async function addRefunded(db: DbOrTx, id: string, amount: number, fee: number) {
  const [row] = await db
    .update(tips)
    .set({
      refundedAmount: sql`${tips.refundedAmount} + ${amount}`,
      refundedFee: sql`${tips.refundedFee} + ${fee}`,
    })
    .where(eq(tips.id, id))
    .returning();
  return row;
}

/* ---------- export ---------- */

/** Where the previous batch ended. `created` as PostgreSQL text: microseconds, which a JS Date would lose. */
export interface ExportCursor {
  created: string;
  id: string;
}

/**
 * One batch of the export in (created, id) order after `cursor`: keyset paging, so every batch is an
 * index range scan however deep into a million rows it is (OFFSET would re-read all earlier rows).
 */
export async function exportBatch(db: DbOrTx, filter: TipFilter, cursor: ExportCursor | null, limit: number) {
  // A row comparison, which PostgreSQL answers with one range scan of the (created, id) index.
  const after = cursor
    ? sql`(${tips.created}, ${tips.id}) > (${cursor.created}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select({
      id: tips.id,
      created: tips.created,
      createdCursor: sql<string>`${tips.created}::text`,
      updated: tips.updated,
      tipjarId: tips.tipjarId,
      tipjarSlug: tipjars.slug,
      tipjarName: tipjars.name,
      status: tips.status,
      amount: tips.amount,
      fee: tips.fee,
      paymentMethod: tips.paymentMethod,
      privacy: tips.privacy,
      displayName: tips.displayName,
      email: tips.email,
      message: tips.message,
      locale: tips.locale,
    })
    .from(tips)
    .innerJoin(tipjars, eq(tipjars.id, tips.tipjarId))
    .where(and(whereOf(filter), after))
    .orderBy(asc(tips.created), asc(tips.id))
    .limit(limit);
}

/* ---------- reads of shared tables ---------- */

/** Who gets the "new tip" mail: the tip jar's admins, each in their own language. */
export async function listAdminRecipients(db: DbOrTx, tipjarId: string) {
  return db
    .select({ userId: users.id, email: users.email, locale: users.locale })
    .from(tipjarAdmins)
    .innerJoin(users, eq(users.id, tipjarAdmins.userId))
    .where(eq(tipjarAdmins.tipjarId, tipjarId));
}
