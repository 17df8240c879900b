import type { Locale } from '@podpot/domain/locale';
import { renderToString } from 'react-dom/server';
import { env } from '@/config/env';
import { HomeApp } from '@/home/home-app';
import { HOME_CATALOG_PARTS } from '@/home/strings';
import { serverStrings } from '@/storefront/server-strings';
import { createTranslate, type StorefrontStrings } from '@/storefront/strings';

/**
 * The landing page in `locale` for the server build (storefront/server.tsx exports it): the HTML of
 * home.html's `#root`, its title, and the strings the client (boot.tsx) hydrates it with.
 */
export function renderHome(input: { locale: Locale }): { html: string; title: string; strings: StorefrontStrings } {
  const strings = serverStrings(input.locale, HOME_CATALOG_PARTS);
  const t = createTranslate(strings, env.brandName);
  return {
    html: renderToString(<HomeApp t={t} locale={input.locale} />),
    title: `${t('home:title')} - ${env.brandName}`,
    strings,
  };
}
