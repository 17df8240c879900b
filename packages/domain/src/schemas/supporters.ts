import { z } from 'zod';
import { LEVEL_NAME_MAX, LEVEL_PERK_MAX, RECURRING_INTERVALS, TIPJAR_LEVELS_MAX } from '../supporter-levels.js';
import { singleLine, singleLineText } from './fields.js';
import { TipAmountSchema } from './tip.js';

/*
 * Giving supporters something back (issue 40): levels with a perk line, a private supporter feed of
 * bonus episodes, yearly tips. The routes each schema belongs to are named on it.
 */

export * from '../supporter-levels.js';
export const RecurringIntervalSchema = z.enum(RECURRING_INTERVALS);

// ---------------------------------------------------------------- levels

/** One level as everyone sees it (storefront) and the maker edits it. */
export const LevelSchema = z.object({
  id: z.uuid(),
  /** Cents per month. */
  amount: z.number().int(),
  name: z.string(),
  perk: z.string(),
  unlocksFeed: z.boolean(),
});
export type Level = z.infer<typeof LevelSchema>;

export const LevelInputSchema = z.object({
  /** An existing level's id keeps it (and the bonus episodes that name it); none = a new level. */
  id: z.uuid().optional(),
  amount: TipAmountSchema,
  name: singleLineText(LEVEL_NAME_MAX).pipe(z.string().min(1, { message: 'required' })),
  perk: singleLineText(LEVEL_PERK_MAX).optional().default(''),
  unlocksFeed: z.boolean().optional().default(false),
});
export type LevelInput = z.input<typeof LevelInputSchema>;

/**
 * PUT tipjars/{id}/levels: the whole list at once (up to TIPJAR_LEVELS_MAX, amounts distinct); a level
 * left out is deleted. GET tipjars/{id}/levels and the PUT answer `{ data: Level[] }`, cheapest first.
 * The storefront's data (GET tipjars/slug/{slug}) carries `levels: Level[]` too.
 */
export const PutLevelsBodySchema = z.object({
  data: z
    .array(LevelInputSchema)
    .max(TIPJAR_LEVELS_MAX, { message: 'tooMany' })
    .superRefine((levels, ctx) => {
      // The second of two equal amounts is the one named (`data.1.amount`): a form marks that row.
      const seen = new Set<number>();
      levels.forEach((level, i) => {
        if (seen.has(level.amount)) ctx.addIssue({ code: 'custom', message: 'levelAmountTaken', path: [i, 'amount'] });
        seen.add(level.amount);
      });
    }),
});
export type PutLevelsBody = z.input<typeof PutLevelsBodySchema>;
export const LevelListSchema = z.object({ data: z.array(LevelSchema) });

/** A recurring tip's level as lists show it (maker's and admin's lists, the tipper's own): derived, never stored. */
export const LevelRefSchema = LevelSchema.pick({ id: true, name: true });
export type LevelRef = z.infer<typeof LevelRefSchema>;

// ---------------------------------------------------------------- bonus episodes

/** Audio a bonus episode may have: what the first bytes must prove (mp3, m4a, ogg). */
export const BONUS_AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/ogg'] as const;
export type BonusAudioType = (typeof BONUS_AUDIO_TYPES)[number];
/** Upload limit of one audio file: 200 MB (about 3 hours of 128 kbit/s mp3). */
export const BONUS_AUDIO_MAX_BYTES = 200 * 1024 * 1024;
/**
 * Audio larger than one part goes up in parts (decision 099): each part a request of its own, so each
 * arrives within the server's request time on a slow line. The server's part size is
 * BONUS_UPLOAD_PART_BYTES (config; this is its default) and is never below BONUS_UPLOAD_PART_MIN_BYTES.
 */
export const BONUS_UPLOAD_PART_BYTES = 8 * 1024 * 1024;
export const BONUS_UPLOAD_PART_MIN_BYTES = 64 * 1024;
/** An upload in parts not completed this long after it was started is dropped with its bytes. */
export const BONUS_UPLOAD_KEPT_MS = 24 * 60 * 60_000;
export const BONUS_ARTWORK_TYPES = ['image/jpeg', 'image/png'] as const;
export const BONUS_ARTWORK_MAX_BYTES = 1024 * 1024;
export const BONUS_TITLE_MAX = 200;
export const BONUS_DESCRIPTION_MAX = 4000;
/** At most this many bonus episodes per tip jar. */
export const BONUS_EPISODES_MAX = 500;

/** One bonus episode as its maker sees it (GET tipjars/{id}/bonus-episodes → `{ data: BonusEpisode[] }`, newest first). */
export const BonusEpisodeSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  /** ISO 8601; in the future = scheduled (not in the feed yet). */
  publishedAt: z.string(),
  /** null = every supporter with the feed; else supporters at this level or above. */
  levelId: z.uuid().nullable(),
  /** null until the audio is uploaded (PUT …/audio); an episode without audio is not in the feed. */
  audio: z.object({ type: z.enum(BONUS_AUDIO_TYPES), bytes: z.number().int() }).nullable(),
  /** Seconds, when given. */
  duration: z.number().int().nullable(),
  hasArtwork: z.boolean(),
});
export type BonusEpisode = z.infer<typeof BonusEpisodeSchema>;

