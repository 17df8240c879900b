import type { PublicTipjar } from '@podpot/domain';
import { useEffect, useState } from 'react';
import { NotFoundPage } from '@/components/error-page';
import { env } from '@/config/env';
import { routePath } from '@/config/paths';
import { getPublicTipjar } from '@/features/storefront/api/get-public-tipjar';
import { useLocale } from '@/lib/use-locale';
import { catalogStrings } from '@/storefront/catalog-strings';
import { StorefrontApp } from '@/storefront/storefront-app';
import { createTranslate } from '@/storefront/strings';
import { supporterParts } from '@/storefront/supporters';
import { TopBar } from '@/storefront/top-bar';
import '@/storefront/storefront.css';
import '@/storefront/supporters.css';

/**
 * `npm run dev` only: Vite's dev server has no storefront page of the API, so the app's storefront route
 * draws the storefront in the browser (tip jar from the API, strings from the bundled catalogs), with
 * its own top bar as the server's page has it: the route's layout draws none in development.
 */
export default function DevStorefront({ slug }: { slug: string }) {
  const locale = useLocale();
  const [tipjar, setTipjar] = useState<PublicTipjar | null | undefined>(undefined);
  useEffect(() => {
    getPublicTipjar(slug).then(setTipjar, () => setTipjar(null));
  }, [slug]);
  if (tipjar === undefined) return null;
  const t = createTranslate(catalogStrings(locale), env.brandName);
  if (tipjar === null) {
    return (
      <>
        <TopBar t={t} locale={locale} path={routePath('storefront', { tipjarslug: slug })} />
        <NotFoundPage />
      </>
    );
  }
  return <StorefrontApp tipjar={tipjar} locale={locale} t={t} parts={supporterParts(tipjar, t, locale, new Date())} />;
}
