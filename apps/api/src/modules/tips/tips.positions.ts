import { getTableName, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { tipListPositions, tips } from '../../db/schema/index.js';

/** The week of `created` / `updated` a tip is counted in: whole seconds since the epoch over this. */
const WEEK_SECONDS = sql.raw('604800');
/** 'amount_week' buckets are amount × this + week of `updated` (migration 0023). */
const WEEKS_PER_AMOUNT = sql.raw('10000');

/**
 * From this many rows in (from the nearer end), a window's start is found from the kept bucket
 * counts rather than by walking the index: below it the walk is the cheaper one (~20 000 index
 * entries ≈ summing one jar's bucket counts, a few ms).
 */
export const POSITIONS_FROM = 20_000;

/** The leading column of a list order and how a bucket's edge is written against it (decision 050). */
interface Leading {
  dimension: 'created' | 'updated' | 'amount';
  /** The status sort's buckets are (status, week of updated): the status leads. */
  byStatus?: boolean;
  /** The amount's bucket is placed first, then the week of `updated` within it ('amount_week'). */
  weekWithin?: boolean;
  /** The condition that starts the walk at the edge of the bucket `at` names (its status, week). */
  edge(descending: boolean): SQL;
}

const bucket = sql`(select bucket from at)`;
const week = sql`(select week from at)`;
const weekStart = (n: SQL) => sql`to_timestamp(${n} * ${WEEK_SECONDS})`;
const weekEnd = (n: SQL) => sql`to_timestamp((${n} + 1) * ${WEEK_SECONDS})`;

const weekOf = (column: typeof tips.created | typeof tips.updated, dimension: 'created' | 'updated'): Leading => ({
  dimension,
  edge: (descending) => (descending ? sql`${column} < ${weekEnd(bucket)}` : sql`${column} >= ${weekStart(bucket)}`),
});

const LEADING: Record<'amount' | 'created' | 'updated' | 'status', Leading> = {
  created: weekOf(tips.created, 'created'),
  updated: weekOf(tips.updated, 'updated'),
  amount: {
    dimension: 'amount',
    weekWithin: true,
    edge: (descending) =>
      descending
        ? sql`(${tips.amount}, ${tips.updated}) < (${bucket}, ${weekEnd(week)})`
        : sql`(${tips.amount}, ${tips.updated}) >= (${bucket}, ${weekStart(week)})`,
  },
  status: {
    dimension: 'updated',
    byStatus: true,
    edge: (descending) =>
      descending
        ? sql`(${tips.status}, ${tips.updated}) < ((select status from at), ${weekEnd(bucket)})`
        : sql`(${tips.status}, ${tips.updated}) >= ((select status from at), ${weekStart(bucket)})`,
  },
};

/**
 * The statement giving the ids of one tip jar's window at `offset` in a list order, without walking
 * `offset` index entries: the kept counts per bucket (tip_list_positions) are summed in the order's
 * direction to find the bucket the window's first row is in and how many rows come before that
 * bucket (for the amount sort, then the week of `updated` within that amount the same way); the window
 * is then read from the bucket's edge, past only the rows of that bucket before it. One statement, so
 * the counts and the rows are of one snapshot. `where` is the list's filter — a tip jar (or none: the
 * admin's list across tip jars, placed by every jar's counts summed, decision 054) and at most a
 * status, which the counts know; `order` the list's ORDER BY.
 */
export function idsAtPosition(
  at: {
    /** Undefined: the list across tip jars (the admin's), placed by every jar's counts summed. */
    tipjarId: string | undefined;
    status: string | undefined;
    sortBy: keyof typeof LEADING;
    descending: boolean;
    where: SQL | undefined;
    order: SQL[];
  },
  window: { offset: number; limit: number },
): SQL {
  const leading = LEADING[at.sortBy];
  const direction = sql.raw(at.descending ? 'desc' : 'asc');
  const offset = sql`${window.offset}::bigint`;
  /** Bucket counts of a dimension of this jar (and status), summed over shards (and statuses). */
  const counts = (dimension: string, key: SQL, range?: SQL) =>
    sql`select ${key}, sum(${tipListPositions.count})::bigint as c from ${tipListPositions}
        where ${at.tipjarId ? sql`${tipListPositions.tipjarId} = ${at.tipjarId} and` : sql``} ${tipListPositions.dimension} = ${dimension}
              ${at.status ? sql`and ${tipListPositions.status} = ${at.status}` : sql``} ${range ?? sql``}
        group by ${key} having sum(${tipListPositions.count}) <> 0`;
  /** The row of `source` whose running count (after `before` rows) crosses the offset. */
  const crossing = (source: string, key: SQL, keyOrder: SQL, before: SQL = sql`0`) =>
    sql`select ${key}, before from (
          select ${key}, c, ${before} + (sum(c) over (order by ${keyOrder}) - c)::bigint as before from ${sql.raw(source)}
        ) w where before <= ${offset} and before + c > ${offset}`;

  const key = leading.byStatus ? sql`status, bucket` : sql`bucket`;
  const keyOrder = leading.byStatus ? sql`status ${direction}, bucket ${direction}` : sql`bucket ${direction}`;
  const located = leading.weekWithin
    ? sql`coarse as (${counts(leading.dimension, key)}),
          amount_at as (${crossing('coarse', key, keyOrder)}),
          fine as (${counts(
            'amount_week',
            key,
            sql`and ${tipListPositions.bucket} >= (select bucket from amount_at) * ${WEEKS_PER_AMOUNT}
                and ${tipListPositions.bucket} < ((select bucket from amount_at) + 1) * ${WEEKS_PER_AMOUNT}`,
          )}),
          at as (select (select bucket from amount_at) as bucket,
                        bucket - (select bucket from amount_at) * ${WEEKS_PER_AMOUNT} as week, before
                 from (${crossing('fine', key, keyOrder, sql`(select before from amount_at)`)}) f)`
    : sql`coarse as (${counts(leading.dimension, key)}),
          at as (${crossing('coarse', key, keyOrder)})`;
  return sql`with ${located}
      select ${tips.id} as id from ${tips}
      where ${at.where ?? sql`true`} and ${leading.edge(at.descending)}
      order by ${sql.join(at.order, sql`, `)}
      offset (${offset} - (select before from at)) limit ${window.limit}::bigint`;
}

/**
 * How many rows tip_list_positions holds, as PostgreSQL last estimated (pg_class.reltuples, kept by
 * vacuum and analyze): what summing every tip jar's counts would read. -1 before the first estimate.
 */
export async function keptBucketRows(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ rows: number | string }>(
    db,
    sql`select reltuples::float8 as rows from pg_class where oid = ${getTableName(tipListPositions)}::regclass`,
  );
  return Number(row?.rows ?? -1);
}

