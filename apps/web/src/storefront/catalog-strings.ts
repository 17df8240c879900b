import type { Locale } from '@podpot/domain/locale';
import { catalogs } from '@/lib/i18n';
import { pickStorefrontStrings, type StorefrontStrings } from '@/storefront/strings';

/**
 * The storefront's strings from the app's catalogs, in the browser: only when the server had no
 * storefront server build to render the page and inline them (boot.tsx), and in `npm run dev`.
 */
export function catalogStrings(locale: Locale, parts?: readonly string[]): StorefrontStrings {
  return pickStorefrontStrings(catalogs[locale] ?? {}, parts);
}
