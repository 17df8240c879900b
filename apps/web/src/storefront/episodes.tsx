import type { PublicEpisode } from '@podpot/domain';
import { shownEpisodeNumber } from '@podpot/domain/episode-number';
import type { Locale } from '@podpot/domain/locale';
import { localizePath, routePath } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { Translate } from '@/storefront/strings';

/*
 * The storefront's recent episodes (issue 14 part 2). Drawn by the server build only, like the goal and
 * the wall (storefront-app.tsx ServerPart): plain links to each episode's tip page, so none of this is in
 * a listener's first-visit JavaScript. The episode page's own heading is `episodeHeading`, which is.
 */

/** '42 min' / '1 h 05 min' (rounded to the minute; under a minute is '1 min'). */
export function episodeDuration(seconds: number, t: Translate): string {
  const total = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return hours > 0
    ? t('storefront:episodes.durationHours', { hours, minutes: String(minutes).padStart(2, '0') })
    : t('storefront:episodes.durationMinutes', { minutes });
}

/** The episode's address on this storefront, in the page's language. */
export function episodePath(slug: string, episodeId: string, locale: Locale): string {
  return localizePath(routePath('storefrontEpisode', { tipjarslug: slug, episodeid: episodeId }), locale);
}

export function EpisodeList({
  slug,
  episodes,
  t,
  locale,
}: {
  slug: string;
  episodes: PublicEpisode[];
  t: Translate;
  locale: Locale;
}) {
  return (
    <section className="sf-episodes" aria-labelledby="sf-episodes-title">
      <h2 id="sf-episodes-title">{t('storefront:episodes.title')}</h2>
      <ul className="sf-episode-list">
        {episodes.map((episode) => {
          const number = shownEpisodeNumber(episode);
          return (
            <li key={episode.id} className="sf-episode">
              <a href={episodePath(slug, episode.id, locale)} data-testid="episode-link">
                {number !== null && (
                  <span className="sf-episode-number">{t('storefront:episodes.number', { number })}</span>
                )}
                <span className="sf-episode-title">{episode.title}</span>
              </a>
              <p className="sf-episode-meta">
                {episode.publishedAt && (
                  <time dateTime={episode.publishedAt}>{formatDate(episode.publishedAt, locale)}</time>
                )}
                {episode.publishedAt && episode.duration !== null && <span aria-hidden="true"> · </span>}
                {episode.duration !== null && <span>{episodeDuration(episode.duration, t)}</span>}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
