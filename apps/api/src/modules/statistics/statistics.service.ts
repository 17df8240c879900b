import {
  defaultGranularity,
  ErrorCode,
  periodBuckets,
  periodRange,
  STATISTICS_MAX_BUCKETS,
  type Statistics,
  type StatisticsGranularity,
  type StatisticsPeriod,
  TIP_KINDS,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { recurringStatistics } from '../recurring-tips/recurring-tips.service.js';
import * as repo from './statistics.repository.js';

export const STATISTICS_DAYS = 30;
export const STATISTICS_MONTHS = 12;

/** Made once: building an Intl.DateTimeFormat (its time zone's rules) cost a statistics answer ~1 ms. */
const LOCAL_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: repo.STATISTICS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date where the statistics count days (Amsterdam), as [year, month 1-12, day]. */
function localToday(now: Date): [number, number, number] {
  const parts = LOCAL_DATE.format(now);
  const [y, m, d] = parts.split('-').map(Number);
  return [y!, m!, d!];
}

/** The last `days` calendar dates (oldest first), by calendar arithmetic so DST never skips a day. */
export function lastDays(now: Date, days: number): string[] {
  const [y, m, d] = localToday(now);
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (days - 1 - i))).toISOString().slice(0, 10),
  );
}

/** The last `months` months as YYYY-MM (oldest first), the current month included. */
export function lastMonths(now: Date, months: number): string[] {
  const [y, m] = localToday(now);
  return Array.from({ length: months }, (_, i) =>
    new Date(Date.UTC(y, m - 1 - (months - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

const bucketOf = (row: { count: number; sum: number; refunded: number } | undefined) => ({
  count: row?.count ?? 0,
  sum: row?.sum ?? 0,
  refunded: row?.refunded ?? 0,
});

export interface PeriodQuery {
  period: StatisticsPeriod;
  from?: string;
  to?: string;
  granularity?: StatisticsGranularity;
}

type Figures = { count: number; sum: number; refunded: number; fees: number };
const ZERO: Figures = { count: 0, sum: 0, refunded: 0, fees: 0 };
const add = (a: Figures, b: Figures): Figures => ({
  count: a.count + b.count,
  sum: a.sum + b.sum,
  refunded: a.refunded + b.refunded,
  fees: a.fees + b.fees,
});
const withNet = (f: Figures) => ({ ...f, net: f.sum - f.refunded - f.fees });
const months = (from: string, to: string) => periodBuckets(from, to, 'month').map((m) => m.slice(0, 7));

/** The period asked for, as Amsterdam days; 400 when a custom one would need more bars than charts can show. */
async function resolvePeriod(ctx: AppContext, query: PeriodQuery, tipjarId?: string) {
  const today = lastDays(new Date(), 1)[0]!;
  const { from, to } =
    query.period === 'custom'
      ? { from: query.from!, to: query.to! }
      : periodRange(query.period, today, query.period === 'all' ? await repo.firstTipDay(ctx.db, tipjarId) : null);
  const granularity =
    query.granularity ??
    (query.period === '30d' ? 'day' : query.period === '12m' ? 'month' : defaultGranularity(from, to));
  const buckets = periodBuckets(from, to, granularity);
  if (buckets.length > STATISTICS_MAX_BUCKETS) {
    throw AppError.field(
      ErrorCode.Validation,
      'granularity',
      { key: 'tooBig', params: { max: STATISTICS_MAX_BUCKETS } },
      `At most ${STATISTICS_MAX_BUCKETS} ${granularity}s in a period; choose weeks or months`,
    );
  }
  return { period: query.period, from, to, granularity, buckets };
}

/**
 * The chosen period of paid tips (one tip jar, or all): three GROUP BY queries over the kept
 * aggregates; the JS side lays the at most 731 aggregated rows onto the calendar.
 */
async function periodOf(ctx: AppContext, query: PeriodQuery, tipjarId?: string) {
  const { buckets, ...period } = await resolvePeriod(ctx, query, tipjarId);
  const { from, to } = period;
  const [rows, methods, monthly] = await Promise.all([
    repo.periodByBucketAndKind(ctx.db, from, to, period.granularity, tipjarId),
    repo.periodByMethod(ctx.db, from, to, tipjarId),
    repo.periodMonthlyTippers(ctx.db, from, to, tipjarId),
  ]);
  const perBucket = new Map<string, Figures>();
  const perKind = new Map<string, Figures>();
  for (const { start, kind, ...figures } of rows) {
    perBucket.set(start, add(perBucket.get(start) ?? ZERO, figures));
    perKind.set(kind, add(perKind.get(kind) ?? ZERO, figures));
  }
  let cumulativeNet = 0;
  const series = buckets.map((start) => {
    const figures = withNet(perBucket.get(start) ?? ZERO);
    cumulativeNet += figures.net;
    return { start, ...figures, cumulativeNet };
  });
  const monthlyOf = new Map(monthly.map((r) => [r.month, r.count]));
  return {
    period,
    totals: withNet(series.reduce(add, ZERO)),
    series,
    byKind: TIP_KINDS.map((kind) => ({ kind, ...withNet(perKind.get(kind) ?? ZERO) })),
    methods: methods.map((m) => ({ ...m, net: m.sum - m.refunded - m.fees })),
    monthlyTippers: months(from, to).map((month) => ({ month, count: monthlyOf.get(month) ?? 0 })),
  };
}

/**
 * Statistics of paid tips (one tip jar, or all). GROUP BY queries over the kept aggregates; the JS
 * side only lays at most 30 + 12 aggregated rows onto the calendar so the charts get every day and month.
 */
async function statisticsOf(ctx: AppContext, query: PeriodQuery, tipjarId?: string): Promise<Statistics> {
  const days = lastDays(new Date(), STATISTICS_DAYS);
  const months = lastMonths(new Date(), STATISTICS_MONTHS);
  const [totals, perDay, perMonth, byMethod, recurring, period] = await Promise.all([
    repo.tipTotals(ctx.db, tipjarId),
    repo.tipsPerDay(ctx.db, days[0]!, tipjarId),
    repo.tipsPerMonth(ctx.db, `${months[0]}-01`, tipjarId),
    repo.tipsByMethod(ctx.db, tipjarId),
    recurringStatistics(ctx, tipjarId),
    periodOf(ctx, query, tipjarId),
  ]);
  const dayMap = new Map(perDay.map((r) => [r.key, r]));
  const monthMap = new Map(perMonth.map((r) => [r.key, r]));
  return {
    tips: { ...totals, net: totals.sum - totals.refunded - totals.fees },
    recurring,
    perDay: days.map((date) => ({ date, ...bucketOf(dayMap.get(date)) })),
    perMonth: months.map((month) => ({ month, ...bucketOf(monthMap.get(month)) })),
    byMethod,
    ...period,
  };
}

/** Tip jars in the global statistics' ranking. */
export const TOP_TIPJARS = 10;

/** GET tipjars/{id}/statistics: its admins and platform admins; others 404. */
export async function getTipjarStatistics(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  query: PeriodQuery,
): Promise<Statistics> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  return statisticsOf(ctx, query, tipjarId);
}

/** GET tipjars/statistics: the whole platform, platform admins only. */
export async function getGlobalStatistics(ctx: AppContext, actor: Actor, query: PeriodQuery): Promise<Statistics> {
  assertAdmin(actor);
  const statistics = await statisticsOf(ctx, query);
  const { from, to } = statistics.period;
  const [top, created] = await Promise.all([
    repo.periodTopTipjars(ctx.db, from, to, TOP_TIPJARS),
    repo.periodNewTipjars(ctx.db, from, to),
  ]);
  const createdOf = new Map(created.map((r) => [r.month, r.count]));
  return {
    ...statistics,
    newTipjars: months(from, to).map((month) => ({ month, count: createdOf.get(month) ?? 0 })),
    topTipjars: top.map((t) => ({ ...t, net: t.sum - t.refunded - t.fees })),
  };
}
