import { type AppLocale, localeFromPath } from '@/config/paths';

/** The language cookie (spec §9): `lang`, kept 365 days. */
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_DAYS = 365;

export function buildLangCookie(locale: AppLocale, now: Date = new Date()): string {
  const expires = new Date(now.getTime() + LANG_COOKIE_DAYS * 24 * 60 * 60 * 1000);
  return `${LANG_COOKIE}=${locale}; expires=${expires.toUTCString()}; max-age=${LANG_COOKIE_DAYS * 24 * 60 * 60}; path=/; SameSite=Lax`;
}

export function readLangCookie(cookie: string = document.cookie): AppLocale | undefined {
  const match = cookie.split(';').map((part) => part.trim().split('='));
  const value = match.find(([name]) => name === LANG_COOKIE)?.[1];
  return value === 'en' || value === 'nl' ? value : undefined;
}

export function writeLangCookie(locale: AppLocale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser we support.
  document.cookie = buildLangCookie(locale);
}

/**
 * The locale redirect happens only at the root '/' (spec §9): to /nl when the cookie says nl, or,
 * without a cookie, when the browser prefers Dutch. Returns the target or null.
 */
export function rootLocaleRedirect(input: {
  pathname: string;
  cookieLocale: AppLocale | undefined;
  browserLanguages: readonly string[];
}): string | null {
  if (input.pathname !== '/') return null;
  if (localeFromPath(input.pathname) !== 'en') return null;
  if (input.cookieLocale) return input.cookieLocale === 'nl' ? '/nl' : null;
  // The first browser language we support decides.
  const supported = input.browserLanguages
    .map((language) => language.toLowerCase().split('-')[0])
    .find((language) => language === 'en' || language === 'nl');
  return supported === 'nl' ? '/nl' : null;
}

/**
 * The language of the page the user is on, for calls that send them to the payment provider: its
 * checkout or verification pages and the way back follow it (issue 13, bug 10).
 */
export function pageLocale(): AppLocale {
  return localeFromPath(window.location.pathname);
}
