import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { recurringTips } from './recurring-tips.js';
import { tipjars } from './tipjars.js';

/**
 * A tip jar's levels (issue 40, decision 091): up to TIPJAR_LEVELS_MAX, each an amount per month
 * with a name and a perk line. A monthly or yearly tip is never tied to a level row: its level is the
 * highest one its monthly amount reaches (`levelOf` in @podpot/domain), so changing the amount moves it.
 */
export const tipjarLevels = pgTable(
  'tipjar_levels',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    /** Cents per month. */
    amount: integer().notNull(),
    name: text().notNull(),
    perk: text().notNull().default(''),
    /** Whether supporters at this level (or above) get the private supporter feed. */
    unlocksFeed: boolean().notNull().default(false),
    created: created(),
    updated: updated(),
  },
  (t) => [
    index('tipjar_levels_tipjar_amount_idx').on(t.tipjarId, t.amount),
    check('tipjar_levels_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A bonus episode of a tip jar's private supporter feed (issue 40). The audio (and optional artwork)
 * lives in the file storage (lib/storage.ts) under `audioKey` / `artworkKey`; the row is the listing.
 * `levelId` null = every supporter with the feed hears it; else only supporters at that level or above.
 */
export const bonusEpisodes = pgTable(
  'bonus_episodes',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    publishedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    levelId: uuid().references(() => tipjarLevels.id, { onDelete: 'set null' }),
    /** Storage key of the audio; null until the upload finished. */
    audioKey: text(),
    /** audio/mpeg, audio/mp4 or audio/ogg — what the file's first bytes proved. */
    audioType: text(),
    audioBytes: bigint({ mode: 'number' }),
    /** Seconds, when the maker gave it. */
    duration: integer(),
    artworkKey: text(),
    artworkType: text(),
    created: created(),
    updated: updated(),
  },
  (t) => [index('bonus_episodes_tipjar_published_idx').on(t.tipjarId, sql`${t.publishedAt} desc`)],
);

/**
 * Who fetched a supporter's feed: one row per recurring tip, UTC day and network (a hashed /24 or /48
 * prefix, never the address). Many networks in one day flags the feed URL as leaked (issue 40).
 */
export const supporterFeedFetches = pgTable(
  'supporter_feed_fetches',
  {
    recurringTipId: uuid()
      .notNull()
      .references(() => recurringTips.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    network: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.recurringTipId, t.day, t.network] })],
);

/**
 * A bonus episode's audio on its way up in parts (decision 099). The parts are appended, in order, to
 * the file under `storageKey` (a `bonus-audio/` key: when `received` reaches `total` the episode takes
 * that very file and `completedAt` is set). A row is the lock of its upload: a part is accepted under
 * `for update` only when it starts at `received`. Rows older than a day go, with the bytes of an upload
 * that never completed (the hourly short-lived cleanup).
 */
export const bonusAudioUploads = pgTable(
  'bonus_audio_uploads',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    episodeId: uuid()
      .notNull()
      .references(() => bonusEpisodes.id, { onDelete: 'cascade' }),
    /** As the maker declared it; the first part's bytes replace it with what they prove. */
    type: text().notNull(),
    total: bigint({ mode: 'number' }).notNull(),
    received: bigint({ mode: 'number' }).notNull().default(0),
    storageKey: text().notNull(),
    completedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
  },
  (t) => [
    index('bonus_audio_uploads_episode_idx').on(t.episodeId),
    index('bonus_audio_uploads_created_idx').on(t.created),
    check('bonus_audio_uploads_received_check', sql`${t.received} >= 0 and ${t.received} <= ${t.total}`),
  ],
);
