import { LinearProgress } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '@/components/error-page';

/** Development only (Vite serves index.html for every path): the storefront drawn in the browser. */
const DevStorefront = lazy(() => import('@/storefront/dev-storefront'));

/**
 * A storefront is its own small page (storefront.html, decision 021), which the server writes for
 * `/{slug}` and an episode's tip page `/{slug}/e/{episodeId}`. Reached inside the app (a link such as the thank-you page's "try again"), the browser loads
 * that page instead. Opened directly, this app shows it only when the server found no tippable tip jar
 * there: the 404 page.
 */
export default function StorefrontPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { tipjarslug = '', episodeid } = useParams();
  const arrivedHere = location.key === 'default';
  useEffect(() => {
    // replace: the app's entry for this address gives way to the storefront's page (back skips it).
    if (!arrivedHere) window.location.replace(location.pathname + location.search + location.hash);
  }, [arrivedHere, location]);
  if (!arrivedHere) return <LinearProgress aria-label={t('loading')} />;
  if (import.meta.env.DEV) {
    return (
      <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
        <DevStorefront slug={tipjarslug.toLowerCase()} episodeId={episodeid} />
      </Suspense>
    );
  }
  return <NotFoundPage />;
}
