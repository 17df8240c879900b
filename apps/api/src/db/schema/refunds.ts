import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { invoices } from './invoices.js';
import { oppTransactions } from './payments.js';
import { tipjars } from './tipjars.js';
import { tips } from './tips.js';
import { users } from './users.js';

/**
 * Money that went back after a tip was paid (docs/decisions/015-refunds-and-disputes.md): a refund a
 * platform admin made (written BEFORE the provider is called, docs/money-rules.md §1, sent with
 * Idempotency-Key `tip-refund-<id>`, re-sent by the reconcile job while unanswered), or a reversal the
 * provider reported (a chargeback; a refund made at the provider, one row per provider refund by its
 * uid, decision 070). A row is pending until the provider paid it out (the reconcile job follows it).
 * A tip's refunded totals are the sum of its rows that are not failed — after a chargeback (recorded
 * at the whole payment, decision 067) the whole tip; a fee invoice takes each completed row's fee
 * credit once (invoiceId).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    tipId: uuid()
      .notNull()
      .references(() => tips.id, { onDelete: 'restrict' }),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'restrict' }),
    /** The month of a monthly tip (recurring_tip_charges.id) the tip paid, else null. */
    chargeId: uuid(),
    /** Our opp_transactions row of the payment the money is taken back from. */
    oppTransactionId: uuid().notNull(),
    kind: text({ enum: ['refund', 'chargeback'] }).notNull(),
    source: text({ enum: ['admin', 'provider'] }).notNull(),
    status: text({ enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    /** Cents returned to the tipper. */
    amount: integer().notNull(),
    /** The part of the tip's platform fee given back to the maker with it (domain feeCreditOf). */
    feeCredit: integer().notNull(),
    reason: text().notNull().default(''),
    /** The platform admin who made it (admin refunds). */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The admin's Idempotency-Key: the same key for the same tip answers the same refund. */
    idempotencyKey: text(),
    idempotencyFingerprint: text(),
    /** The provider refund (ref_…) and its status, once the provider answered. */
    providerUid: text(),
    providerStatus: text(),
    lastError: text(),
    /** The platform-fee invoice that credited feeCredit (null until one did; a deleted draft gives it back). */
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('refunds_tip_idempotency_key').on(t.tipId, t.idempotencyKey),
    uniqueIndex('refunds_provider_uid_key').on(t.providerUid),
    // One chargeback per payment (a repeated notification adds none); refunds are one per provider uid.
    uniqueIndex('refunds_provider_chargeback_key')
      .on(t.oppTransactionId)
      .where(sql`source = 'provider' and kind = 'chargeback'`),
    // A payment's rows (the follow-up of its refunds at the provider).
    index('refunds_opp_transaction_idx').on(t.oppTransactionId),
    index('refunds_tip_idx').on(t.tipId, t.created),
    // The next fee invoice's credits: a tip jar's completed rows no invoice took yet.
    index('refunds_uninvoiced_idx').on(t.tipjarId, t.created).where(sql`invoice_id is null and status = 'completed'`),
    // The reconcile job's scan: refunds not paid out yet (unanswered, or answered `created`).
    index('refunds_pending_idx').on(t.created).where(sql`status = 'pending'`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Payments whose refunds at the provider are still to be read and booked (decision 070): written in the
 * transaction that applied a `refunded` or `chargeback` status, deleted by the one that booked what the
 * read found. The read itself is a provider call, so it runs after the commit; one that failed (or
 * found a refund it could not place yet) leaves the row for the reconcile job to read again.
 */
export const refundReads = pgTable('refund_reads', {
  oppTransactionId: uuid()
    .primaryKey()
    .references(() => oppTransactions.id, { onDelete: 'cascade' }),
  lastError: text(),
  created: created(),
  /** The last read tried (the reconcile job takes the least recently tried first). */
  updated: updated(),
});
