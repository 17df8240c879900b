import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { Landing } from '@/home/landing';
import { SearchBox } from '@/home/search-box';
import { useLocale } from '@/lib/use-locale';
import type { Translate } from '@/storefront/strings';
import '@/home/home.css';

/**
 * Home ('Fooi geven'): the landing page (src/home). A first visit gets it from the server as its own
 * small page (home.html); inside the app (the logo, a menu entry) the app draws the same tree here.
 */
export default function HomePage() {
  const { t: translate } = useTranslation();
  const locale = useLocale();
  // The landing page names its keys `namespace:key`, as i18next reads them.
  const t = useCallback<Translate>((key, params) => String(translate(key as never, params as never)), [translate]);
  return (
    <>
      <PageTitle title={t('home:title')} />
      <Landing t={t} locale={locale} search={<SearchBox t={t} locale={locale} />} />
    </>
  );
}
