import type { StatisticsGranularity } from '@podpot/domain';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tipDailyTotals as d, tipjars } from '../../db/schema/index.js';

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

/* ---------- a period: [from, to] in Amsterdam days, both included ---------- */

const inPeriod = (from: string, to: string, tipjarId?: string) =>
  and(ofJar(tipjarId), gte(d.day, from), lte(d.day, to));
const feeSum = sql<string>`coalesce(sum(${d.fee} - ${d.refundedFee}), 0)::bigint`;
const figures = (r: { count: string; sum: string; refunded: string; fees: string }) => ({
  count: Number(r.count),
  sum: Number(r.sum),
  refunded: Number(r.refunded),
  fees: Number(r.fees),
});
const sums = { count: countSum, sum: amountSum, refunded: refundedSum, fees: feeSum };

/** The first day a paid tip came in (one tip jar, or all); null when none did. */
export async function firstTipDay(db: DbOrTx, tipjarId?: string): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`min(${d.day})` })
    .from(d)
    .where(ofJar(tipjarId));
  return row?.day ? String(row.day).slice(0, 10) : null;
}

/** Paid tips per bucket (its first day, YYYY-MM-DD) and kind within the period. */
export async function periodByBucketAndKind(
  db: DbOrTx,
  from: string,
  to: string,
  granularity: StatisticsGranularity,
  tipjarId?: string,
) {
  const start = sql<string>`to_char(date_trunc(${granularity}, ${d.day}), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ start, kind: d.kind, ...sums })
    .from(d)
    .where(inPeriod(from, to, tipjarId))
    .groupBy(sql`1`, sql`2`);
  return rows.map((r) => ({ start: r.start, kind: r.kind, ...figures(r) }));
}

/** Paid tips by method within the period, most first. */
export async function periodByMethod(db: DbOrTx, from: string, to: string, tipjarId?: string) {
  const rows = await db
    .select({ method: d.paymentMethod, ...sums })
    .from(d)
    .where(inPeriod(from, to, tipjarId))
    .groupBy(sql`1`)
    .having(sql`sum(${d.count}) <> 0`)
    .orderBy(sql`3 desc`, sql`1`);
  return rows.map((r) => ({ method: r.method, ...figures(r) }));
}

/** Months of a monthly tip paid per month (YYYY-MM) within the period: one per paying monthly tipper. */
export async function periodMonthlyTippers(db: DbOrTx, from: string, to: string, tipjarId?: string) {
  const rows = await db
    .select({ month: sql<string>`to_char(${d.day}, 'YYYY-MM')`, count: countSum })
    .from(d)
    .where(and(inPeriod(from, to, tipjarId), eq(d.kind, 'monthly')))
    .groupBy(sql`1`);
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}

/** The `limit` tip jars with the most net income within the period. */
export async function periodTopTipjars(db: DbOrTx, from: string, to: string, limit: number) {
  const net = sql`sum(${d.amount} - ${d.refundedAmount} - ${d.fee} + ${d.refundedFee})`;
  const top = db
    .select({
      tipjarId: d.tipjarId,
      count: countSum.as('count'),
      sum: amountSum.as('sum'),
      refunded: refundedSum.as('refunded'),
      fees: feeSum.as('fees'),
      net: sql<string>`${net}::bigint`.as('net'),
    })
    .from(d)
    .where(inPeriod(from, to))
    .groupBy(d.tipjarId)
    .having(sql`sum(${d.count}) <> 0`)
    .orderBy(sql`${net} desc`, d.tipjarId)
    .limit(limit)
    .as('top');
  const rows = await db
    .select({
      id: tipjars.id,
      name: tipjars.name,
      slug: tipjars.slug,
      count: top.count,
      sum: top.sum,
      refunded: top.refunded,
      fees: top.fees,
    })
    .from(top)
    .innerJoin(tipjars, eq(tipjars.id, top.tipjarId))
    .orderBy(desc(top.net), tipjars.id);
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, ...figures(r) }));
}

/** Tip jars ordered per month (YYYY-MM, Amsterdam) within the period; tip jars are few, so from their table. */
export async function periodNewTipjars(db: DbOrTx, from: string, to: string) {
  const local = sql`(${tipjars.created} at time zone ${STATISTICS_TIME_ZONE})`;
  const rows = await db
    .select({ month: sql<string>`to_char(${local}, 'YYYY-MM')`, count: sql<string>`count(*)::bigint` })
    .from(tipjars)
    .where(and(sql`${local} >= ${from}::date`, sql`${local} < ${to}::date + 1`))
    .groupBy(sql`1`);
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}
