import { LOCALES } from '@podpot/domain/locale';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: one type for the code.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A podcast's artwork as we store it (decision 030): fetched from the feed once, checked to be an
 * image, resized, and served from our own URL so no listener's browser ever asks the feed's host.
 */
export const artworks = pgTable('artworks', {
  id: id(),
  contentType: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  bytes: bytea().notNull(),
  /** Where the original came from (the feed's image URL), for the record. */
  sourceUrl: text(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  created: created(),
});

/** A tip jar (a "Podpot"): the public page at /{slug} and its backoffice. */
export const tipjars = pgTable(
  'tipjars',
  {
    id: id(),
    slug: text().notNull(),
    name: text().notNull(),
    status: text({
      enum: ['NEW', 'AWAITING_PAYMENT', 'PAYMENT_EXPIRED', 'LIVE', 'VERIFYING', 'SUSPENDED', 'DEACTIVATED'],
    })
      .notNull()
      .default('NEW'),
    active: boolean().notNull().default(true),
    type: text({ enum: ['CONSUMER', 'BUSINESS'] })
      .notNull()
      .default('CONSUMER'),
    description: text().notNull().default(''),
    podcastUrl: text(),
    rssUrl: text(),
    imageUrl: text(),
    /** The artwork stored from the feed (ours); shown instead of imageUrl. */
    artworkId: uuid().references(() => artworks.id, { onDelete: 'set null' }),
    /**
     * The normalised feed address (normalizeFeedUrl) once its owner confirmed a code sent to the
     * feed's owner e-mail; unique, so two tip jars cannot both verify one feed.
     */
    feedVerifiedUrl: text(),
    feedVerifiedAt: timestamp({ withTimezone: true, mode: 'date' }),
    thankYouMessage: text().notNull().default(''),
    /** Preset tip amounts in cents, shown on the storefront. */
    presetAmounts: jsonb().$type<number[]>().notNull().default([300, 500, 1000]),
    contactEmail: text().notNull(),
    contactPhone: text(),
    companyName: text(),
    cocNumber: text(),
    vatNumber: text(),
    /** Mail the admins on every completed tip. */
    notifyOnTip: boolean().notNull().default(true),
    /** The monthly goal (decision 032): both set or both null (check tipjars_goal_check). */
    goalKind: text({ enum: ['AMOUNT', 'TIPPERS'] }),
    /** Cents a month (AMOUNT) or monthly tippers (TIPPERS). */
    goalTarget: integer(),
    /**
     * Archived tip jars are hidden and no longer tippable; their tips, monthly tips, invoices and
     * settlements stay for the books (docs/money-rules.md §9). Only a NEW tip jar without a payment is deleted.
     */
    archivedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('tipjars_slug_key').on(t.slug),
    index().on(t.status),
    uniqueIndex('tipjars_feed_verified_url_key').on(t.feedVerifiedUrl),
    check(
      'tipjars_goal_check',
      sql`(${t.goalKind} is null and ${t.goalTarget} is null) or (${t.goalKind} in ('AMOUNT', 'TIPPERS') and ${t.goalTarget} > 0)`,
    ),
  ],
);

/**
 * The open ownership check of a tip jar's feed: one at a time per tip jar (a new one replaces it).
 * Only the code's HMAC is stored; it expires and allows a few tries.
 */
export const feedVerifications = pgTable('feed_verifications', {
  tipjarId: uuid()
    .primaryKey()
    .references(() => tipjars.id, { onDelete: 'cascade' }),
  /** The normalised feed address the code was sent for: a feed changed meanwhile is not verified by it. */
  feedUrl: text().notNull(),
  email: text().notNull(),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  created: created(),
});

/**
 * The feed-ownership codes mailed and the wrong codes entered (decision 064), kept a day: the limits
 * count them per owner address, per feed and per account. The tip jar or user may be gone since.
 */
export const feedVerificationEvents = pgTable(
  'feed_verification_events',
  {
    id: id(),
    kind: text({ enum: ['code', 'guess'] }).notNull(),
    tipjarId: uuid().references(() => tipjars.id, { onDelete: 'set null' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The normalised feed address. */
    feedUrl: text().notNull(),
    /** The owner address, lower case. */
    email: text().notNull(),
    created: created(),
  },
  (t) => [
    index('feed_verification_events_email_idx').on(t.email, t.kind, t.created),
    index('feed_verification_events_feed_idx').on(t.feedUrl, t.kind, t.created),
    index('feed_verification_events_user_idx').on(t.userId, t.kind, t.created),
    check('feed_verification_events_kind_check', sql`${t.kind} in ('code', 'guess')`),
  ],
);

/** Users who administer a tip jar (its backoffice). */
export const tipjarAdmins = pgTable(
  'tipjar_admins',
  {
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.tipjarId, t.userId] }), index().on(t.userId)],
);

/**
 * A pending invitation to administer a tip jar (migration 0027, decision 062): the invitee accepts it
 * logged in with `email`; accepting, declining and withdrawing delete the row. Only the SHA-256 of the
 * link's token is kept. `locale` is the language the invitation was mailed in.
 */
export const tipjarInvitations = pgTable(
  'tipjar_invitations',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    locale: text({ enum: LOCALES }).notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    created: created(),
  },
  (t) => [
    uniqueIndex('tipjar_invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('tipjar_invitations_address_key').on(t.tipjarId, sql`lower(${t.email})`),
  ],
);

/** Paid add-ons of a tip jar; type TIPJAR is the Podpot itself, which unlocks the tip jar. */
export const addons = pgTable(
  'addons',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** Price including VAT, in cents. */
    costTotalWithTax: integer().notNull(),
    orderedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: created(),
    updated: updated(),
  },
  (t) => [index().on(t.tipjarId, t.created)],
);
