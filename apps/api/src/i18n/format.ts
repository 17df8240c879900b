import { formatBps, formatCents, intlLocaleOf, type Locale } from '@podpot/domain';

/*
 * How the API writes a number, an amount or a date for a person, in the recipient's language (decision
 * 074): mails, invoice PDFs and the rest use these, never an Intl formatter of their own. Money and
 * rates are the domain's (the web app writes them the same way): €12.50 / € 12,50, 21%. CSV files are
 * written for spreadsheets, not people: their amounts and timestamps are lib/csv.ts's.
 */

export { formatBps, formatCents };

interface Formatters {
  day: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
  count: Intl.NumberFormat;
  regions: Intl.DisplayNames;
}

const made = new Map<Locale, Formatters>();

/** Made once per language: building an Intl formatter (its time zone's rules) costs about a millisecond. */
function formattersOf(locale: Locale): Formatters {
  let formatters = made.get(locale);
  if (!formatters) {
    const tag = intlLocaleOf(locale);
    formatters = {
      day: new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }),
      date: new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Amsterdam',
      }),
      dateTime: new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }),
      month: new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      count: new Intl.NumberFormat(tag),
      regions: new Intl.DisplayNames([tag], { type: 'region' }),
    };
    made.set(locale, formatters);
  }
  return formatters;
}

/** A calendar day kept in UTC (a monthly tip's collection day): "23 November 2026" / "23 november 2026". */
export function formatDay(date: Date, locale: Locale): string {
  return formattersOf(locale).day.format(date);
}

/** The day of a moment in Amsterdam (an invoice's date): "1 February 2026" / "1 februari 2026". */
export function formatDate(date: Date, locale: Locale): string {
  return formattersOf(locale).date.format(date);
}

/** A moment in Amsterdam, day and time (when a tip was paid): "23 November 2026 at 12:05" / "23 november 2026 om 12:05". */
export function formatDateTime(date: Date, locale: Locale): string {
  return formattersOf(locale).dateTime.format(date);
}

/** A month 'YYYY-MM' (a UTC calendar month, decision 007): "November 2026" / "november 2026". */
export function formatMonth(period: string, locale: Locale): string {
  const [year, month] = period.split('-').map(Number) as [number, number | undefined];
  // A yearly tip's period is the year itself (decision 092).
  if (month === undefined) return String(year);
  return formattersOf(locale).month.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** A count: "12,345" / "12.345". */
export function formatCount(n: number, locale: Locale): string {
  return formattersOf(locale).count.format(n);
}

/** A country by its ISO code: "Belgium" / "België" (the code itself when unknown). */
export function formatCountry(code: string, locale: Locale): string {
  return formattersOf(locale).regions.of(code.toUpperCase()) ?? code;
}
