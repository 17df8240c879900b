import { DEFAULT_LOCALE, LOCALES } from '@podpot/domain/locale';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { tipjars } from './tipjars.js';
import { tips } from './tips.js';
import { users } from './users.js';

/**
 * Monthly tips (docs/domain-rules.md §5). The first payment creates the provider mandate; later months are
 * charged by the charge job (jobs/charge.ts) against that mandate. Each month paid (or tried) is one
 * `recurring_tip_charges` row, and the unique key (recurring tip, period) is what guarantees a month
 * is charged at most once, ever (docs/money-rules.md §4).
 */
export const recurringTips = pgTable(
  'recurring_tips',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** How often it is charged: every month, or once a year (issue 40; a yearly period is 'YYYY'). */
    interval: text({ enum: ['month', 'year'] })
      .notNull()
      .default('month'),
    /** Cents, charged for the current period. */
    amount: integer().notNull(),
    /** A pending amount change (cents): takes effect from the next period that is charged. */
    nextAmount: integer(),
    /** The private supporter feed's URL carries this number; rotating the URL raises it (issue 40). */
    feedTokenVersion: integer().notNull().default(0),
    /** When the feed URL was seen from too many networks in a day (a leak); cleared by a rotation. */
    feedFlaggedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Manage links carry this number; a new link or a cancellation raises it, ending every older link. */
    manageTokenVersion: integer().notNull().default(0),
    status: text({ enum: ['active', 'paused', 'cancelled'] })
      .notNull()
      .default('active'),
    mandateStatus: text({ enum: ['pending', 'valid', 'invalid', 'revoked', 'held'] })
      .notNull()
      .default('pending'),
    /** The provider mandate (mdt_…) and the token its charges need; replaced by a mandate retry. */
    mandateUid: text(),
    mandateToken: text(),
    /** Payment method type (ideal, bcmc) of the mandate's first payment. */
    paymentMethod: text(),
    /** Day of the month (1–28) charges are made; set from the first completed payment (29–31 → 28). */
    chargeDay: integer(),
    /** When the next month is due; null until the mandate is valid. */
    nextChargeAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Failed tries of the current month's charge (dunning), reset when a payment completes. */
    failedAttempts: integer().notNull().default(0),
    lastFailureReason: text(),
    /** The period ('YYYY-MM') whose pre-notification mail went out, so it goes out once. */
    preNotifiedPeriod: text(),
    privacy: text({ enum: ['NAME_AND_AMOUNT', 'NAME_ONLY', 'ANONYMOUS'] })
      .notNull()
      .default('NAME_AND_AMOUNT'),
    displayName: text(),
    message: text().notNull().default(''),
    locale: text({ enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    cancelledAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** The client's Idempotency-Key: the same key from the same user answers the same recurring tip. */
    idempotencyKey: text(),
    /** SHA-256 of the request body the key came with: the same key with another body is refused (422). */
    idempotencyFingerprint: text(),
    created: created(),
    updated: updated(),
  },
  (t) => [
    // Lists: own (user/me), a tip jar's, all — each newest first (docs/product.md §9).
    index('recurring_tips_user_created_idx').on(t.userId, t.created, t.id),
    uniqueIndex('recurring_tips_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('recurring_tips_tipjar_created_idx').on(t.tipjarId, t.created, t.id),
    index('recurring_tips_created_idx').on(t.created, t.id),
    // The charge job's scan: only chargeable rows are in this index.
    index('recurring_tips_due_idx').on(t.nextChargeAt, t.id).where(sql`status = 'active' and mandate_status = 'valid'`),
    check('recurring_tips_charge_day_check', sql`${t.chargeDay} between 1 and 28`),
    check('recurring_tips_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * One month of a recurring tip. Retries (dunning, a mandate retry) are further attempts on the SAME
 * row; each attempt is one provider transaction (opp_transactions kind 'recurring_charge', owner = this
 * row, attempt = `attempt`), with Idempotency-Key `charge-<recurringTipId>-<period>-<attempt>`.
 */
export const recurringTipCharges = pgTable(
  'recurring_tip_charges',
  {
    id: id(),
    recurringTipId: uuid()
      .notNull()
      .references(() => recurringTips.id, { onDelete: 'cascade' }),
    /** The month paid, 'YYYY-MM' (a yearly tip: the year, 'YYYY'). */
    period: text().notNull(),
    /** Cents, fixed when the month's charge was created (a later amount change applies to later months). */
    amount: integer().notNull(),
    /** The current attempt (1 = first try). */
    attempt: integer().notNull().default(1),
    /** How the current attempt pays: 'mandate' = a first payment that creates a mandate, 'debit' = against the mandate. */
    via: text({ enum: ['mandate', 'debit'] }).notNull(),
    /**
     * scheduled — the current attempt still has to be sent to the provider (at nextAttemptAt);
     * pending — sent, open at the provider; completed; failed — every attempt failed;
     * cancelled — not tried again (paused/cancelled meanwhile); refunded, chargeback — reversed later.
     */
    status: text({ enum: ['scheduled', 'pending', 'completed', 'failed', 'cancelled', 'refunded', 'chargeback'] })
      .notNull()
      .default('scheduled'),
    /** The month's tip (tips.recurring_tip_id = the recurring tip). */
    tipId: uuid().references(() => tips.id, { onDelete: 'set null' }),
    /** The provider transaction of the latest attempt (opp_transactions.id). */
    oppTransactionId: uuid(),
    /** The provider transaction that collected this month (opp_transactions.id); any other that completes is refunded. */
    paidTransactionId: uuid(),
    /** When the current attempt is due (a dunning retry: 3 days after the previous one). */
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** When the current attempt was sent (the run's clock). */
    lastAttemptAt: timestamp({ withTimezone: true, mode: 'date' }),
    failureReason: text(),
    /** A charge job instance working on this row (provider call in flight) holds it until then. */
    claimedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    completedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('recurring_tip_charges_period_key').on(t.recurringTipId, t.period),
    index('recurring_tip_charges_work_idx').on(t.nextAttemptAt, t.id).where(sql`status = 'scheduled'`),
  ],
);
