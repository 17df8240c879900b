import {
  CalendarDateSchema,
  type StatisticsGranularity,
  type StatisticsPeriod,
  type StatisticsQuery,
} from '@podpot/domain';

type Locale = 'en' | 'nl';
const intlLocale = (locale: Locale) => (locale === 'nl' ? 'nl-NL' : 'en-GB');

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

const utc = (date: string) => new Date(`${date.length === 7 ? `${date}-01` : date}T00:00:00Z`);

/**
 * A bucket (its first day, or a month YYYY-MM) in the page's language: '3 Mar' / '3 mrt' per day or
 * week, 'Mar 2026' / 'mrt 2026' per month; `long` writes 'March 2026' and full dates (tables).
 */
export function bucketLabel(start: string, granularity: StatisticsGranularity, locale: Locale, long = false): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month'
      ? { month: long ? 'long' : 'short', year: 'numeric' }
      : { day: 'numeric', month: long ? 'long' : 'short', ...(long ? { year: 'numeric' } : {}) };
  return new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' }).format(utc(start));
}

/** A whole number in the page's language (1,234 / 1.234). */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}
