import type { PublicTipjar } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import { routePath } from '@/config/paths';
import { Icon } from '@/storefront/icons';
import type { Translate } from '@/storefront/strings';
import { TipForm } from '@/storefront/tip-form';
import { TopBar } from '@/storefront/top-bar';

/** What the server writes into a storefront's page for the client (and renders it from). */
export interface StorefrontData {
  tipjar: PublicTipjar;
  locale: Locale;
}

function TipjarHeader({ tipjar, t }: { tipjar: PublicTipjar; t: Translate }) {
  const alt = t('storefront:header.imageAlt', { name: tipjar.name });
  return (
    <header className="sf-tipjar">
      {tipjar.imageUrl ? (
        <img className="sf-avatar" src={tipjar.imageUrl} alt={alt} width={96} height={96} />
      ) : (
        <div className="sf-avatar" role="img" aria-label={alt}>
          {tipjar.name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div className="sf-tipjar-text">
        <h1>{tipjar.name}</h1>
        {tipjar.description && <p className="sf-description">{tipjar.description}</p>}
        <div className="sf-row">
          {tipjar.podcastUrl && (
            <a className="sf-button sf-text sf-small-button" href={tipjar.podcastUrl} target="_blank" rel="noopener">
              <Icon name="podcast" />
              {t('storefront:header.listen')}
            </a>
          )}
          {tipjar.rssUrl && (
            <a className="sf-button sf-text sf-small-button" href={tipjar.rssUrl} target="_blank" rel="noopener">
              <Icon name="rss" />
              {t('storefront:header.rss')}
            </a>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The public page of one LIVE tip jar (spec §2): who the maker is, and the tip form with checkout.
 * The same tree renders on the server (server.tsx) and hydrates in the browser (main.tsx).
 */
export function StorefrontApp({ tipjar, locale, t }: StorefrontData & { t: Translate }) {
  return (
    <div className="sf-page">
      <TopBar t={t} locale={locale} path={routePath('storefront', { tipjarslug: tipjar.slug })} />
      <main className="sf-main">
        <div className="sf-card">
          <TipjarHeader tipjar={tipjar} t={t} />
          <hr />
          {tipjar.acceptsTips === false ? (
            // No merchant yet, or the payment provider stopped it: say so instead of a form that must fail.
            <p className="sf-alert sf-info" data-testid="not-accepting-tips">
              {t('storefront:errors.notAcceptingTips')}
            </p>
          ) : (
            <TipForm tipjar={tipjar} t={t} locale={locale} />
          )}
        </div>
      </main>
    </div>
  );
}
