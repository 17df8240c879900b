import { z } from 'zod';
import { singleLine } from './fields.js';

/*
 * A podcast's RSS feed as Podpot uses it (issue 14, decision 030): the URL a maker gives, the prefill
 * read from it, and the ownership check by a code mailed to the feed's owner address.
 */

/** A feed address: http or https only (anything else is refused before any request). */
export const FeedUrlSchema = singleLine(z.string().trim())
  .max(2000)
  .refine((value) => isHttpUrl(value), { message: 'feedBadUrl' });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/**
 * One feed, one spelling: lowercase scheme and host, no default port, no fragment, no trailing slash
 * on the path. Two tip jars cannot verify the same normalised address (a unique index holds it).
 * `http` and `https` of one host count as one feed: the same podcast either way.
 */
export function normalizeFeedUrl(value: string): string {
  const url = new URL(value.trim());
  url.hash = '';
  const port = url.port && !['80', '443'].includes(url.port) ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '') || '';
  return `${url.hostname.toLowerCase()}${port}${path}${url.search}`;
}

/** Why a feed could not be read; each is a field error `feed…` on `url`, translated by the web. */
export const FEED_FAILURES = [
  'not_a_feed',
  'not_found',
  'too_large',
  'too_slow',
  'refused_address',
  'bad_url',
  'unreachable',
] as const;
export type FeedFailure = (typeof FEED_FAILURES)[number];

/** The validation key of a feed failure: 'too_large' → 'feedTooLarge'. */
export function feedFailureKey(reason: FeedFailure) {
  const camel = reason.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return `feed${camel[0]!.toUpperCase()}${camel.slice(1)}` as
    | 'feedNotAFeed'
    | 'feedNotFound'
    | 'feedTooLarge'
    | 'feedTooSlow'
    | 'feedRefusedAddress'
    | 'feedBadUrl'
    | 'feedUnreachable';
}

/** 'Mijn Pódcast!' → 'mijn-podcast': a slug suggestion from a name (the maker may change it). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** POST feeds/preview. */
export const FeedPreviewBodySchema = z.object({ url: FeedUrlSchema });
export type FeedPreviewBody = z.infer<typeof FeedPreviewBodySchema>;

/** What a feed prefills on the order and settings forms; the maker may change all of it. */
export const FeedPreviewSchema = z.object({
  /** The address as given (after redirects the feed may live elsewhere; this is what the maker typed). */
  feedUrl: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  /** A valid slug no tip jar has yet (empty when none could be made from the title). */
  suggestedSlug: z.string(),
  /** Our stored, resized copy of the feed's artwork; null when the feed has none or it was unusable. */
  artworkId: z.uuid().nullable(),
  artworkUrl: z.string().nullable(),
  language: z.string().nullable(),
  /** Whether the feed names an owner e-mail address (ownership can be verified). */
  hasOwnerEmail: z.boolean(),
  episodeCount: z.number().int(),
});
export type FeedPreview = z.infer<typeof FeedPreviewSchema>;

/** Our URL of a stored artwork (never the feed's own image: no hot-linking). */
export function artworkPath(artworkId: string): string {
  return `/api/v1/artworks/${artworkId}`;
}

/** The one-time ownership code: 6 digits. */
export const FEED_CODE_PATTERN = /^\d{6}$/;
export const ConfirmFeedVerificationBodySchema = z.object({
  code: z.string().trim().regex(FEED_CODE_PATTERN, { message: 'format' }),
});
export type ConfirmFeedVerificationBody = z.infer<typeof ConfirmFeedVerificationBodySchema>;

/** POST tipjars/{id}/feed/verification: where the code went (masked) and until when it works. */
export const FeedVerificationStartedSchema = z.object({ sentTo: z.string(), expiresAt: z.string() });
export type FeedVerificationStarted = z.infer<typeof FeedVerificationStartedSchema>;

/** 'maker@podcast.nl' → 'm***r@podcast.nl': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? `${local[0] ?? ''}*` : `${local[0]}***${local.at(-1)}`;
  return `${shown}@${domain}`;
}
