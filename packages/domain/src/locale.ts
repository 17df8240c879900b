/** The languages of Podpot: THE list, used by the API, the web app and the database enums. */
export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** en has no prefix; nl lives under /nl. */
export const LOCALE_PREFIX: Record<Locale, string> = { en: '', nl: '/nl' };

/**
 * The Intl locale tag dates and numbers are written in: nl-NL for Dutch, en-GB otherwise (day before
 * month, never a US date). THE mapping for the web app, mails and invoices; money keeps its own tag
 * (en-IE, money.ts) on purpose: the euro sign before the amount with a decimal point.
 */
export function intlLocaleOf(locale: Locale): 'nl-NL' | 'en-GB' {
  return locale === 'nl' ? 'nl-NL' : 'en-GB';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language cookie (docs/product.md §9): `lang`, kept 365 days. */
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_DAYS = 365;

/** The locale a `Cookie` header's (or `document.cookie`'s) `lang` names, if it names one of ours. */
export function langOfCookie(cookie: string | undefined): Locale | undefined {
  const value = (cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANG_COOKIE)?.[1];
  return isLocale(value) ? value : undefined;
}

/** An `Accept-Language` header's languages, most wanted first ('nl-BE,nl;q=0.9,en;q=0.8' → nl-BE, nl, en). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The locale redirect happens only at the root '/' (docs/product.md §9): to /nl when the cookie says nl, or,
 * without a cookie, when the browser's first language we support is Dutch. Returns the target or null.
 * The same rule for the server (the landing page's first HTML) and the app's router.
 */
export function rootLocaleRedirect(input: {
  pathname: string;
  cookieLocale: Locale | undefined;
  browserLanguages: readonly string[];
}): string | null {
  if (input.pathname !== '/') return null;
  if (input.cookieLocale) return input.cookieLocale === 'nl' ? '/nl' : null;
  const supported = input.browserLanguages
    .map((language) => language.toLowerCase().split('-')[0])
    .find((language) => isLocale(language));
  return supported === 'nl' ? '/nl' : null;
}
