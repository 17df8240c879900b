import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { tipStatusCounts, tips } from '../../db/schema/index.js';
import {
  type CursorKeyType,
  cursorKeyOf,
  cursorOfRow,
  type ParsedListQuery,
  type Seek,
  seekCondition,
  seekOf,
  windowOf,
} from '../../lib/list-query.js';
import { countCreatedBetween, idsAtPosition, keptBucketRows, POSITIONS_FROM } from './tips.positions.js';
import { type TipFilter, type TipRow, type TipSortBy, whereOf } from './tips.repository.js';

/**
 * The order of a list, aligned with an index (db/schema/tips.ts): the sorted column, then updated
 * and id, all in the requested direction, so one index serves a column both ways; no sort = updated
 * desc (docs/product.md §9).
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
export const SORT_RANGE_UP_TO = 50_000;

/**
 * How many rows the range's sort reads when it runs before the count is known (page 1, a cursor):
 * beyond the threshold so that tips added to the range between the two statements' snapshots cannot
 * cut a range the count found small enough; a larger range's sort is dropped, and costs at most this.
 */
const SORT_RANGE_READS = SORT_RANGE_UP_TO + 10_000;

/** How deep a window must be to be placed by the kept counts, and how large a range is still sorted. */
export interface ListTuning {
  /** From how deep (from the nearer end) the kept counts place the window — POSITIONS_FROM; a test sets 0 or ∞. */
  positionsFrom?: number;
  /** SORT_RANGE_UP_TO; a test sets it low to see a larger range read in sort order. */
  sortRangeUpTo?: number;
  /** The kept counts' rows as estimated (keptBucketRows); a test sets 0 to place a list across tip jars. */
  bucketRows?: number;
}

/**
 * The list across tip jars (the admin's) is placed by every jar's bucket counts summed only when a walk
 * to the window would pass at least this many index entries per row of those counts: the sum reads the
 * whole of tip_list_positions (~80 ns a row here, about a walked index entry's cost). A platform of
 * many small tip jars, whose counts are nearly as many rows as its tips, walks (decision 054).
 */
const WALKED_PER_BUCKET_ROW = 2;

/**
 * A page of tips: the filter's count (cheap: kept counters or an index) and the page's rows. The
 * page's ids are chosen by one of three plans (`pageIds`) and its rows read in the same statement
 * (`readPage`). Page 1 and a page by cursor do not need the count to choose: the count runs beside
 * the page's statement, on a connection of its own. A date range's sort is the one plan that depends on
 * the count (small ranges only); there it runs beside the count with its reads capped, and is dropped
 * for the index's order when the count says the range is large. A window placed by `skip` deep in
 * the list needs the count first (which end is nearer).
 */
export async function listTips(
  db: DbOrTx,
  filter: TipFilter,
  query: ParsedListQuery<TipSortBy>,
  tuning: ListTuning = {},
): Promise<TipPage> {
  const { positionsFrom = POSITIONS_FROM, sortRangeUpTo = SORT_RANGE_UP_TO } = tuning;
  const { offset, limit } = windowOf(query);
  const seek = seekOf(query, KEY_TYPES[query.sortBy ?? 'updated']);
  const ranged = Boolean(filter.from || filter.to) && query.sortBy !== 'created';
  const plan = (total: number | undefined): PagePlan => ({
    filter,
    query,
    seek,
    byRange: ranged && (total === undefined || total <= sortRangeUpTo),
    total,
    positionsFrom,
    rangeReads: total === undefined ? Math.max(SORT_RANGE_READS, sortRangeUpTo + 1) : undefined,
  });
  if (seek || (offset === 0 && positionsFrom > 0)) {
    const [total, page] = await Promise.all([countTips(db, filter), readPage(db, query, pageIds(plan(undefined)))]);
    if (!ranged || total <= sortRangeUpTo) return { ...page, count: total };
    return { ...(await readPage(db, query, pageIds(plan(total)))), count: total };
  }
  // Across tip jars, a window this deep may be placed by the counts: how many rows they are, beside the count.
  const estimate =
    !filter.tipjarId && jarAndStatusOnly(filter) && offset >= positionsFrom && tuning.bucketRows === undefined;
  const [total, bucketRows] = await Promise.all([
    countTips(db, filter),
    estimate ? keptBucketRows(db) : tuning.bucketRows,
  ]);
  if (Math.min(offset + limit, total) <= offset) return { rows: [], count: total };
  return { ...(await readPage(db, query, pageIds({ ...plan(total), bucketRows }))), count: total };
}

/** What chooses a page's ids; `total` is undefined while the count runs beside it. */
interface PagePlan {
  filter: TipFilter;
  query: ParsedListQuery<TipSortBy>;
  seek: Seek | undefined;
  /** Sorted from the date range's own index rather than read in the sort index's order. */
  byRange: boolean;
  total: number | undefined;
  positionsFrom: number;
  /** A cap on the rows the range's sort reads (when the count is not yet known). */
  rangeReads: number | undefined;
  /** The kept counts' rows, when a list across tip jars may be placed by them. */
  bucketRows?: number | undefined;
}

/** A statement giving a page's ids in order, and whether that order is the list's turned round. */
interface PageIds {
  ids: SQL;
  reversed: boolean;
}

/**
 * The rows of the page whose ids `ids` gives, in the list's order, with their cursors: one
 * statement, the ids gathered into an array first, then each row read by its primary key.
 */
