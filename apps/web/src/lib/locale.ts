import { LANG_COOKIE, LANG_COOKIE_DAYS, langOfCookie } from '@podpot/domain/locale';
import { type AppLocale, localeFromPath } from '@/config/paths';

export { LANG_COOKIE, LANG_COOKIE_DAYS, rootLocaleRedirect } from '@podpot/domain/locale';

export function buildLangCookie(locale: AppLocale, now: Date = new Date()): string {
  const expires = new Date(now.getTime() + LANG_COOKIE_DAYS * 24 * 60 * 60 * 1000);
  return `${LANG_COOKIE}=${locale}; expires=${expires.toUTCString()}; max-age=${LANG_COOKIE_DAYS * 24 * 60 * 60}; path=/; SameSite=Lax`;
}

export function readLangCookie(cookie: string = document.cookie): AppLocale | undefined {
  return langOfCookie(cookie);
}

export function writeLangCookie(locale: AppLocale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every browser we support.
  document.cookie = buildLangCookie(locale);
}

/**
 * The language of the page the user is on, for calls that send them to the payment provider: its
 * checkout or verification pages and the way back follow it (issue 13, bug 10).
 */
export function pageLocale(): AppLocale {
  return typeof window === 'undefined' ? 'en' : localeFromPath(window.location.pathname);
}
