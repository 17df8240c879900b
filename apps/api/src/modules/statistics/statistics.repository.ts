import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tipDailyTotals as d } from '../../db/schema/index.js';

/**
 * Statistics of tips, read from `tip_daily_totals`: paid tips per tip jar, local day and method, kept
 * by triggers on tips in the same transaction as each change (decision 018), so no query here reads
 * tips. Paid tips count (also when later refunded or charged back: what went back is summed beside
 * what came in). statistics.scan.ts computes the same from the tips, for the money check.
 */

/** Days and months are Dutch calendar days and months. */
export const STATISTICS_TIME_ZONE = 'Europe/Amsterdam';

const ofJar = (tipjarId?: string) => (tipjarId ? eq(d.tipjarId, tipjarId) : undefined);
const countSum = sql<string>`coalesce(sum(${d.count}), 0)::bigint`;
const amountSum = sql<string>`coalesce(sum(${d.amount}), 0)::bigint`;
const refundedSum = sql<string>`coalesce(sum(${d.refundedAmount}), 0)::bigint`;

export async function tipTotals(db: DbOrTx, tipjarId?: string) {
  const [row] = await db
    .select({
      count: countSum,
      sum: amountSum,
      refunded: refundedSum,
      // The fee kept: the fee on what is left of each tip.
      fees: sql<string>`coalesce(sum(${d.fee} - ${d.refundedFee}), 0)::bigint`,
    })
    .from(d)
    .where(ofJar(tipjarId));
  return {
    count: Number(row?.count ?? 0),
    sum: Number(row?.sum ?? 0),
    refunded: Number(row?.refunded ?? 0),
    fees: Number(row?.fees ?? 0),
  };
}

/** Completed tips per local day since `fromDate` (YYYY-MM-DD); days without tips are absent. */
export async function tipsPerDay(db: DbOrTx, fromDate: string, tipjarId?: string) {
  return grouped(db, sql<string>`to_char(${d.day}, 'YYYY-MM-DD')`, fromDate, tipjarId);
}

/** Completed tips per local month (YYYY-MM) since `fromDate` (the first day of a month). */
export async function tipsPerMonth(db: DbOrTx, fromDate: string, tipjarId?: string) {
  return grouped(db, sql<string>`to_char(${d.day}, 'YYYY-MM')`, fromDate, tipjarId);
}

async function grouped(db: DbOrTx, key: SQL<string>, fromDate: string, tipjarId?: string) {
  const rows = await db
    .select({ key, count: countSum, sum: amountSum, refunded: refundedSum })
    .from(d)
    .where(and(ofJar(tipjarId), gte(d.day, fromDate)))
    .groupBy(sql`1`)
    // A day or month whose tips all moved elsewhere (never, for paid tips) would keep an empty row.
    .having(sql`sum(${d.count}) <> 0`);
  return rows.map((r) => ({ key: r.key, count: Number(r.count), sum: Number(r.sum), refunded: Number(r.refunded) }));
}

export async function tipsByMethod(db: DbOrTx, tipjarId?: string) {
  const rows = await db
    .select({ method: d.paymentMethod, count: countSum, sum: amountSum, refunded: refundedSum })
    .from(d)
    .where(ofJar(tipjarId))
    .groupBy(sql`1`)
    .having(sql`sum(${d.count}) <> 0`)
    .orderBy(sql`3 desc`, sql`1`);
  return rows.map((r) => ({
    method: r.method,
    count: Number(r.count),
    sum: Number(r.sum),
    refunded: Number(r.refunded),
  }));
}