const WEEK_MS = 604_800_000;

/**
 * How many of one tip jar's tips (of a status) were created in [from, to), either end open: the whole
 * weeks inside the range from the kept 'created' counts, the partial weeks at its ends counted on the
 * index — one statement. Undefined when the range holds no whole week (the caller counts it directly).
 * Measured in decision 050 (docs/benchmarks-history.md).
 */
export async function countCreatedBetween(
  db: DbOrTx,
  range: { tipjarId: string; status?: string; from?: Date; to?: Date },
): Promise<number | undefined> {
  const firstWeek = range.from ? Math.ceil(range.from.getTime() / WEEK_MS) : undefined;
  const endWeek = range.to ? Math.floor(range.to.getTime() / WEEK_MS) : undefined;
  if (firstWeek !== undefined && endWeek !== undefined && firstWeek >= endWeek) return undefined;
  const status = (column: typeof tips.status | typeof tipListPositions.status) =>
    range.status ? sql`and ${column} = ${range.status}` : sql``;
  const counted = (from: SQL, to: SQL) =>
    sql`(select count(*) from ${tips} where ${tips.tipjarId} = ${range.tipjarId} ${status(tips.status)}
         and ${tips.created} >= ${from} and ${tips.created} < ${to})`;
  const weekStart = (week: number) => sql`to_timestamp(${week}::bigint * ${WEEK_SECONDS})`;
  const [row] = await rowsOf<{ count: string }>(
    db,
    sql`select (
          coalesce((select sum(${tipListPositions.count}) from ${tipListPositions}
                    where ${tipListPositions.tipjarId} = ${range.tipjarId} and ${tipListPositions.dimension} = 'created'
                          ${status(tipListPositions.status)}
                          ${firstWeek !== undefined ? sql`and ${tipListPositions.bucket} >= ${firstWeek}` : sql``}
                          ${endWeek !== undefined ? sql`and ${tipListPositions.bucket} < ${endWeek}` : sql``}), 0)
          ${range.from && firstWeek !== undefined ? sql`+ ${counted(sql`${range.from}`, weekStart(firstWeek))}` : sql``}
          ${range.to && endWeek !== undefined ? sql`+ ${counted(weekStart(endWeek), sql`${range.to}`)}` : sql``}
        )::bigint as count`,
  );
  return Number(row!.count);
}
