/** The languages of Podpot: THE list, used by the API, the web app and the database enums. */
export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** en has no prefix; nl lives under /nl. */
export const LOCALE_PREFIX: Record<Locale, string> = { en: '', nl: '/nl' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
