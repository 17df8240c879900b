import { z } from 'zod';

/*
 * A podcast's episodes as Podpot keeps them (issue 14 part 2): read from the tip jar's feed by the
 * refresh job, shown on the storefront, tipped one by one at `/{slug}/e/{episodeId}`, and counted per
 * episode in the backoffice. `id` is ours (a uuid), stable across refreshes: the feed's guid maps to it.
 */

/** How many recent episodes the storefront lists. */
export const STOREFRONT_EPISODES = 5;
/** How many episodes the backoffice's per-episode statistics cover (the newest that were tipped or published). */
export const EPISODE_STATISTICS_MAX = 50;
/** The refresh job reads a feed at most this often. */
export const FEED_REFRESH_INTERVAL_MINUTES = 60;
/** After this many failed refreshes in a row the job stops reading the feed and mails the maker. */
export const FEED_REFRESH_MAX_FAILURES = 5;

/** One episode, as anyone may see it (storefront, episode tip page, receipts). */
export const PublicEpisodeSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** itunes:episode / podcast:episode, when the feed numbers it. */
  number: z.number().int().nullable(),
  season: z.number().int().nullable(),
  /** ISO 8601, or null when the feed gives no readable date. */
  publishedAt: z.string().nullable(),
  /** The episode's own web page from the feed, or null. */
  link: z.string().nullable(),
  /** Seconds, or null. */
  duration: z.number().int().nullable(),
});
export type PublicEpisode = z.infer<typeof PublicEpisodeSchema>;

/** `GET tipjars/slug/{slug}/e/{episodeId}`: the episode tip page's data (404 when unknown or not this tip jar's). */
export const EpisodePageSchema = z.object({
  episode: PublicEpisodeSchema,
});
export type EpisodePage = z.infer<typeof EpisodePageSchema>;

/** A tip's episode as its tip jar's admins see it in lists and the CSV (title kept even if the feed drops it). */
export const TipEpisodeRefSchema = z.object({ id: z.uuid(), title: z.string(), number: z.number().int().nullable() });
export type TipEpisodeRef = z.infer<typeof TipEpisodeRefSchema>;

/** One row of `GET tipjars/{id}/episodes/statistics` (counted tips only, like every statistic). */
export const EpisodeStatisticsRowSchema = z.object({
  /** null = tips given on the storefront without an episode. */
  episode: TipEpisodeRefSchema.extend({ publishedAt: z.string().nullable() }).nullable(),
  count: z.number().int(),
  /** Cents: amount minus what was refunded. */
  gross: z.number().int(),
  /** Cents: gross minus the platform fee kept. */
  net: z.number().int(),
  /** Paid boosts of the episode (decision 097): messages to read on air, and how many are not ticked done yet. */
  boosts: z.object({ count: z.number().int(), open: z.number().int() }).optional(),
});
export type EpisodeStatisticsRow = z.infer<typeof EpisodeStatisticsRowSchema>;

export const EpisodeStatisticsSchema = z.object({
  /** Newest episode first (by publishedAt, then title); the "no episode" row last. */
  rows: z.array(EpisodeStatisticsRowSchema),
});
export type EpisodeStatistics = z.infer<typeof EpisodeStatisticsSchema>;

/** The feed refresh state a maker sees in the backoffice (settings / share page). */
export const FeedRefreshStateSchema = z.object({
  lastFetchedAt: z.string().nullable(),
  /** Failed reads in a row; the job stops at FEED_REFRESH_MAX_FAILURES. */
  failures: z.number().int(),
  /** Set when the job stopped after repeated failures (saving the feed URL again restarts it). */
  stoppedAt: z.string().nullable(),
  episodeCount: z.number().int(),
  /** Whether the feed carried a podcast:funding tag pointing at this tip jar on the last read; null = not read yet. */
  fundingLinked: z.boolean().nullable(),
});
export type FeedRefreshState = z.infer<typeof FeedRefreshStateSchema>;
