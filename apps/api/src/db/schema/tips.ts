import { DEFAULT_LOCALE, LOCALES } from '@podpot/domain/locale';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { episodes } from './episodes.js';
import { tipjars } from './tipjars.js';
import { users } from './users.js';

/**
 * One-off tips (and, later, the monthly charges of recurring tips). The provider transaction that
 * pays a tip is an `opp_transactions` row with kind 'tip' and owner_id = tips.id.
 */
export const tips = pgTable(
  'tips',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'restrict' }),
    /** Cents. */
    amount: integer().notNull(),
    /** Platform fee in cents, fixed when the tip is created (a later fee change never rewrites history). */
    fee: integer().notNull(),
    /** Cents returned so far (refunds that are not refused, and chargebacks): the sum of its `refunds` rows. */
    refundedAmount: integer().notNull().default(0),
    /** The part of `fee` given back with those refunds (cents): the sum of the rows' fee credits. */
    refundedFee: integer().notNull().default(0),
    status: text({
      enum: ['created', 'pending', 'completed', 'cancelled', 'expired', 'failed', 'refunded', 'chargeback'],
    })
      .notNull()
      .default('created'),
    privacy: text({ enum: ['NAME_AND_AMOUNT', 'NAME_ONLY', 'ANONYMOUS'] })
      .notNull()
      .default('NAME_AND_AMOUNT'),
    /** Never stored for anonymous tips, so it cannot leak. */
    displayName: text(),
    message: text().notNull().default(''),
    /** The maker shows `message` on the storefront's supporter wall (decision 032); hidden until they do. */
    messageShown: boolean().notNull().default(false),
    /** For the receipt; shown to platform admins only. */
    email: text().notNull(),
    locale: text({ enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    /** Payment method type (ideal, bcmc) chosen at checkout. */
    paymentMethod: text(),
    /** The episode tipped for (`/{slug}/e/{episodeId}`, decision 034); null for the storefront and monthly tips. */
    episodeId: uuid().references(() => episodes.id, { onDelete: 'restrict' }),
    /** An episode boost (decision 097): the tipper asked for `message` to be read on air (only with an episode). */
    readOnAir: boolean().notNull().default(false),
    /** A boost's moment, seconds into the episode ("at 12:34" = 754); null without one. */
    boostMoment: integer(),
    /** When the maker ticked the boost done (read on air); null until then. */
    readOnAirAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * The account the tip is a record of (decision 061): the signed-in user who gave it, or the user
     * whose proven address it was given with. A person's export and erasure take only linked tips.
     */
    userId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** Set when this tip is a monthly charge of a recurring tip (next issue; no FK yet). */
    recurringTipId: uuid(),
    /** The client's Idempotency-Key header: the same key for the same tip jar answers the same tip. */
    idempotencyKey: text(),
    /** SHA-256 of the request body the key came with: the same key with another body is refused (422). */
    idempotencyFingerprint: text(),
    /** When the payment completed (kept when it is later refunded or charged back): the date statistics count it on. */
    completedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('tips_tipjar_idempotency_key').on(t.tipjarId, t.idempotencyKey),
    // Lists (decision 018): an index per sortable column in exactly the list's order (the column, then
    // updated and id in the same direction), for a tip jar, a tip jar and status, and all tips, so a
    // page is an index range and a deep page an index-only scan of ids. (created, id) also serves the
    // date filters and the keyset-paged export.
    index('tips_tipjar_updated_idx').on(t.tipjarId, t.updated, t.id),
    // With a date filter the page is sorted from the filter's range: these carry the sort columns.
    index('tips_tipjar_created_idx').on(t.tipjarId, t.created, t.id, t.updated, t.amount, t.status),
    index('tips_tipjar_amount_idx').on(t.tipjarId, t.amount, t.updated, t.id),
    index('tips_tipjar_status_idx').on(t.tipjarId, t.status, t.updated, t.id),
    index('tips_tipjar_status_created_idx').on(t.tipjarId, t.status, t.created, t.id, t.updated, t.amount),
    index('tips_tipjar_status_amount_idx').on(t.tipjarId, t.status, t.amount, t.updated, t.id),
    index('tips_updated_idx').on(t.updated, t.id),
    index('tips_created_idx').on(t.created, t.id),
    index('tips_amount_idx').on(t.amount, t.updated, t.id),
    index('tips_status_updated_idx').on(t.status, t.updated, t.id),
    // Search has trigram indexes on display_name and message where pg_trgm exists (migration 0013).
    // Fee invoices (and the money check's scan of the statistics) read paid tips (completed_at is set
    // once, also kept when refunded); the extra columns make the sums index-only scans.
    // Tips of an episode (the list's filter; the foreign key's checks).
    // A person's own tips (the privacy export and erasure, decision 061).
    index('tips_user_idx').on(t.userId, t.created, t.id).where(sql`user_id is not null`),
    index('tips_episode_idx').on(t.episodeId, t.updated, t.id).where(sql`episode_id is not null`),
    // An episode's read-on-air list (decision 097): its boosts by moment.
    index('tips_episode_boosts_idx').on(t.episodeId, t.boostMoment, t.created).where(sql`read_on_air`),
    index('tips_paid_tipjar_idx')
      .on(t.tipjarId, t.completedAt, t.amount, t.fee, t.refundedAmount, t.refundedFee, t.paymentMethod)
      .where(sql`completed_at is not null`),
    index('tips_paid_idx')
      .on(t.completedAt, t.amount, t.fee, t.refundedAmount, t.refundedFee, t.paymentMethod)
      .where(sql`completed_at is not null`),
  ],
);
