/**
 * Dates and payment method names as every table and detail of the app shows them, in the user's
 * language. Money formatting lives in the domain package (`formatCents`).
 */

type Locale = 'en' | 'nl';

const intlLocale = (locale: Locale) => (locale === 'nl' ? 'nl-NL' : 'en-GB');

/** '3 Mar 2026'. */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(new Date(iso));
}

/** '3 Mar 2026, 14:05'. */
export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** 'YYYY-MM' as a month name ('March 2025'). */
export function formatPeriod(period: string, locale: Locale): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

const METHOD_NAMES: Record<string, string> = { ideal: 'iDEAL', bcmc: 'Bancontact' };

/** The brand name of a payment method ('ideal' → 'iDEAL'); '—' when there is none. */
export function paymentMethodName(method: string | null): string {
  return method ? (METHOD_NAMES[method] ?? method) : '—';
}
