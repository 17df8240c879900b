import type { Locale } from '@podpot/domain/locale';
import { pickStorefrontStrings, STOREFRONT_CATALOG_PARTS, type StorefrontStrings } from '@/storefront/strings';

/*
 * Server build only (server.tsx): the strings a server-rendered page inlines, from every catalog bundled
 * at build time, once per locale and list of parts.
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });
const cache = new Map<string, StorefrontStrings>();

export function serverStrings(locale: Locale, parts: readonly string[] = STOREFRONT_CATALOG_PARTS): StorefrontStrings {
  const key = `${locale}:${parts.join(',')}`;
  let strings = cache.get(key);
  if (!strings) {
    const catalogs: Record<string, Record<string, unknown>> = {};
    for (const [file, module] of Object.entries(modules)) {
      const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
      if (match?.[1] === locale && match[2]) catalogs[match[2]] = module.default;
    }
    strings = pickStorefrontStrings(catalogs, parts);
    cache.set(key, strings);
  }
  return strings;
}
