import type { Locale } from '@podpot/domain/locale';
import { useEffect, useId, useState } from 'react';
import { LogoShapes } from '@/components/logo-shapes';
import { publicMenuEntries } from '@/components/public-menu-entries';
import { localizePath, routePath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { writeLangCookie } from '@/lib/locale';
import { useOnline } from '@/lib/online';
import { Icon } from '@/storefront/icons';
import type { Translate } from '@/storefront/strings';

/** The brand mark (components/logo.tsx without MUI): a pot with a coin, plus the name. */
function Logo({ t }: { t: Translate }) {
  return (
    <svg className="sf-logo" viewBox="0 0 100 50" role="img" aria-label={t('common:logo.alt')}>
      <LogoShapes brand={t('common:brand')} />
    </svg>
  );
}

/**
 * While the browser is offline: a bar fixed at the bottom, over everything (as the app's OfflineBanner);
 * the page gets room below its end to scroll it above the bar.
 */
function OfflineNotice({ t }: { t: Translate }) {
  const online = useOnline();
  useEffect(() => {
    document.body.classList.toggle('sf-is-offline', !online);
  }, [online]);
  if (online) return null;
  return (
    <p className="sf-offline" role="status" data-testid="offline-banner">
      {t('common:offline')}
    </p>
  );
}

/**
 * The storefront's top bar (docs/product.md §2, as the app's TopBar draws it): back, the logo home (not on the
 * home page itself), the language switch, log in or my account, and the public menu from the right.
 * Plain links: the storefront and the landing page have no router, every other page is the full app's.
 * `path`: this page's address without the language prefix ('/' on the landing page, src/home).
 */
export function TopBar({ t, locale, path }: { t: Translate; locale: Locale; path: string }) {
  const [open, setOpen] = useState(false);
  const { user, loggedIn } = useAuth();
  const menuId = useId();
  const other = locale === 'nl' ? 'en' : 'nl';
  const home = localizePath(routePath('home'), locale);
  return (
    <>
      <header className="sf-bar">
        <button
          type="button"
          className="sf-button sf-text"
          onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign(home))}
        >
          <Icon name="back" />
          {t('common:topbar.back')}
        </button>
        {path !== routePath('home') && (
          <a href={home} aria-label={t('common:topbar.home')} className="sf-home">
            <Logo t={t} />
          </a>
        )}
        <span className="sf-grow" />
        <a
          className="sf-button sf-text"
          href={localizePath(path, other)}
          lang={other}
          aria-label={t('common:language.switchTo', { language: t(`common:language.${other}`) })}
          onClick={() => writeLangCookie(other)}
        >
          <Icon name="translate" />
          {t(`common:language.short.${other}`)}
        </a>
        <a
          className="sf-button sf-text sf-wide-only"
          href={localizePath(routePath(user ? 'account' : 'login'), locale)}
        >
          {t(user ? 'common:topbar.myAccount' : 'common:nav.login')}
        </a>
        <button
          type="button"
          className="sf-button sf-icon-button"
          aria-label={t('common:topbar.toggleSidebar')}
          aria-controls={menuId}
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          <Icon name="menu" />
        </button>
      </header>
      <nav id={menuId} className="sf-menu" hidden={!open} aria-label={t('common:nav.label')}>
        <ul>
          {publicMenuEntries(user, loggedIn).map((entry) => (
            <li key={entry.key}>
              <a href={localizePath(entry.to, locale)}>{t(`common:nav.${entry.key}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <OfflineNotice t={t} />
    </>
  );
}
