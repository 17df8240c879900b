import {
  CalendarDateSchema,
  type StatisticsGranularity,
  type StatisticsPeriod,
  type StatisticsQuery,
} from '@podpot/domain';

/** What the period picker holds. */
export interface PeriodChoice {
  period: StatisticsPeriod;
  from: string;
  to: string;
  /** '' = the API's default step for the period. */
  granularity: StatisticsGranularity | '';
}

export const DEFAULT_PERIOD: PeriodChoice = { period: '30d', from: '', to: '', granularity: '' };

/** The API query of a choice; null while a custom period is not a valid pair of dates yet. */
export function statisticsQuery(choice: PeriodChoice): StatisticsQuery | null {
  const granularity = choice.granularity || undefined;
  if (choice.period !== 'custom') return { period: choice.period, granularity };
  const valid = (d: string) => CalendarDateSchema.safeParse(d).success;
  if (!valid(choice.from) || !valid(choice.to) || choice.from > choice.to) return null;
  return { period: 'custom', from: choice.from, to: choice.to, granularity };
}

// Labels of buckets and counts are the app's one formatter's (lib/format.ts), re-exported for the charts.
export { formatBucket as bucketLabel, formatNumber as formatCount } from '@/lib/format';
