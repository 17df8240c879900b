import type { PublicEpisode, PublicTipjar } from '@podpot/domain';
import { shownEpisodeNumber } from '@podpot/domain/episode-number';
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
  /** On an episode's tip page (`/{slug}/e/{episodeId}`): the episode the tip is for. */
  episode?: PublicEpisode | null;
}

/** The episode tip page's heading: 'Tip for episode 42: Title', or 'Tip for “Title”' without a number. */
export function episodeHeading(episode: Pick<PublicEpisode, 'title' | 'number'>, t: Translate): string {
  const number = shownEpisodeNumber(episode);
  return number === null
    ? t('storefront:episodes.tipFor', { title: episode.title })
    : t('storefront:episodes.tipForNumber', { number, title: episode.title });
}

/**
 * A part of the page only the server draws (decision 032: the goal and the supporter wall), so its code
 * is not in the browser's JavaScript: its elements on the server (and in `npm run dev`), the HTML the
 * server wrote in the browser, which hydration keeps as it is. Absent: not on the page.
 */
export type ServerPart = ReactNode | { html: string };

/** The element ids of the server parts: the browser finds the server's HTML by them (boot.tsx). */
export const SERVER_PART_IDS = { goal: 'sf-goal', episodes: 'sf-episodes', wall: 'sf-wall' } as const;

export type ServerParts = Partial<Record<keyof typeof SERVER_PART_IDS, ServerPart>>;

/** In the browser: the server parts as the server wrote them into `page`, to hydrate them unchanged. */
export function readServerParts(page: ParentNode): ServerParts {
  const part = (id: string) => {
    const element = page.querySelector(`#${id}`);
    return element ? { html: element.innerHTML } : undefined;
  };
  return {
    goal: part(SERVER_PART_IDS.goal),
    episodes: part(SERVER_PART_IDS.episodes),
    wall: part(SERVER_PART_IDS.wall),
  };
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
 * The public page of one LIVE tip jar (docs/product.md §2): who the maker is, this month's goal, the tip form with
 * checkout, the recent episodes and the recent supporters. The same tree renders on the server
 * (src/entries/storefront-server.tsx) and hydrates in the browser (boot.tsx); the goal, the episodes and the wall are `parts`
 * only the server draws. With an `episode` it is that episode's tip page: named above the form, and the
 * tip records it.
 */
export function StorefrontApp({
  tipjar,
  locale,
  t,
  episode,
  parts = {},
}: StorefrontData & { t: Translate; parts?: ServerParts }) {
  const path = episode
    ? routePath('storefrontEpisode', { tipjarslug: tipjar.slug, episodeid: episode.id })
    : routePath('storefront', { tipjarslug: tipjar.slug });
  return (
    <div className="sf-page">
      <TopBar t={t} locale={locale} path={path} />
      <main className="sf-main">
        <div className="sf-card">
          <TipjarHeader tipjar={tipjar} t={t} />
          <ServerPartOf id={SERVER_PART_IDS.goal} part={parts.goal} />
          <hr />
          {episode && (
            <h2 className="sf-episode-heading" data-testid="episode-heading">
              {episodeHeading(episode, t)}
            </h2>
          )}
          {tipjar.acceptsTips === false ? (
            // No merchant yet, or the payment provider stopped it: say so instead of a form that must fail.
            <p className="sf-alert sf-info" data-testid="not-accepting-tips">
              {t('storefront:errors.notAcceptingTips')}
            </p>
          ) : (
            <TipForm
              tipjar={tipjar}
              t={t}
              locale={locale}
              episodeId={episode?.id}
              episodeDuration={episode?.duration}
            />
          )}
        </div>
        <ServerPartOf id={SERVER_PART_IDS.episodes} part={parts.episodes} className="sf-card sf-episodes-card" />
        <ServerPartOf id={SERVER_PART_IDS.wall} part={parts.wall} className="sf-card sf-wall-card" />
      </main>
    </div>
  );
}
