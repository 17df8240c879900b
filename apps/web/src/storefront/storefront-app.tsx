import type { PublicTipjar } from '@podpot/domain';
import type { Locale } from '@podpot/domain/locale';
import type { ReactNode } from 'react';
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

/**
 * A part of the page only the server draws (decision 032: the goal and the supporter wall), so its code
 * is not in the browser's JavaScript: its elements on the server (and in `npm run dev`), the HTML the
 * server wrote in the browser, which hydration keeps as it is. Absent: not on the page.
 */
export type ServerPart = ReactNode | { html: string };

/** The element ids of the server parts: the browser finds the server's HTML by them (boot.tsx). */
export const SERVER_PART_IDS = { goal: 'sf-goal', wall: 'sf-wall' } as const;

/** In the browser: the server parts as the server wrote them into `page`, to hydrate them unchanged. */
export function readServerParts(page: ParentNode): { goal?: ServerPart; wall?: ServerPart } {
  const part = (id: string) => {
    const element = page.querySelector(`#${id}`);
    return element ? { html: element.innerHTML } : undefined;
  };
  return { goal: part(SERVER_PART_IDS.goal), wall: part(SERVER_PART_IDS.wall) };
}

function ServerPartOf({ id, part, className }: { id: string; part: ServerPart; className?: string }) {
  if (part === undefined || part === null || part === false) return null;
  if (typeof part === 'object' && 'html' in part) {
    // The HTML is the server render's own, read back from this very element (readServerParts): nothing new
    // goes in, and hydration keeps what is there.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own server-rendered markup, unchanged
    return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: part.html }} />;
  }
  return (
    <div id={id} className={className}>
      {part}
    </div>
  );
}

function TipjarHeader({ tipjar, t }: { tipjar: PublicTipjar; t: Translate }) {
  const alt = t('storefront:header.imageAlt', { name: tipjar.name });
  // The artwork we stored from the feed (our own URL) before a hand-entered image address.
  const image = tipjar.artworkUrl ?? tipjar.imageUrl;
  return (
    <header className="sf-tipjar">
      {image ? (
        <img className="sf-avatar" src={image} alt={alt} width={96} height={96} />
      ) : (
        <div className="sf-avatar" role="img" aria-label={alt}>
          {tipjar.name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div className="sf-tipjar-text">
        <h1>{tipjar.name}</h1>
        {tipjar.feedVerified && (
          // The maker proved they own the podcast's feed (a code sent to the feed's owner address).
          <p className="sf-verified" data-testid="verified-podcast" title={t('storefront:header.verifiedHint')}>
            <Icon name="verified" />
            {t('storefront:header.verified')}
          </p>
        )}
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
 * The public page of one LIVE tip jar (spec §2): who the maker is, this month's goal, the tip form with
 * checkout and the recent supporters. The same tree renders on the server (server.tsx) and hydrates in
 * the browser (main.tsx); the goal and the wall are `parts` only the server draws.
 */
export function StorefrontApp({
  tipjar,
  locale,
  t,
  parts = {},
}: StorefrontData & { t: Translate; parts?: { goal?: ServerPart; wall?: ServerPart } }) {
  return (
    <div className="sf-page">
      <TopBar t={t} locale={locale} path={routePath('storefront', { tipjarslug: tipjar.slug })} />
      <main className="sf-main">
        <div className="sf-card">
          <TipjarHeader tipjar={tipjar} t={t} />
          <ServerPartOf id={SERVER_PART_IDS.goal} part={parts.goal} />
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
        <ServerPartOf id={SERVER_PART_IDS.wall} part={parts.wall} className="sf-card sf-wall-card" />
      </main>
    </div>
  );
}
