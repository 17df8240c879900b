import { appUrl, FEED_REFRESH_INTERVAL_MINUTES, FEED_REFRESH_MAX_FAILURES, LOCALES, shareUrl } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import { publicReadsChanged } from '../../lib/public-cache.js';
import { feedStoppedMail } from '../../mail/feed-mails.js';
import { queueMail } from '../../mail/outbox.js';
import { FeedFetchError, safeFetch } from '../feeds/feeds.fetcher.js';
import { parseFeedInWorker } from '../feeds/feeds.parse-thread.js';
import type { FeedEpisode, ParsedFeed } from '../feeds/feeds.parser.js';
import { fetchOptions } from '../feeds/feeds.service.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as repo from './episodes.repository.js';

/*
 * The refresh job (decision 034): keeps each tip jar's episodes as its feed has them. A feed is read at
 * most every FEED_REFRESH_INTERVAL_MINUTES with a conditional GET (a 304 parses nothing); its episodes
 * are upserted by guid in one transaction; whether the feed's podcast:funding tags point at this tip
 * jar is noted. After FEED_REFRESH_MAX_FAILURES failed reads in a row the feed is stopped and the tip
 * jar's admins are mailed once; saving the address again starts over (the `feedSaved` port → resetFeedRefresh).
 */

/** Feeds read per run (one after the other: a run is bounded, and the next run takes the rest). */
const FEEDS_PER_RUN = 20;
/** A claimed feed is held this long: longer than a fetch may take, so no other process reads it meanwhile. */
const LEASE_MS = 2 * 60_000;
/** Texts longer than this in a feed are cut (a title is no essay). */
const MAX_TEXT = 1000;
const INT_MAX = 2 ** 31 - 1;

export interface RefreshOutcome {
  claimed: number;
  /** Read and parsed. */
  read: number;
  /** Answered 304: nothing parsed. */
  notModified: number;
  failed: number;
  /** Failures that stopped a feed (its admins mailed). */
  stopped: number;
  /** Episode rows inserted, changed or marked removed. */
  changed: number;
}

/**
 * One run: claims the feeds that are due and reads them. `tipjarId` reads only that tip jar's feed
 * (if due: a new or reset state is). Exported for tests and the demo seed.
 */
export async function refreshFeeds(ctx: AppContext, options: { tipjarId?: string } = {}): Promise<RefreshOutcome> {
  const outcome: RefreshOutcome = { claimed: 0, read: 0, notModified: 0, failed: 0, stopped: 0, changed: 0 };
  const claimed = await repo.claimDueFeeds(ctx.db, {
    limit: FEEDS_PER_RUN,
    leaseMs: LEASE_MS,
    intervalMinutes: FEED_REFRESH_INTERVAL_MINUTES,
    tipjarId: options.tipjarId,
  });
  outcome.claimed = claimed.length;
  for (const claim of claimed) await refreshOne(ctx, claim, outcome);
  // The storefront shows the recent episodes; they are written in raw SQL, which the database's
  // write hook does not see (lib/public-cache.ts).
  if (outcome.changed > 0) publicReadsChanged();
  return outcome;
}

