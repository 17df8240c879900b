import type { PublicEpisode, PublicTipjar } from '@podpot/domain';
import { useEffect, useState } from 'react';
import { NotFoundPage } from '@/components/error-page';
import { env } from '@/config/env';
import { routePath } from '@/config/paths';
import { useLocale } from '@/lib/use-locale';
import { getEpisodePage } from '@/storefront/api/get-episode-page';
import { getPublicTipjar } from '@/storefront/api/get-public-tipjar';
import { catalogStrings } from '@/storefront/catalog-strings';
import { StorefrontApp } from '@/storefront/storefront-app';
import { createTranslate } from '@/storefront/strings';
import { storefrontParts } from '@/storefront/supporters';
import { TopBar } from '@/storefront/top-bar';
import '@/storefront/storefront.css';
import '@/storefront/supporters.css';

/**
 * `npm run dev` only: Vite's dev server has no storefront page of the API, so the app's storefront route
 * draws the storefront in the browser (tip jar from the API, strings from the bundled catalogs), with
 * its own top bar as the server's page has it: the route's layout draws none in development.
 */
export default function DevStorefront({ slug, episodeId }: { slug: string; episodeId?: string }) {
  const locale = useLocale();
  const [page, setPage] = useState<{ tipjar: PublicTipjar | null; episode: PublicEpisode | null } | undefined>();
  useEffect(() => {
    Promise.all([getPublicTipjar(slug), episodeId ? getEpisodePage(slug, episodeId) : null]).then(
      ([tipjar, episodePage]) =>
        // An unknown episode is a 404 like an unknown tip jar.
        setPage(
          episodeId && !episodePage
            ? { tipjar: null, episode: null }
            : { tipjar, episode: episodePage?.episode ?? null },
        ),
      () => setPage({ tipjar: null, episode: null }),
    );
  }, [slug, episodeId]);
  if (page === undefined) return null;
  const { tipjar, episode } = page;
  const t = createTranslate(catalogStrings(locale), env.brandName);
  if (tipjar === null) {
    return (
      <>
        <TopBar t={t} locale={locale} path={routePath('storefront', { tipjarslug: slug })} />
        <NotFoundPage />
      </>
    );
  }
  return (
    <StorefrontApp
      tipjar={tipjar}
      locale={locale}
      t={t}
      episode={episode}
      parts={storefrontParts(tipjar, t, locale, new Date())}
    />
  );
}
