import type { Statistics } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { recurringStatistics } from '../recurring-tips/recurring-tips.service.js';
import * as repo from './statistics.repository.js';

export const STATISTICS_DAYS = 30;
export const STATISTICS_MONTHS = 12;

/** Today's calendar date where the statistics count days (Amsterdam), as [year, month 1-12, day]. */
function localToday(now: Date): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: repo.STATISTICS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
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

/**
 * Statistics of paid tips (one tip jar, or all). Four GROUP BY queries; the JS side only lays
 * at most 30 + 12 aggregated rows onto the calendar so the charts get every day and month.
 */
async function statisticsOf(ctx: AppContext, tipjarId?: string): Promise<Statistics> {
  const days = lastDays(new Date(), STATISTICS_DAYS);
  const months = lastMonths(new Date(), STATISTICS_MONTHS);
  const [totals, perDay, perMonth, byMethod, recurring] = await Promise.all([
    repo.tipTotals(ctx.db, tipjarId),
    repo.tipsPerDay(ctx.db, days[0]!, tipjarId),
    repo.tipsPerMonth(ctx.db, `${months[0]}-01`, tipjarId),
    repo.tipsByMethod(ctx.db, tipjarId),
    recurringStatistics(ctx, tipjarId),
  ]);
  const dayMap = new Map(perDay.map((r) => [r.key, r]));
  const monthMap = new Map(perMonth.map((r) => [r.key, r]));
  return {
    tips: { ...totals, net: totals.sum - totals.refunded - totals.fees },
    recurring,
    perDay: days.map((date) => ({ date, ...bucketOf(dayMap.get(date)) })),
    perMonth: months.map((month) => ({ month, ...bucketOf(monthMap.get(month)) })),
    byMethod,
  };
}

/** GET tipjars/{id}/statistics: its admins and platform admins; others 404. */
export async function getTipjarStatistics(ctx: AppContext, actor: Actor, tipjarId: string): Promise<Statistics> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  return statisticsOf(ctx, tipjarId);
}

/** GET tipjars/statistics: the whole platform, platform admins only. */
export async function getGlobalStatistics(ctx: AppContext, actor: Actor): Promise<Statistics> {
  assertAdmin(actor);
  return statisticsOf(ctx);
}
