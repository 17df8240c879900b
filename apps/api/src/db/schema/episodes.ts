import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { tipjars } from './tipjars.js';

/**
 * A podcast's episodes as read from its tip jar's feed (decision 034). The feed's guid maps to our id,
 * which stays across refreshes. Never deleted while a tip may name it: an episode the feed dropped is
 * marked `removedAt` (hidden from the storefront, still named in tip lists and the CSV).
 */
export const episodes = pgTable(
  'episodes',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    guid: text().notNull(),
    title: text().notNull(),
    number: integer(),
    season: integer(),
    publishedAt: timestamp({ withTimezone: true, mode: 'date' }),
    link: text(),
    /** Seconds. */
    duration: integer(),
    removedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('episodes_tipjar_guid_key').on(t.tipjarId, t.guid),
    // The newest of a tip jar (storefront, statistics): published_at desc, undated last.
    index('episodes_tipjar_newest_idx').on(t.tipjarId, sql`${t.publishedAt} desc nulls last`, t.title),
  ],
);

/**
 * The refresh job's state of a tip jar's feed (decision 034): one row per tip jar with a feed, made by
 * the job's first claim and deleted (reset) when the maker saves or verifies the feed address.
 */
export const feedRefreshes = pgTable('feed_refreshes', {
  tipjarId: uuid()
    .primaryKey()
    .references(() => tipjars.id, { onDelete: 'cascade' }),
  /** The address this state belongs to: another address in the tip jar starts over. */
  feedUrl: text().notNull(),
  /** The last attempt, successful or not: the next one is due FEED_REFRESH_INTERVAL_MINUTES later. */
  checkedAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** The last successful read (a 304 included). */
  lastFetchedAt: timestamp({ withTimezone: true, mode: 'date' }),
  etag: text(),
  lastModified: text(),
  /** Failed reads in a row. */
  failures: integer().notNull().default(0),
  lastError: text(),
  /** Set at FEED_REFRESH_MAX_FAILURES failures in a row: no more reads until the address is saved again. */
  stoppedAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** The last read found a podcast:funding tag pointing at this tip jar; null = not read yet. */
  fundingLinked: boolean(),
  /** A run holds the feed until then (two processes never read one feed at once). */
  leasedUntil: timestamp({ withTimezone: true, mode: 'date' }),
  created: created(),
});
