import type { Locale } from '@podpot/domain/locale';
import { HOME_ISLAND_IDS } from '@podpot/domain/routes';
import { routePath } from '@/config/paths';
import { SearchBox } from '@/home/search-box';
import type { Translate } from '@/storefront/strings';
import { TopBar } from '@/storefront/top-bar';

/*
 * The landing page's own entry is static HTML with two islands that React hydrates (boot.tsx): the top
 * bar and the search box. The rest of the page has nothing to do in the browser, so hydrating it would
 * only cost a phone's main thread (measured: Total Blocking Time). Each island is rendered and hydrated
 * as a root of its own, with its own `identifierPrefix` so their useId values cannot meet.
 */
export const HOME_ISLANDS = {
  bar: {
    id: HOME_ISLAND_IDS.bar,
    prefix: 'bar-',
    render: (t: Translate, locale: Locale) => <TopBar t={t} locale={locale} path={routePath('home')} />,
  },
  search: {
    id: HOME_ISLAND_IDS.search,
    prefix: 'search-',
    render: (t: Translate, locale: Locale) => <SearchBox t={t} locale={locale} />,
  },
} as const;
