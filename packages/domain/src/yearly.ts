import { intlLocaleOf, type Locale } from './locale.js';

/**
 * A yearly tip's charge day as people read it, without the year ('28 november' / '28 November'): the
 * storefront says when a yearly tip is charged (decision 092). Here, beside formatCents, so the
 * storefront's small entry formats it without the web app's formatter.
 */
export function formatDayOfYear(month: number, day: number, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleOf(locale), { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2001, month, day)),
  );
}
