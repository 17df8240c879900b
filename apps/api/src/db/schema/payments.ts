import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';

/**
 * Our record of every provider (OPP) transaction. The row is written BEFORE the provider is called
 * (docs/money-rules.md §1): `oppUid`/`status` stay null until the provider answered, and `request` keeps what
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
    /** Provider status (docs/provider.md §2.3); null until the provider answered. */
    status: text(),
    amount: integer().notNull(),
    merchantUid: text().notNull(),
    redirectUrl: text(),
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    /** When the reconcile job last asked the provider about this row (least recently checked go first). */
    checkedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * A process calling the provider to create this transaction holds it until then (docs/money-rules.md §2):
     * only one process at a time sends the create, so no second provider transaction can appear.
     */
    leaseUntil: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('opp_transactions_opp_uid_key').on(t.oppUid),
    uniqueIndex('opp_transactions_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('opp_transactions_owner_attempt_key').on(t.kind, t.ownerId, t.attempt),
    index().on(t.status, t.updated),
    // The reconcile job's scan: open rows, least recently checked first.
    index('opp_transactions_open_checked_idx')
      .on(t.checkedAt)
      .where(sql`status is null or status in ('created', 'pending', 'planned')`),
    // The money check's walk (jobs/money-check.ts): oldest first, from where the last run stopped.
    index('opp_transactions_created_id_idx').on(t.created, t.id).where(sql`opp_uid is not null`),
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

/**
 * Money events that need a person's eye (docs/money-rules.md §4): a month collected twice, a provider answer
 * naming another amount than we asked (decision 065), or a mandate status word we do not know. The row is
 * written in the same transaction that saw it; the refund is sent after the commit with the
 * Idempotency-Key `refund-<transaction row id>`, and retried by the reconcile job until it is made.
 */
export const paymentIncidents = pgTable(
  'payment_incidents',
  {
    id: id(),
    /**
     * double_collection: refunded automatically; amount_mismatch: a provider amount not ours, not applied;
     * excess_reversal: the provider gave back more than the payment (a chargeback after a refund);
     * unknown_mandate_status: a first payment's mandate answered a word we do not know, the monthly tip held.
     */
    kind: text({
      enum: ['double_collection', 'amount_mismatch', 'excess_reversal', 'unknown_mandate_status'],
    }).notNull(),
    /** Our opp_transactions row of the extra collection (the one refunded). */
    transactionId: uuid().notNull(),
    /** The month (recurring_tip_charges.id) or other owner the money was for. */
    ownerKind: text().notNull(),
    ownerId: uuid().notNull(),
    amount: integer().notNull(),
    /** The provider refund (ref_…) once made; null while it still has to be sent. */
    refundUid: text(),
    refundStatus: text(),
    lastError: text(),
    /** The provider's word that needs a person (unknown_mandate_status), as it answered it. */
    providerStatus: text(),
    created: created(),
    updated: updated(),
  },
  (t) => [uniqueIndex('payment_incidents_transaction_key').on(t.kind, t.transactionId)],
);

/** Secrets generated once per database (development, several processes), e.g. the JWT signing key. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  created: created(),
});

/** The last runs of the standing money check (jobs/money-check.ts): its result is the metric. */
export const moneyCheckRuns = pgTable('money_check_runs', {
  id: id(),
  violations: integer().notNull(),
  details: jsonb().$type<unknown[]>().notNull(),
  durationMs: integer().notNull(),
  /** Where this run's walk over our transactions stopped (the next run goes on after it); null: start over. */
  providerCursor: jsonb().$type<MoneyCheckCursor>(),
  /** Where this run's lap over the provider's transactions stopped (a Unix second); null: start over. */
  orphanCursor: bigint({ mode: 'number' }),
  /** How much of the whole this run compared with the provider. */
  coverage: jsonb().$type<MoneyCheckCoverage>(),
  created: created(),
});

/** The last transaction a money-check run compared: `created` as PostgreSQL prints it (microseconds kept). */
export interface MoneyCheckCursor {
  created: string;
  id: string;
}

/** `compared` of `of` transactions compared with the provider; every one is compared within `runs` runs. */
export interface MoneyCheckCoverage {
  compared: number;
  of: number;
  runs: number;
}
