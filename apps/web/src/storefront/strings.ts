/**
 * The storefront's own translator: the current locale's storefront strings, flattened to
 * `namespace:dotted.key` → text, written into the page by the server (server.tsx) so the client
 * carries no catalogs and no i18next. `{{name}}` placeholders as in the catalogs; `{{product}}` is the
 * brand everywhere.
 */
export type StorefrontStrings = Record<string, string>;
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The parts the light top bar (top-bar.tsx) shows, on the storefront and the landing page. */
export const TOP_BAR_CATALOG_PARTS = [
  'common:topbar',
  'common:nav',
  'common:language',
  'common:logo',
  'common:brand',
  'common:offline',
] as const;

/** Which parts of which catalogs (locales/<lng>/<ns>.json) the storefront shows: a namespace, or one key of it. */
export const STOREFRONT_CATALOG_PARTS = [
  'storefront',
  'checkout',
  'validation',
  'recurringtips:storefront',
  'yearlytips:storefront',
  'levels:storefront',
  'boosts:storefront',
  'errors:codes',
  'errors:status',
  ...TOP_BAR_CATALOG_PARTS,
] as const;

function flatten(prefix: string, value: unknown, into: StorefrontStrings): void {
  if (typeof value === 'string') into[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(`${prefix}.${key}`, child, into);
  }
}

/** The strings of one locale from its catalogs (`{ ns: catalog }`): the storefront's, or the `parts` given. */
export function pickStorefrontStrings(
  catalogs: Record<string, Record<string, unknown>>,
  parts: readonly string[] = STOREFRONT_CATALOG_PARTS,
): StorefrontStrings {
  const strings: StorefrontStrings = {};
  for (const part of parts) {
    const [ns = '', key] = part.split(':');
    const catalog = catalogs[ns] ?? {};
    if (key) flatten(`${ns}:${key}`, catalog[key], strings);
    else for (const [name, value] of Object.entries(catalog)) flatten(`${ns}:${name}`, value, strings);
  }
  return strings;
}

/** The tip widget's page (`/{slug}/embed`, decision 094): the storefront's strings and the widget's own. */
export const EMBED_CATALOG_PARTS = [...STOREFRONT_CATALOG_PARTS, 'widget:embed'] as const;

/** `t('storefront:amount.title')`; an unknown key shows itself (as i18next does). */
export function createTranslate(strings: StorefrontStrings, brand: string): Translate {
  return (key, params = {}) => {
    const text = strings[key] ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const value = name === 'product' && params.product === undefined ? brand : params[name];
      return value === undefined ? whole : String(value);
    });
  };
}
