import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';

/**
 * Our record of every provider (OPP) transaction. The row is written BEFORE the provider is called
 * (DESIGN.md §4.1): `oppUid`/`status` stay null until the provider answered, and `request` keeps what
 * we sent so a crash in between can be repaired by re-sending it with the same idempotency key.
 */
export const oppTransactions = pgTable(
  'opp_transactions',
  {
    id: id(),
    /** What the money is for: 'addon', later 'tip', 'charge'. */
    kind: text().notNull(),
    /** The row of `kind` this transaction pays for (e.g. addons.id). */
    ownerId: uuid().notNull(),
    /** 1 for the first payment attempt of the owner, 2 for the first retry, … */
    attempt: integer().notNull().default(1),
    /** Sent as Idempotency-Key; derived from our ids so a retried request never pays twice. */
    idempotencyKey: text().notNull(),
    oppUid: text(),
    /** Provider status (payments.md §2.3); null until the provider answered. */
    status: text(),
    amount: integer().notNull(),
    merchantUid: text().notNull(),
    redirectUrl: text(),
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    /** When the reconcile job last asked the provider about this row. */
    checkedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('opp_transactions_opp_uid_key').on(t.oppUid),
    uniqueIndex('opp_transactions_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('opp_transactions_owner_attempt_key').on(t.kind, t.ownerId, t.attempt),
    index().on(t.status, t.updated),
  ],
);

/** Provider notifications already applied; a redelivery is recognised by its uid and skipped. */
export const oppNotifications = pgTable('opp_notifications', {
  uid: text().primaryKey(),
  type: text().notNull(),
  objectType: text().notNull(),
  objectUid: text().notNull(),
  created: created(),
});
