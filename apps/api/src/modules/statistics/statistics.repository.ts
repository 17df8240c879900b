import { and, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tips } from '../../db/schema/index.js';

/**
 * Statistics of tips: aggregates in SQL (GROUP BY), never row by row in JS. Paid tips count (also
 * when later refunded or charged back: what went back is summed beside what came in); every query is
 * served by the partial indexes on paid tips (db/schema/tips.ts), so they read only the index.
 */

/** Days and months are Dutch calendar days and months. */
export const STATISTICS_TIME_ZONE = 'Europe/Amsterdam';
const TZ = STATISTICS_TIME_ZONE;

/** Paid tips: completed_at is set once when the money arrived and kept when it is reversed later. */
const completed = (tipjarId?: string) =>
  and(isNotNull(tips.completedAt), tipjarId ? eq(tips.tipjarId, tipjarId) : undefined);
const refundedSum = sql<string>`coalesce(sum(${tips.refundedAmount}), 0)::bigint`;
/** A local calendar date (YYYY-MM-DD) as the instant it starts. */
const startOfLocalDate = (date: string) => sql`((${date})::date)::timestamp at time zone ${TZ}`;

export async function tipTotals(db: DbOrTx, tipjarId?: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<string>`coalesce(sum(${tips.amount}), 0)::bigint`,
      refunded: refundedSum,
      // The fee kept: the fee on what is left of each tip.
      fees: sql<string>`coalesce(sum(${tips.fee} - ${tips.refundedFee}), 0)::bigint`,
    })
    .from(tips)
    .where(completed(tipjarId));
  return {
    count: Number(row?.count ?? 0),
    sum: Number(row?.sum ?? 0),
    refunded: Number(row?.refunded ?? 0),
    fees: Number(row?.fees ?? 0),
  };
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
    .select({
      key,
      count: sql<number>`count(*)::int`,
      sum: sql<string>`sum(${tips.amount})::bigint`,
      refunded: refundedSum,
    })
    .from(tips)
    .where(and(completed(tipjarId), gte(tips.completedAt, startOfLocalDate(fromDate))))
    .groupBy(sql`1`);
  return rows.map((r) => ({ key: r.key, count: Number(r.count), sum: Number(r.sum), refunded: Number(r.refunded) }));
}

export async function tipsByMethod(db: DbOrTx, tipjarId?: string) {
  const method = sql<string>`coalesce(${tips.paymentMethod}, 'unknown')`;
  const rows = await db
    .select({
      method,
      count: sql<number>`count(*)::int`,
      sum: sql<string>`sum(${tips.amount})::bigint`,
      refunded: refundedSum,
    })
    .from(tips)
    .where(completed(tipjarId))
    .groupBy(sql`1`)
    .orderBy(sql`3 desc`, sql`1`);
  return rows.map((r) => ({
    method: r.method,
    count: Number(r.count),
    sum: Number(r.sum),
    refunded: Number(r.refunded),
  }));
}
