import {
  artworkPath,
  ErrorCode,
  type FeedPreview,
  feedFailureKey,
  isReservedSlug,
  type Locale,
  SlugSchema,
  slugify,
} from '@podpot/domain';
import type { AppContext } from '../../context.js';
import { t } from '../../i18n/translate.js';
import { AppError } from '../../lib/app-error.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import { FEED_MAX_BYTES, FeedFetchError, type SafeFetchOptions, safeFetch } from './feeds.fetcher.js';
import { parseFeedInWorker } from './feeds.parse-thread.js';
import type { ParsedFeed } from './feeds.parser.js';
import * as repo from './feeds.repository.js';

/*
 * Reading a maker's feed (decision 030): the prefill of the order and settings forms, and (with
 * feeds.verification.ts) the ownership check. Every fetch goes through safeFetch; the feed's artwork
 * is stored by us and served from our own URL.
 */

/** A fetch failure as the API answers it: 422 (400 for a bad address) with the reason's key on `field`. */
export function feedError(error: FeedFetchError, locale: Locale, field = 'url'): AppError {
  const code = error.reason === 'bad_url' ? ErrorCode.Validation : ErrorCode.FeedFailed;
  return AppError.field(code, field, { key: feedFailureKey(error.reason) }, t(locale, `feeds.failure.${error.reason}`));
}

export function fetchOptions(ctx: AppContext): SafeFetchOptions {
  return { allowLoopback: ctx.config.feedAllowLoopback, timeoutMs: ctx.config.FEED_FETCH_TIMEOUT_MS };
}

/** Fetches and parses a feed; FeedFetchError (typed reason) for any failure. */
export async function readFeed(ctx: AppContext, url: string): Promise<ParsedFeed> {
  const answer = await safeFetch(url, fetchOptions(ctx));
  if (answer.status !== 'ok') throw new FeedFetchError('unreachable', 'Unexpected 304');
  return parseFeedInWorker(answer.body, answer.contentType, ctx.config.FEED_PARSE_TIMEOUT_MS);
}

/**
 * POST feeds/preview: what the feed prefills. The artwork is stored now, so the form can show ours.
 * `userId`: the signed-in caller (the artwork's creator), null for a new maker without an account yet.
 */
export async function previewFeed(
  ctx: AppContext,
  userId: string | null,
  url: string,
  locale: Locale,
): Promise<FeedPreview> {
  let feed: ParsedFeed;
  try {
    feed = await readFeed(ctx, url);
  } catch (error) {
    if (error instanceof FeedFetchError) throw feedError(error, locale);
    throw error;
  }
  const artworkId = feed.artworkUrl ? await storeArtwork(ctx, userId, feed.artworkUrl) : null;
  return {
    feedUrl: url,
    name: feed.title.slice(0, 100),
    description: feed.description.slice(0, 2000),
    website: feed.website,
    suggestedSlug: await suggestSlug(ctx, feed.title),
    artworkId,
    artworkUrl: artworkId ? artworkPath(artworkId) : null,
    language: feed.language,
    hasOwnerEmail: feed.ownerEmail !== null,
    episodeCount: feed.itemCount,
  };
}

/**
 * Fetches the artwork with the same safe fetcher and stores our resized copy; null (logged) when it
 * cannot be had: a feed without usable artwork still prefills everything else.
 */
async function storeArtwork(ctx: AppContext, userId: string | null, url: string): Promise<string | null> {
  try {
    const answer = await safeFetch(url, { ...fetchOptions(ctx), accept: 'image/*', maxBytes: FEED_MAX_BYTES });
    if (answer.status !== 'ok') return null;
    // sharp (libvips) loads with the first artwork a process stores (decision 040).
    const { toStoredArtwork } = await import('./feeds.artwork.js');
    const image = await toStoredArtwork(answer.body);
    return await repo.insertArtwork(ctx.db, { ...image, sourceUrl: url.slice(0, 2000), createdBy: userId });
  } catch (error) {
    if (!(error instanceof FeedFetchError)) throw error;
    ctx.log.info({ url, reason: error.reason }, 'feed artwork not stored');
    return null;
  }
}

/** A valid slug from the title that no tip jar has and no route uses: the title's, else with a number. */
async function suggestSlug(ctx: AppContext, title: string): Promise<string> {
  const base = slugify(title).slice(0, 36).replace(/-+$/, '');
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`)];
  for (const slug of candidates) {
    if (!SlugSchema.safeParse(slug).success || isReservedSlug(slug)) continue;
    if (!(await tipjarsQueries.findTipjarBySlug(ctx.db, slug))) return slug;
  }
  return '';
}

/** GET artworks/{id}: the stored image, or 404. */
export async function getArtwork(ctx: AppContext, id: string) {
  const artwork = await repo.findArtwork(ctx.db, id);
  if (!artwork) throw AppError.notFound('Artwork');
  return artwork;
}
