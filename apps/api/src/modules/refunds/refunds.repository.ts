import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { oppTransactions, recurringTipCharges, refunds } from '../../db/schema/index.js';

/** The only code touching the refunds table (plus the read of which payment paid a tip). */
export type RefundRow = typeof refunds.$inferSelect;

export async function insertRefund(db: DbOrTx, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

/** A reversal the provider reported; undefined when that payment's reversal was recorded before. */
export async function insertProviderReversal(
  db: DbOrTx,
  values: typeof refunds.$inferInsert,
): Promise<RefundRow | undefined> {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findRefund(db: DbOrTx, id: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function findRefundByKey(db: DbOrTx, tipId: string, key: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.tipId, tipId), eq(refunds.idempotencyKey, key)));
  return row;
}

/** A tip's refunds and chargebacks, oldest first. */
export async function listTipRefunds(db: DbOrTx, tipId: string) {
  return db.select().from(refunds).where(eq(refunds.tipId, tipId)).orderBy(asc(refunds.created), asc(refunds.id));
}

/** The provider accepted a pending refund; undefined if it was no longer pending (another process recorded it). */
export async function markAccepted(db: DbOrTx, id: string, answer: { providerUid: string; providerStatus: string }) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'completed', ...answer, lastError: null })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** The provider refused a pending refund for good; undefined if it was no longer pending. */
export async function markRefused(db: DbOrTx, id: string, error: string) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/**
 * The completed refunds and reversals of one payment so far (cents and fee credit): what the payer
 * already has back from it. Pending refunds do not count: the provider may still refuse them.
 */
export async function sumCompletedReversals(db: DbOrTx, oppTransactionId: string) {
  const [row] = await db
    .select({
      amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int`,
      feeCredit: sql<number>`coalesce(sum(${refunds.feeCredit}), 0)::int`,
    })
    .from(refunds)
    .where(and(eq(refunds.oppTransactionId, oppTransactionId), eq(refunds.status, 'completed')));
  return { amount: Number(row?.amount ?? 0), feeCredit: Number(row?.feeCredit ?? 0) };
}

/** The reversal the provider reported for a payment (its chargeback first), if any. */
export async function findProviderReversal(db: DbOrTx, oppTransactionId: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.oppTransactionId, oppTransactionId), eq(refunds.source, 'provider')))
    .orderBy(asc(refunds.kind))
    .limit(1);
  return row;
}

/** Moves a refused refund's cents and fee credit into the provider's reversal that took them back instead. */
export async function addToReversal(db: DbOrTx, id: string, amount: number, feeCredit: number) {
  await db
    .update(refunds)
    .set({ amount: sql`${refunds.amount} + ${amount}`, feeCredit: sql`${refunds.feeCredit} + ${feeCredit}` })
    .where(eq(refunds.id, id));
}

/** A refund accepted after a chargeback gave the whole fee back: it credits none of it again. */
export async function clearFeeCredit(db: DbOrTx, id: string) {
  const [row] = await db.update(refunds).set({ feeCredit: 0 }).where(eq(refunds.id, id)).returning();
  return row;
}

export async function recordSendError(db: DbOrTx, id: string, error: string) {
  await db.update(refunds).set({ lastError: error }).where(eq(refunds.id, id));
}

/** Admin refunds the provider has not accepted yet and not touched for a while: the reconcile job sends them again. */
export async function listPendingRefunds(db: DbOrTx, olderThan: Date, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updated, olderThan)))
    .orderBy(asc(refunds.updated))
    .limit(limit);
}

/* ---------- the next fee invoice ---------- */

/**
 * Takes every completed refund and chargeback of a tip jar made before `before` that no invoice took
 * yet into `invoiceId` (in the invoice's transaction, so two invoices never take the same one).
 */
export async function claimFeeCredits(db: DbOrTx, tipjarId: string, before: Date, invoiceId: string) {
  return db
    .update(refunds)
    .set({ invoiceId })
    .where(
      and(
        eq(refunds.tipjarId, tipjarId),
        isNull(refunds.invoiceId),
        eq(refunds.status, 'completed'),
        lt(refunds.created, before),
      ),
    )
    .returning({
      id: refunds.id,
      tipId: refunds.tipId,
      kind: refunds.kind,
      amount: refunds.amount,
      feeCredit: refunds.feeCredit,
      created: refunds.created,
    });
}

/** The refunds an invoice credited, oldest first (its settlement specification). */
export async function listInvoiceCredits(db: DbOrTx, invoiceId: string) {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.invoiceId, invoiceId))
    .orderBy(asc(refunds.created), asc(refunds.id));
}

/** A voided invoice gives its credits back to the next one. */
export async function releaseFeeCredits(db: DbOrTx, invoiceId: string) {
  await db.update(refunds).set({ invoiceId: null }).where(eq(refunds.invoiceId, invoiceId));
}

/* ---------- reads of shared tables ---------- */

/**
 * The provider transaction that paid a tip: a one-off tip's completed transaction (kind `tip`), or the
 * one that collected its month (the charge row's paidTransactionId). Undefined when none did.
 */
export async function findPayingTransaction(db: DbOrTx, tip: { id: string; recurringTipId: string | null }) {
  if (tip.recurringTipId) {
    const [row] = await db
      .select({ transaction: oppTransactions, chargeId: recurringTipCharges.id })
      .from(recurringTipCharges)
      .innerJoin(oppTransactions, eq(oppTransactions.id, recurringTipCharges.paidTransactionId))
      .where(eq(recurringTipCharges.tipId, tip.id));
    return row;
  }
  const [transaction] = await db
    .select()
    .from(oppTransactions)
    .where(
      and(
        eq(oppTransactions.kind, 'tip'),
        eq(oppTransactions.ownerId, tip.id),
        inArray(oppTransactions.status, ['completed', 'refunded', 'chargeback']),
      ),
    )
    .orderBy(desc(oppTransactions.attempt))
    .limit(1);
  return transaction ? { transaction, chargeId: null } : undefined;
}

/** The month (charge row) a monthly-charge transaction paid, with its tip. */
export async function findChargePaidBy(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select({ id: recurringTipCharges.id, tipId: recurringTipCharges.tipId })
    .from(recurringTipCharges)
    .where(eq(recurringTipCharges.paidTransactionId, transactionId));
  return row;
}