async function readPage(
  db: DbOrTx,
  query: ParsedListQuery<TipSortBy>,
  { ids, reversed }: PageIds,
): Promise<Omit<TipPage, 'count'>> {
  const sortBy = query.sortBy ?? 'updated';
  const keyTypes = KEY_TYPES[sortBy];
  // `offset 0`: the CTE is inlined and, without the fence, its array() is pulled up into both uses —
  // the page's plan would run twice.
  const page = db.$with('page', { ids: sql<string[]>`ids`.as('ids') }).as(sql`select array(${ids}) as ids offset 0`);
  const read = await db
    .with(page)
    .select({
      row: tips,
      keys: sql<string>`json_build_array(${sql.join(
        SORT_KEYS[sortBy].map((column, i) => cursorKeyOf(column, keyTypes[i]!)),
        sql`, `,
      )})::text`,
      at: sql<number>`array_position(${page.ids}, ${tips.id})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(tips, sql`${tips.id} = any(${page.ids})`);
  if (read.length === 0) return { rows: [] };
  read.sort(reversed ? (a, b) => b.at - a.at : (a, b) => a.at - b.at);
  const cursorOf = (keys: string) => cursorOfRow(query, JSON.parse(keys));
  return {
    rows: read.map((r) => r.row),
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

/** A filter of at most a tip jar and a status: what the kept counters and bucket counts know. */
const jarAndStatusOnly = (filter: TipFilter) => !filter.from && !filter.to && !filter.search && !filter.episodeId;

/**
 * Whether a window `depth` rows from the nearer end is placed by the kept counts: one tip jar's list,
 * or the list across tip jars when its counts are few against the walk.
 */
function placed(filter: TipFilter, depth: number, bucketRows: number | undefined): boolean {
  if (!jarAndStatusOnly(filter)) return false;
  if (filter.tipjarId) return true;
  return bucketRows !== undefined && bucketRows >= 0 && bucketRows * WALKED_PER_BUCKET_ROW <= depth;
}

/**
 * The statement choosing the page's ids, in the list's order. With a cursor (`after`/`before`,
 * decision 041): an index range from the cursor's row, however deep (read backwards for `before`,
 * then turned round). Without: deep in one tip jar's list (no date, search or episode filter) the
 * window's start comes from the kept bucket counts (`idsAtPosition`, decision 050), deep in the list
 * across tip jars from every jar's counts summed while they are few (`placed`, decision 054);
 * otherwise an index-only walk past `skip` entries, from the nearer end. A date range small enough
 * is sorted from its own index (`rangeOf`: the sort index would walk the whole jar to find it).
 * `reversed`: the ids come in the opposite of the list's order (read from the nearer end, or before a
 * cursor).
 */
function pageIds({ filter, query, seek, byRange, total, positionsFrom, rangeReads, bucketRows }: PagePlan): PageIds {
  const { offset, limit } = windowOf(query);
  const sortBy = query.sortBy ?? 'updated';
  const filtered = whereOf(filter);
  if (seek) {
    const reversed = seek.side === 'before';
    const where = and(filtered, seekCondition(seek, SORT_KEYS[sortBy], KEY_TYPES[sortBy], isDescending(query)));
    return { ids: ordered(where, query, reversed, { offset: 0, limit }, byRange, rangeReads), reversed };
  }
  // Without a count yet this is page 1; with one, a window past the end was answered before.
  const end = total === undefined ? offset + limit : Math.min(offset + limit, total);
  const fromEnd = total === undefined ? offset + limit : total - end;
  const depth = Math.min(offset, fromEnd);
  if (depth >= positionsFrom && placed(filter, depth, bucketRows)) {
    const ids = idsAtPosition(
      {
        tipjarId: filter.tipjarId,
        status: filter.status,
        sortBy,
        descending: isDescending(query),
        where: filtered,
        order: orderOfTips(query),
      },
      { offset, limit: end - offset },
    );
    return { ids, reversed: false };
  }
  const reversed = offset > fromEnd;
  const window = reversed ? { offset: fromEnd, limit: end - offset } : { offset, limit: end - offset };
  return { ids: ordered(filtered, query, reversed, window, byRange, rangeReads), reversed };
}

/** The ids of the window of the rows `where` selects, in the list's order (or reversed). */
function ordered(
  where: SQL | undefined,
  query: ParsedListQuery<TipSortBy>,
  reversed: boolean,
  window: { offset: number; limit: number },
  byRange: boolean,
  rangeReads: number | undefined,
): SQL {
  const order = sql.join(orderOfTips(query, reversed), sql`, `);
  const source = byRange ? rangeOf(where, query, rangeReads) : sql`${tips} where ${where ?? sql`true`}`;
  return sql`select ${tips.id} as id from ${source} order by ${order} offset ${window.offset} limit ${window.limit}`;
}

/**
 * The range's rows as a subquery named like the table (so the ORDER BY's column references stay
 * valid) behind an `offset 0` fence (or the cap on its reads), which hides the table's sort indexes
 * from the outer sort and keeps the planner on the range's covering index. Unlike the materialized
 * CTE it replaces (decision 041), the range's rows stream into the top-N sort without being written
 * to a tuplestore first. The subquery gives only the order's columns (decision 050; figures in
 * docs/benchmarks-history.md).
 */
function rangeOf(where: SQL | undefined, query: ParsedListQuery<TipSortBy>, reads: number | undefined): SQL {
  const columns = SORT_KEYS[query.sortBy ?? 'updated'];
  const fence = reads === undefined ? sql`offset 0` : sql`limit ${reads}`;
  return sql`(select ${sql.join(columns, sql`, `)} from ${tips} where ${where ?? sql`true`} ${fence}) as ${tips}`;
}

/**
 * How many tips match. Without a date or search filter it is the sum of the kept counters
 * (tip_status_counts, decision 018); a tip jar's date range counts its whole weeks from the kept
 * bucket counts (decision 050); otherwise a count over the filter's index.
 */
async function countTips(db: DbOrTx, filter: TipFilter): Promise<number> {
  if (jarAndStatusOnly(filter)) {
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
