import { TOP_BAR_CATALOG_PARTS } from '@/storefront/strings';

/** Which parts of which catalogs the landing page shows (see storefront/strings.ts): the server inlines them. */
export const HOME_CATALOG_PARTS = ['home', ...TOP_BAR_CATALOG_PARTS] as const;
