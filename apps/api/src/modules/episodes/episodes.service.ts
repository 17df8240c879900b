import {
  EPISODE_STATISTICS_MAX,
  type EpisodePage,
  type EpisodeStatistics,
  type FeedRefreshState,
  type PublicEpisode,
  STOREFRONT_EPISODES,
} from '@podpot/domain';
import { z } from 'zod';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { StorefrontExtras } from '../tipjars/tipjars.ports.js';
import { findPublicTipjar } from '../tipjars/tipjars.service.js';
import * as repo from './episodes.repository.js';

/*
 * A tip jar's episodes as the API shows them (decision 034): the storefront's recent episodes, the
 * episode tip page, the per-episode statistics and the feed refresh state of the backoffice.
 */

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export function toPublicEpisode(row: repo.EpisodeRow): PublicEpisode {
  return {
    id: row.id,
    title: row.title,
    number: row.number,
    season: row.season,
    publishedAt: iso(row.publishedAt),
    link: row.link,
    duration: row.duration,
  };
}

/** The storefront's newest episodes (handed to the tip jars' public answer in app.ts). */
export async function recentEpisodesOf(db: DbOrTx, tipjarId: string): Promise<PublicEpisode[]> {
  return (await repo.recentEpisodes(db, tipjarId, STOREFRONT_EPISODES)).map(toPublicEpisode);
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** A LIVE tip jar's episode still in its feed, or undefined (unknown, another tip jar's, not a uuid). */
export async function findPublicEpisode(
  ctx: AppContext,
  storefront: StorefrontExtras,
  slug: string,
  episodeId: string,
) {
  if (!isUuid(episodeId)) return undefined;
  const tipjar = await findPublicTipjar(ctx, storefront, slug);
  if (!tipjar) return undefined;
  const episode = await repo.findEpisode(ctx.db, tipjar.id, episodeId);
  return episode ? { tipjar, episode } : undefined;
}

/** GET tipjars/slug/{slug}/e/{episodeId}: the episode tip page's data; 404 for anything else. */
export async function getEpisodePage(
  ctx: AppContext,
  storefront: StorefrontExtras,
  slug: string,
  episodeId: string,
): Promise<EpisodePage> {
  const found = await findPublicEpisode(ctx, storefront, slug, episodeId);
  if (!found) throw AppError.notFound('Episode');
  return { episode: toPublicEpisode(found.episode) };
}

/** GET tipjars/{id}/episodes/statistics (its admins and platform admins): counted tips per episode. */
export async function getEpisodeStatistics(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
): Promise<EpisodeStatistics> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const rows = await repo.tipsPerEpisode(ctx.db, tipjarId, EPISODE_STATISTICS_MAX);
  return {
    rows: rows.map((row) => ({
      episode:
        row.id === null
          ? null
          : { id: row.id, title: row.title ?? '', number: row.number, publishedAt: iso(row.published_at) },
      count: Number(row.count),
      gross: Number(row.gross),
      net: Number(row.net),
      ...(row.id === null ? {} : { boosts: { count: Number(row.boosts), open: Number(row.boosts_open) } }),
    })),
  };
}

/** The feed refresh state of a tip jar (the Share page); null without a feed address. */
export async function feedRefreshStateOf(
  db: DbOrTx,
  tipjar: { id: string; rssUrl: string | null },
): Promise<FeedRefreshState | null> {
  if (!tipjar.rssUrl) return null;
  const [state, episodeCount] = await Promise.all([
    repo.findFeedRefresh(db, tipjar.id),
    repo.countEpisodes(db, tipjar.id),
  ]);
  // A state of another address (saved since, not read yet) tells nothing about this one.
  const current = state && state.feedUrl === tipjar.rssUrl ? state : undefined;
  return {
    lastFetchedAt: iso(current?.lastFetchedAt ?? null),
    failures: current?.failures ?? 0,
    stoppedAt: iso(current?.stoppedAt ?? null),
    episodeCount,
    fundingLinked: current?.fundingLinked ?? null,
  };
}

/** A tip jar's feed address was saved or verified: its refresh starts over at the job's next run. */
export async function feedSaved(db: DbOrTx, tipjarId: string): Promise<void> {
  await repo.resetFeedRefresh(db, tipjarId);
}
