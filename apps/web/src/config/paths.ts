/**
 * The route table lives in @podpot/domain (routes.ts), shared with the API. This module keeps the
 * web app's import path and its name for the locale type. Plain modules only: the storefront chunk
 * imports it, so it must not pull the rest of the domain package (phone metadata).
 */
export type { Locale as AppLocale } from '@podpot/domain/locale';
export { DEFAULT_LOCALE, LOCALE_PREFIX, LOCALES } from '@podpot/domain/locale';
export * from '@podpot/domain/routes';
