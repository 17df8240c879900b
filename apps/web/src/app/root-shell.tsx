import { LinearProgress } from '@mui/material';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Notifier } from '@/components/notifier';
import { OfflineBanner } from '@/components/offline-banner';
import { PageTitle } from '@/components/page-title';
import { localeFromPath } from '@/config/paths';
import { schedulePageView } from '@/lib/analytics';
import { setLanguage } from '@/lib/i18n';
import { writeLangCookie } from '@/lib/locale';

/** Around every page: locale from the URL, page views, hash scrolling, notifications, offline banner. */
export function RootShell() {
  const location = useLocation();
  const { t } = useTranslation();
  const locale = localeFromPath(location.pathname);

  useEffect(() => {
    setLanguage(locale);
    writeLangCookie(locale);
  }, [locale]);

  // Page-view event 250 ms after each route change (docs/product.md §9).
  useEffect(() => schedulePageView(location.pathname + location.search), [location.pathname, location.search]);

  // Hash links (/#podcastluisteraar, /podcastmaker#order) scroll to their section once it is rendered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path without hash scrolls to the top.
  useEffect(() => {
    if (!location.hash) {
      window.scrollTo?.(0, 0);
      return;
    }
    const id = decodeURIComponent(location.hash.slice(1));
    let tries = 0;
    const timer = window.setInterval(() => {
      const element = document.getElementById(id);
      if (element || ++tries > 20) {
        element?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        window.clearInterval(timer);
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [location.pathname, location.hash]);

  return (
    <>
      {/* The brand title while no page renders its own (a page's <title> covers it). */}
      <PageTitle />
      <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
        <Outlet />
      </Suspense>
      {/* After the page: its place in the flow is the room below the page's end (the bar itself is fixed). */}
      <OfflineBanner />
      <Notifier />
    </>
  );
}
