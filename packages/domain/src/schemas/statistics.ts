import { z } from 'zod';
import { DATE_QUERY_YEARS } from '../paging.js';

/**
 * Statistics of paid tips (GET tipjars/{id}/statistics, GET tipjars/statistics). A tip counts when it
 * was paid (completed, later refunded or charged back), on the Amsterdam calendar day it was paid:
 * `sum` is what came in (gross), `refunded` what went back of it (refunds and chargebacks), `fees` the
 * platform fee kept (fee on what is left), `net` = sum − refunded − fees: the maker's money.
 */

export const STATISTICS_PERIODS = ['30d', '12m', 'all', 'custom'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export const STATISTICS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type StatisticsGranularity = (typeof STATISTICS_GRANULARITIES)[number];
export const TIP_KINDS = ['one-off', 'monthly'] as const;
export type TipKind = (typeof TIP_KINDS)[number];

/** At most this many bars: a custom period per day of more than two years is asked per week or month. */
export const STATISTICS_MAX_BUCKETS = 731;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** True for a YYYY-MM-DD that exists (no 31 February); zod runs refinements after a failed regex too. */
export function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return DATE.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
/** A calendar date YYYY-MM-DD that exists (no 31 February), in the years a date filter may name (DATE_QUERY_YEARS). */
export const CalendarDateSchema = z
  .string()
  .regex(DATE, { message: 'format' })
  .refine((value) => isCalendarDate(value), { message: 'format' })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= DATE_QUERY_YEARS.min && year <= DATE_QUERY_YEARS.max;
    },
    { message: 'invalid' },
  );

/** The query of both statistics endpoints; without one: the last 30 days per day. */
export const StatisticsQuerySchema = z
  .object({
    period: z.enum(STATISTICS_PERIODS).default('30d'),
    /** custom only: first and last day (Amsterdam), both included. */
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    granularity: z.enum(STATISTICS_GRANULARITIES).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'required' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'required' });
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalid' });
  });
export type StatisticsQuery = z.input<typeof StatisticsQuerySchema>;

const money = { count: z.number().int(), sum: z.number().int(), refunded: z.number().int() };
const withNet = { ...money, fees: z.number().int(), net: z.number().int() };

export const StatisticsSchema = z.object({
  /** All time. */
  tips: z.object(withNet),
  recurring: z.object({
    active: z.number().int(),
    monthlySum: z.number().int(),
    /**
     * A tip jar's statistics only (issue 40): its active recurring tips per level, cheapest level first,
     * then those below every level (`level` null). Absent without levels.
     */
    byLevel: z
      .array(
        z.object({
          level: z.object({ id: z.uuid(), name: z.string(), amount: z.number().int() }).nullable(),
          count: z.number().int(),
        }),
      )
      .optional(),
  }),
  /** The last 30 days and 12 months, and all time by method (the first dashboard's figures). */
  perDay: z.array(z.object({ date: z.string(), ...money })),
  perMonth: z.array(z.object({ month: z.string(), ...money })),
  byMethod: z.array(z.object({ method: z.string(), ...money })),
  /** The asked period (Amsterdam days, both included) and everything below is within it. */
  period: z.object({
    period: z.enum(STATISTICS_PERIODS),
    from: z.string(),
    to: z.string(),
    granularity: z.enum(STATISTICS_GRANULARITIES),
  }),
  totals: z.object(withNet),
  /** Every day, week (from Monday) or month of the period in order, its first day as `start`; `cumulativeNet` from the period's start. */
  series: z.array(z.object({ start: z.string(), ...withNet, cumulativeNet: z.number().int() })),
  /** Both kinds, always. */
  byKind: z.array(z.object({ kind: z.enum(TIP_KINDS), ...withNet })),
  methods: z.array(z.object({ method: z.string(), ...withNet })),
  /** Monthly tippers who paid in each month of the period (a monthly tip is paid at most once a month). */
  monthlyTippers: z.array(z.object({ month: z.string(), count: z.number().int() })),
  /** Global statistics only: tip jars ordered per month of the period, and the ten with most net income in it. */
  newTipjars: z.array(z.object({ month: z.string(), count: z.number().int() })).optional(),
  topTipjars: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), ...withNet })).optional(),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

/* ---------- the calendar of a period (pure: API and web) ---------- */

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The first day of the bucket `date` falls in: itself, its Monday, or the first of its month. */
export function bucketStart(date: string, granularity: StatisticsGranularity): string {
  const [y, m, d] = parts(date);
  if (granularity === 'day') return date;
  if (granularity === 'month') return day(y, m, 1);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
  return day(y, m, d - weekday);
}

/** The buckets of [from, to] (both YYYY-MM-DD), oldest first, each named by its first day (the first may start before `from`). */
export function periodBuckets(from: string, to: string, granularity: StatisticsGranularity): string[] {
  const out: string[] = [];
  let [y, m, d] = parts(bucketStart(from, granularity));
  for (let start = day(y, m, d); start <= to; start = day(y, m, d)) {
    out.push(start);
    if (out.length > STATISTICS_MAX_BUCKETS) break;
    if (granularity === 'day') d += 1;
    else if (granularity === 'week') d += 7;
    else m += 1;
    [y, m, d] = parts(day(y, m, d));
  }
  return out;
}

/** The first and last day of a named period ending `today`; 'all' starts at `firstDay` (today when there is none). */
export function periodRange(
  period: Exclude<StatisticsPeriod, 'custom'>,
  today: string,
  firstDay: string | null,
): { from: string; to: string } {
  const [y, m, d] = parts(today);
  if (period === '30d') return { from: day(y, m, d - 29), to: today };
  if (period === '12m') return { from: day(y, m - 11, 1), to: today };
  return { from: firstDay && firstDay < today ? firstDay : today, to: today };
}

/** Per day up to two months, per week up to a year, per month beyond. */
export function defaultGranularity(from: string, to: string): StatisticsGranularity {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days <= 62 ? 'day' : days <= 366 ? 'week' : 'month';
}