/** POST tipjars/{id}/bonus-episodes/{episodeId}/audio/uploads: the audio's type and its size in bytes. */
export const BonusAudioUploadBodySchema = z.object({
  /** audio/mpeg, audio/mp4 or audio/ogg (anything else 415); the first part's bytes must prove audio. */
  type: singleLine(z.string().max(100)),
  /** Over BONUS_AUDIO_MAX_BYTES is 413 (as the single PUT); this bound only keeps the number sane. */
  bytes: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
export type BonusAudioUploadBody = z.infer<typeof BonusAudioUploadBodySchema>;

/** An upload in parts: send part after part from `received` on, each at most `partBytes`. */
export const BonusAudioUploadSchema = z.object({
  id: z.uuid(),
  partBytes: z.number().int(),
  received: z.number().int(),
  total: z.number().int(),
});
export type BonusAudioUpload = z.infer<typeof BonusAudioUploadSchema>;

/**
 * POST tipjars/{id}/bonus-episodes and PUT tipjars/{id}/bonus-episodes/{episodeId} (`{ data }`).
 * The files go separately as the raw request body: PUT …/{episodeId}/audio (Content-Type audio/mpeg,
 * audio/mp4 or audio/ogg; checked against the file's first bytes, 415 when they are not audio) and
 * PUT …/{episodeId}/artwork (image/jpeg or image/png). DELETE …/{episodeId} removes row and files.
 */
export const BonusEpisodeInputSchema = z.object({
  title: singleLineText(BONUS_TITLE_MAX).pipe(z.string().min(1, { message: 'required' })),
  description: z.string().trim().max(BONUS_DESCRIPTION_MAX).optional().default(''),
  /** ISO 8601; default now. */
  publishedAt: z.iso.datetime({ offset: true }).optional(),
  levelId: z.uuid().nullable().optional().default(null),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .nullable()
    .optional()
    .default(null),
});
export const BonusEpisodeBodySchema = z.object({ data: BonusEpisodeInputSchema });

/**
 * A supporter feed URL fetched from this many distinct networks (a /24 or /48 prefix) on one UTC day
 * is flagged as leaked, to the maker (SupporterFeedSummary.flagged) and the tipper (SupporterFeed.flaggedAt).
 */
export const FEED_LEAK_NETWORKS_PER_DAY = 8;

/**
 * The maker's view of the supporter feed (GET tipjars/{id}/supporter-feed): how many supporters have
 * it open, and the feed URLs seen from too many networks in a day (a leaked URL).
 */
export const SupporterFeedSummarySchema = z.object({
  openFeeds: z.number().int(),
  flagged: z.array(z.object({ recurringTipId: z.uuid(), displayName: z.string().nullable(), flaggedAt: z.string() })),
});
export type SupporterFeedSummary = z.infer<typeof SupporterFeedSummarySchema>;

// ---------------------------------------------------------------- a supporter's own feed

/**
 * A supporter's private feed (GET user/me/recurringtips/{id}/feed; POST …/feed/rotate answers the same
 * with a new URL, the old one answering 404 from then on):
 * - none: the tip jar offers no supporter feed (no bonus episode, no level unlocking it) or this tip's
 *   level does not unlock it — `url` is null;
 * - open: the feed lists the bonus episodes this supporter may hear;
 * - ended: the tip ended (cancelled, chargeback, dunning given up): the same URL answers one
 *   "your support has ended — renew here" item, and opens again when the tip resumes.
 */
export const SupporterFeedSchema = z.object({
  state: z.enum(['none', 'open', 'ended']),
  /** https://…/feeds/{token}.xml */
  url: z.string().nullable(),
  /** When the URL was seen from too many networks in a day; a rotation clears it. */
  flaggedAt: z.string().nullable(),
  /** The URL as a QR code (SVG markup), for a phone's podcast app; null with the url. */
  qrSvg: z.string().nullable(),
});
export type SupporterFeed = z.infer<typeof SupporterFeedSchema>;

/** One-tap "add to …" links of a private feed URL (the apps' own subscribe schemes). */
export function podcastAppLinks(
  feedUrl: string,
): { app: 'apple' | 'pocketcasts' | 'overcast' | 'antennapod'; href: string }[] {
  const bare = feedUrl.replace(/^https?:\/\//, '');
  const encoded = encodeURIComponent(feedUrl);
  return [
    { app: 'apple', href: `podcast://${bare}` },
    { app: 'pocketcasts', href: `pktc://subscribe/${bare}` },
    { app: 'overcast', href: `overcast://x-callback-url/add?url=${encoded}` },
    { app: 'antennapod', href: `https://antennapod.org/deeplink/subscribe?url=${encoded}` },
  ];
}
