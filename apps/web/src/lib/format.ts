import { formatBps, formatCents, formatEuroAmount, intlLocaleOf as intlLocale } from '@podpot/domain';
import { useMemo } from 'react';
import { useLocale } from '@/lib/use-locale';

/**
 * THE formatter of the web app: dates, months, money, numbers and percentages as every page shows
 * them, in the page's language (nl-NL on /nl, en-GB otherwise — never the browser's, so no US dates).
 * Components take them bound to the page's language from {@link useFormat}. Money arithmetic and its
 * formatting rule live in the domain package; this module is the only place the app calls them for
 * display (the source guard in format.test.ts keeps `toLocale…` and `Intl` out of other files).
 */

type Locale = 'en' | 'nl';

/** '3 Mar 2026' / '3 mrt 2026'. */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * A calendar day, not a moment: one the API keeps as a UTC day — a monthly tip's charge date at 00:00Z,
 * a payout period's first day at 00:00Z and its last at 23:59:59Z (the provider's periods are UTC
 * days) — '29 December 2026' / '29 december 2026', or with `medium` '29 Dec 2026' / '29 dec 2026'.
 * Read in UTC, so no time zone moves it: in Amsterdam 31 Oct 23:59:59Z would be 1 November already.
 */
export function formatDay(iso: string, locale: Locale, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: style, timeZone: 'UTC' }).format(new Date(iso));
}

/** '3 Mar 2026, 14:05'. */
export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** 'YYYY-MM' as a month name ('March 2025' / 'maart 2025'). */
export function formatPeriod(period: string, locale: Locale): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

const TIME_AGO_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3_600],
  ['day', 86_400],
  ['week', 604_800],
  ['month', 2_629_800],
  ['year', 31_557_600],
];

/**
 * How long before `now` the moment `iso` was, in words: 'now' / 'nu' under a minute, then '5 minutes
 * ago' / '5 minuten geleden', 'yesterday' / 'gisteren', '3 weeks ago' / '3 weken geleden', … (each in
 * the largest unit that fits, rounded down).
 */
export function formatTimeAgo(iso: string, now: Date, locale: Locale): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  if (seconds < 60) return format.format(0, 'second');
  let [unit, size] = TIME_AGO_STEPS[0]!;
  for (const step of TIME_AGO_STEPS) if (seconds >= step[1]) [unit, size] = step;
  return format.format(-Math.floor(seconds / size), unit);
}

/** A count with the language's grouping: 1,234 / 1.234. */
export function formatNumber(n: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(n);
}

/** Cents as euros: '€12.34' / '€ 12,34' (domain formatCents). */
export const formatMoney = (cents: number, locale: Locale) => formatCents(cents, locale);

const utc = (date: string) => new Date(`${date.length === 7 ? `${date}-01` : date}T00:00:00Z`);

/**
 * A statistics bucket (its first day, or a month YYYY-MM): '3 Mar' / '3 mrt' per day or week,
 * 'Mar 2026' / 'mrt 2026' per month; `long` writes 'March 2026' and full dates (tables).
 */
export function formatBucket(
  start: string,
  granularity: 'day' | 'week' | 'month',
  locale: Locale,
  long = false,
): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'month'
      ? { month: long ? 'long' : 'short', year: 'numeric' }
      : { day: 'numeric', month: long ? 'long' : 'short', ...(long ? { year: 'numeric' } : {}) };
  return new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' }).format(utc(start));
}

/** A part of a whole as a percentage with at most one decimal: '12.5%' / '12,5%'. */
export function formatShare(part: number, whole: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 1 }).format(
    whole ? part / whole : 0,
  );
}

// sepa: a monthly tip's later months, collected by SEPA direct debit on the mandate of its first payment.
const METHOD_NAMES: Record<string, string> = {
  ideal: 'iDEAL',
  bcmc: 'Bancontact',
  sepa: 'SEPA',
  'paypal-ppcp': 'PayPal',
};

/** The brand name of a payment method ('ideal' → 'iDEAL'); '—' when there is none. */
export function paymentMethodName(method: string | null): string {
  return method ? (METHOD_NAMES[method] ?? method) : '—';
}

/** Every formatter, bound to a language. */
export function formatterOf(locale: Locale) {
  return {
    locale,
    date: (iso: string) => formatDate(iso, locale),
    day: (iso: string, style?: 'long' | 'medium') => formatDay(iso, locale, style),
    dateTime: (iso: string) => formatDateTime(iso, locale),
    period: (period: string) => formatPeriod(period, locale),
    number: (n: number) => formatNumber(n, locale),
    money: (cents: number) => formatCents(cents, locale),
    /** Euros with 2 decimals and no symbol ('12,34'), as in an amount field. */
    euros: (cents: number) => formatEuroAmount(cents, locale),
    percent: (bps: number) => formatBps(bps, locale),
  };
}

export type Formatter = ReturnType<typeof formatterOf>;

/** The formatters in the current page's language. */
export function useFormat(): Formatter {
  const locale = useLocale();
  return useMemo(() => formatterOf(locale), [locale]);
}
