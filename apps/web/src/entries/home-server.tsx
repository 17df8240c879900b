import type { Locale } from '@podpot/domain/locale';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { env } from '@/config/env';
import { HOME_ISLANDS } from '@/home/home-app';
import { Landing } from '@/home/landing';
import { HOME_CATALOG_PARTS } from '@/home/strings';
import { serverStrings } from '@/storefront/server-strings';
import { createTranslate, type StorefrontStrings } from '@/storefront/strings';

/**
 * The landing page's server-render entry: the page in `locale` for the server build (storefront-server.tsx
 * exports it), the HTML of home.html's `#root` (static markup with the two islands src/home/boot.tsx
 * hydrates, home-app.tsx), its title and meta description, and the strings the client needs.
 */
export function renderHome(input: { locale: Locale }): {
  html: string;
  title: string;
  description: string;
  strings: StorefrontStrings;
} {
  const strings = serverStrings(input.locale, HOME_CATALOG_PARTS);
  const t = createTranslate(strings, env.brandName);
  const island = ({ id, prefix, render }: (typeof HOME_ISLANDS)[keyof typeof HOME_ISLANDS]) => ({
    id,
    html: renderToString(render(t, input.locale), { identifierPrefix: prefix }),
  });
  const bar = island(HOME_ISLANDS.bar);
  const search = island(HOME_ISLANDS.search);
  const page = renderToStaticMarkup(
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server markup of the island. */}
      <div id={bar.id} dangerouslySetInnerHTML={{ __html: bar.html }} />
      <main>
        <Landing
          t={t}
          locale={input.locale}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server markup of the island.
          search={<div id={search.id} dangerouslySetInnerHTML={{ __html: search.html }} />}
        />
      </main>
    </>,
  );
  return {
    html: page,
    title: `${t('home:title')} - ${env.brandName}`,
    description: t('home:metaDescription'),
    strings,
  };
}
