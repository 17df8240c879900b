import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tips } from '../../db/schema/index.js';

/**
 * Statistics of tips: aggregates in SQL (GROUP BY), never row by row in JS. Only completed tips
 * count; every query is served by the partial indexes on completed tips (db/schema/tips.ts), so
 * they read only the index, never the table.
 */

/** Days and months are Dutch calendar days and months. */
export const STATISTICS_TIME_ZONE = 'Europe/Amsterdam';
const TZ = STATISTICS_TIME_ZONE;

const completed = (tipjarId?: string) =>
  and(eq(tips.status, 'completed'), tipjarId ? eq(tips.tipjarId, tipjarId) : undefined);
/** A local calendar date (YYYY-MM-DD) as the instant it starts. */
const startOfLocalDate = (date: string) => sql`((${date})::date)::timestamp at time zone ${TZ}`;

export async function tipTotals(db: DbOrTx, tipjarId?: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<string>`coalesce(sum(${tips.amount}), 0)::bigint`,
      fees: sql<string>`coalesce(sum(${tips.fee}), 0)::bigint`,
    })
    .from(tips)
    .where(completed(tipjarId));
  return { count: Number(row?.count ?? 0), sum: Number(row?.sum ?? 0), fees: Number(row?.fees ?? 0) };
}

/** Completed tips per local day since `fromDate` (YYYY-MM-DD); days without tips are absent. */
export async function tipsPerDay(db: DbOrTx, fromDate: string, tipjarId?: string) {
  const day = sql<string>`to_char(${tips.completedAt} at time zone ${TZ}, 'YYYY-MM-DD')`;
  return grouped(db, day, fromDate, tipjarId);
}

/** Completed tips per local month (YYYY-MM) since `fromDate` (the first day of a month). */
export async function tipsPerMonth(db: DbOrTx, fromDate: string, tipjarId?: string) {
  const month = sql<string>`to_char(${tips.completedAt} at time zone ${TZ}, 'YYYY-MM')`;
  return grouped(db, month, fromDate, tipjarId);
}

async function grouped(db: DbOrTx, key: SQL<string>, fromDate: string, tipjarId?: string) {
  const rows = await db
    .select({ key, count: sql<number>`count(*)::int`, sum: sql<string>`sum(${tips.amount})::bigint` })
    .from(tips)
    .where(and(completed(tipjarId), gte(tips.completedAt, startOfLocalDate(fromDate))))
    .groupBy(sql`1`);
  return rows.map((r) => ({ key: r.key, count: Number(r.count), sum: Number(r.sum) }));
}

export async function tipsByMethod(db: DbOrTx, tipjarId?: string) {
  const method = sql<string>`coalesce(${tips.paymentMethod}, 'unknown')`;
  const rows = await db
    .select({ method, count: sql<number>`count(*)::int`, sum: sql<string>`sum(${tips.amount})::bigint` })
    .from(tips)
    .where(completed(tipjarId))
    .groupBy(sql`1`)
    .orderBy(sql`3 desc`, sql`1`);
  return rows.map((r) => ({ method: r.method, count: Number(r.count), sum: Number(r.sum) }));
}