async function refreshOne(ctx: AppContext, claim: { tipjarId: string; feedUrl: string }, outcome: RefreshOutcome) {
  const [state, tipjar] = await Promise.all([
    repo.findFeedRefresh(ctx.db, claim.tipjarId),
    tipjarsQueries.findTipjar(ctx.db, claim.tipjarId),
  ]);
  if (!state || !tipjar) return;
  try {
    const answer = await safeFetch(claim.feedUrl, {
      ...fetchOptions(ctx),
      etag: state.etag,
      lastModified: state.lastModified,
    });
    if (answer.status === 'not_modified') {
      await repo.recordFeedSuccess(ctx.db, claim.tipjarId, {});
      outcome.notModified += 1;
      return;
    }
    // In a worker thread with a time budget; a feed over it counts as a failed read (decision 060).
    const feed = await parseFeedInWorker(answer.body, answer.contentType, ctx.config.FEED_PARSE_TIMEOUT_MS);
    const fundingLinked = isFundingLinked(feed, ctx.config.publicUrl, tipjar.slug);
    const changed = await ctx.db.transaction(async (tx) => {
      const count = await repo.upsertEpisodes(tx, claim.tipjarId, episodesOf(feed));
      await repo.recordFeedSuccess(tx, claim.tipjarId, {
        etag: answer.etag,
        lastModified: answer.lastModified,
        fundingLinked,
      });
      return count;
    });
    outcome.read += 1;
    outcome.changed += changed;
  } catch (error) {
    if (!(error instanceof FeedFetchError)) ctx.log.error({ err: error, tipjarId: claim.tipjarId }, 'feed refresh');
    outcome.failed += 1;
    const reason = error instanceof FeedFetchError ? error.reason : 'error';
    const stopped = await ctx.db.transaction(async (tx) => {
      const stops = await repo.recordFeedFailure(tx, claim.tipjarId, reason, FEED_REFRESH_MAX_FAILURES);
      if (stops) await queueStoppedMails(ctx, tx, tipjar, claim.feedUrl);
      return stops;
    });
    if (stopped) {
      outcome.stopped += 1;
      ctx.outbox.kick();
    }
  }
}

async function queueStoppedMails(
  ctx: AppContext,
  tx: Parameters<typeof queueMail>[0],
  tipjar: tipjarsQueries.TipjarRow,
  feedUrl: string,
) {
  const admins = await tipjarsQueries.listAdminRecipients(tx, tipjar.id);
  const stoppedOn = new Date().toISOString();
  for (const admin of admins) {
    const mail = feedStoppedMail(admin.locale, {
      brand: ctx.config.BRAND_NAME,
      tipjarName: tipjar.name,
      feedUrl,
      failures: FEED_REFRESH_MAX_FAILURES,
      settingsLink: appUrl(ctx.config.publicUrl, 'backofficeSettings', { tipjarslug: tipjar.slug }, admin.locale),
    });
    await queueMail(
      tx,
      { to: admin.email, ...mail },
      { dedupeKey: `feed-stopped:${tipjar.id}:${admin.userId}:${stoppedOn}` },
    );
  }
}

/** The feed's episodes as we store them: one per guid (the first wins), texts and numbers bounded. */
export function episodesOf(feed: ParsedFeed): FeedEpisode[] {
  const seen = new Set<string>();
  const list: FeedEpisode[] = [];
  const int = (n: number | null) => (n !== null && Number.isInteger(n) && Math.abs(n) <= INT_MAX ? n : null);
  for (const episode of feed.episodes) {
    const guid = episode.guid.slice(0, MAX_TEXT);
    if (seen.has(guid)) continue;
    seen.add(guid);
    list.push({
      guid,
      title: episode.title.slice(0, MAX_TEXT),
      number: int(episode.number),
      season: int(episode.season),
      publishedAt: episode.publishedAt,
      link: episode.link?.slice(0, 2000) ?? null,
      duration: int(episode.duration),
    });
  }
  return list;
}

/** An address as compared: no scheme, lower-case host (with port), path without trailing slash. */
function comparable(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.host.toLowerCase()}${decodeURIComponent(u.pathname).replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/**
 * Whether one of the feed's podcast:funding tags points at this tip jar's storefront: the public
 * address + `/{slug}`, in any language prefix, http or https, with or without a trailing slash.
 */
export function isFundingLinked(feed: Pick<ParsedFeed, 'funding'>, publicUrl: string, slug: string): boolean {
  const ours = new Set(
    LOCALES.flatMap((locale) => [
      comparable(shareUrl(publicUrl, { slug }, locale)),
      comparable(`${publicUrl.replace(/\/$/, '')}/${locale}/${slug}`),
    ]).filter((u): u is string => u !== null),
  );
  return feed.funding.some((tag) => {
    const theirs = comparable(tag.url);
    return theirs !== null && ours.has(theirs);
  });
}
