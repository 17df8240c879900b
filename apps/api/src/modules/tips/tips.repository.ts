import { REVERSED_TIP_STATUSES, type TipStatus } from '@podpot/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from '../../db/client.js';
import { episodes, tipjars, tipStatusCounts, tips } from '../../db/schema/index.js';
import {
  type CursorKeyType,
  cursorKeyOf,
  cursorOfRow,
  likePattern,
  type ParsedListQuery,
  type Seek,
  seekCondition,
  seekOf,
  windowOf,
} from '../../lib/list-query.js';
import { type CopySink, copyBinary } from '../../lib/pg-copy.js';
import { countCreatedBetween, idsAtPosition, POSITIONS_FROM } from './tips.positions.js';

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
  /** Tips for this episode (decision 034). */
  episodeId?: string;
}

function whereOf(filter: TipFilter): SQL | undefined {
  return and(
    filter.tipjarId ? eq(tips.tipjarId, filter.tipjarId) : undefined,
    filter.status ? eq(tips.status, filter.status) : undefined,
    filter.episodeId ? eq(tips.episodeId, filter.episodeId) : undefined,
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

/**
 * insertTip as a statement not yet run, answering the id it wrote (nothing on an idempotency
 * conflict): for writing the tip and its provider transaction in one statement (decision 024).
 */
export function insertTipStatement(db: DbOrTx, values: PgInsertValue<typeof tips>) {
  return db
    .insert(tips)
    .values(values)
    .onConflictDoNothing({ target: [tips.tipjarId, tips.idempotencyKey] })
    .returning({ id: tips.id });
}

/** Inserts several tips in one statement (the charge run's month tips; no idempotency keys). */
export async function insertTips(db: DbOrTx, values: (typeof tips.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(tips).values(values);
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
/** How each sort key travels in a cursor (decision 041). */
const KEY_TYPES: Record<TipSortBy, CursorKeyType[]> = {
  amount: ['integer', 'timestamptz', 'uuid'],
  created: ['timestamptz', 'uuid'],
  updated: ['timestamptz', 'uuid'],
  status: ['text', 'timestamptz', 'uuid'],
};

const isDescending = (query: ParsedListQuery<TipSortBy>) => (query.sortBy ? Boolean(query.sortDesc) : true);

function orderOfTips(query: ParsedListQuery<TipSortBy>, reversed = false): SQL[] {
  const descending = isDescending(query) !== reversed;
  return SORT_KEYS[query.sortBy ?? 'updated'].map((column) => (descending ? desc(column) : asc(column)));
}

/** A page of a list: its rows in order, the filter's count, and the cursors of its first and last row. */
export interface TipPage {
  rows: TipRow[];
  count: number;
  nextCursor?: string;
  prevCursor?: string;
}

/** At most this many tips in a date range are sorted from the range rather than read in sort order. */
const SORT_RANGE_UP_TO = 50_000;

/**
 * A page of tips. The count comes first (cheap: kept counters or an index), then the page's ids, then
 * only those rows: a deferred join. With a cursor (`after`/`before`, decision 041) the ids are an
 * index range from the cursor's row, however deep; without, deep in a tip jar the kept bucket counts
 * place the window (decision 050), else an index-only scan past `skip` entries (past the middle from
 * the other end, reversed). A date range small enough is sorted from its own index (the sort index
 * would walk the whole jar to find it). `positionsFrom`: how deep a window must start (from the nearer
 * end) to be placed by the kept counts — POSITIONS_FROM; a test sets 0 to place every window so.
 */
export async function listTips(
  db: DbOrTx,
  filter: TipFilter,
  query: ParsedListQuery<TipSortBy>,
  positionsFrom = POSITIONS_FROM,
): Promise<TipPage> {
  const sortBy = query.sortBy ?? 'updated';
  const seek = seekOf(query, KEY_TYPES[sortBy]);
  const total = await countTips(db, filter);
  const byRange = Boolean(filter.from || filter.to) && query.sortBy !== 'created' && total <= SORT_RANGE_UP_TO;
  const pageIds = seek
    ? await idsAfterCursor(db, filter, query, seek, byRange)
    : await idsOfWindow(db, filter, query, { total, byRange, positionsFrom });
  if (pageIds.length === 0) return { rows: [], count: total };
  const keyTypes = KEY_TYPES[sortBy];
  const read = await db
    .select({
      row: tips,
      keys: sql<string>`json_build_array(${sql.join(
        SORT_KEYS[sortBy].map((column, i) => cursorKeyOf(column, keyTypes[i]!)),
        sql`, `,
      )})::text`,
    })
    .from(tips)
    .where(inArray(tips.id, pageIds));
  const position = new Map(pageIds.map((id, i) => [id, i]));
  read.sort((a, b) => position.get(a.row.id)! - position.get(b.row.id)!);
  const cursorOf = (keys: string) => cursorOfRow(query, JSON.parse(keys));
  return {
    rows: read.map((r) => r.row),
    count: total,
    prevCursor: cursorOf(read[0]!.keys),
    nextCursor: cursorOf(read[read.length - 1]!.keys),
  };
}

/**
 * The kept bucket counts (decision 050) know tip jar, status and week: they cannot count a search, an
 * episode, or a list across tip jars.
 */
const bucketsCount = (filter: TipFilter): filter is TipFilter & { tipjarId: string } =>
  Boolean(filter.tipjarId) && !filter.search && !filter.episodeId;

/**
 * The ids of the skip/limit window, in the list's order. Deep in one tip jar's list (no date, search
 * or episode filter) the window's start comes from the kept counts (`idsAtPosition`); otherwise an
 * index-only walk past `skip` entries, from the nearer end.
 */
async function idsOfWindow(
  db: DbOrTx,
  filter: TipFilter,
  query: ParsedListQuery<TipSortBy>,
  { total, byRange, positionsFrom }: { total: number; byRange: boolean; positionsFrom: number },
): Promise<string[]> {
  const { offset, limit } = windowOf(query);
  const end = Math.min(offset + limit, total);
  if (end <= offset) return [];
  const reversed = offset > total - end;
  const where = whereOf(filter);
  if (bucketsCount(filter) && !filter.from && !filter.to && Math.min(offset, total - end) >= positionsFrom) {
    return idsAtPosition(
      db,
      {
        tipjarId: filter.tipjarId,
        status: filter.status,
        sortBy: query.sortBy ?? 'updated',
        descending: isDescending(query),
        where,
        order: orderOfTips(query),
      },
      { offset, limit: end - offset },
    );
  }
  const order = orderOfTips(query, reversed);
  const window = reversed ? { offset: total - end, limit: end - offset } : { offset, limit: end - offset };
  const pageIds = byRange
    ? await idsFromRange(db, where, query, order, window)
    : (
        await db
          .select({ id: tips.id })
          .from(tips)
          .where(where)
          .orderBy(...order)
          .offset(window.offset)
          .limit(window.limit)
      ).map((r) => r.id);
  if (reversed) pageIds.reverse();
  return pageIds;
}

/**
 * The ids of the window right after (or before) the cursor's row, in the list's order: the rows past
 * `(keys) > (cursor)` in the sort index's order (read backwards for `before`, then turned round).
 */
async function idsAfterCursor(
  db: DbOrTx,
  filter: TipFilter,
  query: ParsedListQuery<TipSortBy>,
  seek: Seek,
  byRange: boolean,
): Promise<string[]> {
  const { limit } = windowOf(query);
  if (limit === 0) return [];
  const sortBy = query.sortBy ?? 'updated';
  const reversed = seek.side === 'before';
  const where = and(whereOf(filter), seekCondition(seek, SORT_KEYS[sortBy], KEY_TYPES[sortBy], isDescending(query)));
  const order = orderOfTips(query, reversed);
  const pageIds = byRange
    ? await idsFromRange(db, where, query, order, { offset: 0, limit })
    : (
        await db
          .select({ id: tips.id })
          .from(tips)
          .where(where)
          .orderBy(...order)
          .limit(limit)
      ).map((r) => r.id);
  if (reversed) pageIds.reverse();
  return pageIds;
}

/**
 * The page's ids sorted from the filter's rows: a subquery named like the table (so the ORDER BY's
 * column references stay valid) behind an `offset 0` fence, which hides the table's sort indexes
 * from the outer sort and keeps the planner on the range's covering index. Unlike the materialized
 * CTE it replaces (decision 041), the range's rows stream into the top-N sort without being written
 * to a tuplestore first: a one-month page of 41 000 tips 20 → 12 ms in the database. The subquery
 * gives only the order's columns: 17 → 14 ms for that month (decision 050).
 */
async function idsFromRange(
  db: DbOrTx,
  where: SQL | undefined,
  query: ParsedListQuery<TipSortBy>,
  order: SQL[],
  window: { offset: number; limit: number },
) {
  const columns = SORT_KEYS[query.sortBy ?? 'updated'];
  const result = await db.execute(
    sql`select ${tips.id} as id
        from (select ${sql.join(columns, sql`, `)} from ${tips} where ${where ?? sql`true`} offset 0) as ${tips}
        order by ${sql.join(order, sql`, `)} offset ${window.offset} limit ${window.limit}`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/**
 * How many tips match. Without a date or search filter it is the sum of the kept counters
 * (tip_status_counts, decision 018); a tip jar's date range counts its whole weeks from the kept
 * bucket counts (decision 050); otherwise a count over the filter's index.
 */
async function countTips(db: DbOrTx, filter: TipFilter): Promise<number> {
  if (!filter.from && !filter.to && !filter.search && !filter.episodeId) {
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
  const counted = bucketsCount(filter) ? await countCreatedBetween(db, filter) : undefined;
  if (counted !== undefined) return counted;
  const [row] = await db.select({ count: count() }).from(tips).where(whereOf(filter));
  return row?.count ?? 0;
}

/**
 * Moves a tip to `to` if it is in one of `from` (the forward-only rule, decided by the row's
 * current status in the same statement). Returns the updated row, or undefined for a no-op.
 */
export async function moveTipStatus(db: DbOrTx, id: string, to: TipStatus, from: TipStatus[]) {
  if (from.length === 0) return undefined;
  const [row] = await db
    .update(tips)
    .set({ status: to, ...paidAtOf(to) })
    .where(and(eq(tips.id, id), inArray(tips.status, from)))
    .returning();
  return row;
}

/** moveTipStatus for several tips in one statement (the charge run's months). */
export async function moveTipsStatus(db: DbOrTx, ids: string[], to: TipStatus, from: TipStatus[]) {
  if (ids.length === 0 || from.length === 0) return;
  await db
    .update(tips)
    .set({ status: to, ...paidAtOf(to) })
    .where(and(inArray(tips.id, ids), inArray(tips.status, from)));
}

/** A reversed tip was paid: it keeps (or, if its completion was never seen, gets) the day it was paid. */
export function paidAtOf(to: TipStatus) {
  return to === 'completed'
    ? { completedAt: sql`now()` }
    : REVERSED_TIP_STATUSES.includes(to)
      ? { completedAt: sql`coalesce(${tips.completedAt}, now())` }
      : {};
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

/** The export's fields: what a row of the export has (csv columns are made of these). */
const EXPORT_FIELDS = {
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
  episodeTitle: episodes.title,
  episodeNumber: episodes.number,
};

/** The matching tips, joined to their tip jar, in (created, id) order: the export's order. */
const exportJoin = eq(tipjars.id, tips.tipjarId);
const episodeJoin = eq(episodes.id, tips.episodeId);
const exportOrder = [asc(tips.created), asc(tips.id)];
const exportQuery = (db: DbOrTx, filter: TipFilter, after?: SQL) =>
  db
    .select(EXPORT_FIELDS)
    .from(tips)
    .innerJoin(tipjars, exportJoin)
    .leftJoin(episodes, episodeJoin)
    .where(and(whereOf(filter), after))
    .orderBy(...exportOrder);

export type ExportRow = Awaited<ReturnType<typeof exportQuery>>[number];

/** What the CSV is written from: an export row without its paging cursor, its times as ISO text. */
export type ExportLine = Omit<ExportRow, 'createdCursor' | 'created' | 'updated'> & {
  created: string;
  updated: string;
};

/**
 * On PostgreSQL, the export's rows straight from one COPY in the binary format (lib/pg-copy.ts: one
 * statement, so one snapshot; pulled, so a slow reader slows the database), each row handed to `sink`
 * in the order EXPORT_FIELDS selects its fields (without the cursor), what it made of a chunk's rows
 * yielded. Undefined on PGlite, which has no COPY TO STDOUT to stream from: there exportBatches.
 */
export function copyExport<T>(db: DbOrTx, filter: TipFilter, sink: CopySink<T>): AsyncGenerator<T> | undefined {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return undefined;
  const { createdCursor: _, ...fields } = EXPORT_FIELDS;
  const query = db
    .select(fields)
    .from(tips)
    .innerJoin(tipjars, exportJoin)
    .leftJoin(episodes, episodeJoin)
    .where(whereOf(filter))
    .orderBy(...exportOrder);
  return copyBinary(client, query.toSQL(), sink);
}

/**
 * The export's rows in (created, id) order, `batchSize` at a time, by keyset paging on (created, id):
 * every batch an index range scan however deep (OFFSET would re-read), and no transaction held open
 * on PGlite's one connection. A last, empty batch when the one before was full.
 */
export async function* exportBatches(db: DbOrTx, filter: TipFilter, batchSize: number): AsyncGenerator<ExportRow[]> {
  // `created` as PostgreSQL text: microseconds, which a JS Date would lose.
  let cursor: { created: string; id: string } | undefined;
  for (;;) {
    const after = cursor
      ? sql`(${tips.created}, ${tips.id}) > (${cursor.created}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows = await exportQuery(db, filter, after).limit(batchSize);
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { created: last.createdCursor, id: last.id };
  }
}
