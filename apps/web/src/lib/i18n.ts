import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { env } from '@/config/env';
import { type AppLocale, LOCALES, localeFromPath } from '@/config/paths';

/**
 * All catalogs, `locales/<lng>/<namespace>.json`, bundled (they are small) — but those of a feature that
 * only a few pages show, which its own chunk adds when it loads (`addCatalogs`, decision 093), so every
 * page of the app does not carry them.
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../locales/*/*.json', '!../locales/*/{bonus,webhooks,apitokens}.json'],
  { eager: true },
);

export const catalogs: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, module] of Object.entries(modules)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lng = '', ns = ''] = match;
  catalogs[lng] ??= {};
  catalogs[lng][ns] = module.default;
}

export const NAMESPACES = Object.keys(catalogs.en ?? {});

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: catalogs as Resource,
  lng: typeof window === 'undefined' ? 'en' : localeFromPath(window.location.pathname),
  supportedLngs: [...LOCALES],
  fallbackLng: false,
  ns: NAMESPACES,
  defaultNS: 'common',
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
  interpolation: {
    // React escapes already.
    escapeValue: false,
    // The brand ({product} in docs/product.md) is available in every string as {{product}}.
    defaultVariables: { product: env.brandName },
  },
  react: { useSuspense: false },
});

export function setLanguage(locale: AppLocale): void {
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** A namespace left out of the main bundle (see `modules`), added by the chunk that uses it, in every language. */
export function addCatalogs(ns: string, byLanguage: Record<AppLocale, Record<string, unknown>>): void {
  for (const locale of LOCALES) i18n.addResourceBundle(locale, ns, byLanguage[locale], true, false);
}
