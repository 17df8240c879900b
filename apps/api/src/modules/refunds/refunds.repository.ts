import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { recurringTipCharges, refundReads, refunds } from '../../db/schema/index.js';

/** The only code touching the refunds and refund_reads tables (plus the read of which payment paid a tip). */
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

/** A payment's refunds and chargebacks, oldest first. */
export async function listPaymentRefunds(db: DbOrTx, oppTransactionId: string) {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.oppTransactionId, oppTransactionId))
    .orderBy(asc(refunds.created), asc(refunds.id));
}

/**
 * The provider's answer on a pending refund: its uid and status, and — when it paid the refund out —
 * `completed`; undefined if the refund was no longer pending (another process recorded it). A refund
 * answered before keeps its uid.
 */
export async function markAnswered(
  db: DbOrTx,
  id: string,
  answer: { providerUid: string; providerStatus: string },
  paidOut = false,
) {
  const [row] = await db
    .update(refunds)
    .set({
      ...(paidOut ? { status: 'completed' as const } : {}),
      providerUid: sql`coalesce(${refunds.providerUid}, ${answer.providerUid})`,
      providerStatus: answer.providerStatus,
      lastError: null,
    })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** The provider refused a pending refund, or it failed there; undefined if it was no longer pending. */
export async function markRefused(db: DbOrTx, id: string, error: string, providerStatus?: string) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed', lastError: error, ...(providerStatus ? { providerStatus } : {}) })
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

/**
 * The reversal the provider reported for a payment that took all of it back: its chargeback, else a
 * refund recorded as "the rest of the tip" before refunds were read one by one (no provider uid).
 */
export async function findProviderReversal(db: DbOrTx, oppTransactionId: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.oppTransactionId, oppTransactionId),
        eq(refunds.source, 'provider'),
        or(eq(refunds.kind, 'chargeback'), isNull(refunds.providerUid)),
      ),
    )
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

/**
 * Payments the reconcile job follows up (decision 070), least recently tried first: those with a refund
 * not paid out yet (unanswered: sent again; answered: read) and those whose refunds are still to be
 * read, each untouched since `olderThan`.
 */
export async function listPaymentsToFollow(db: DbOrTx, olderThan: Date, limit: number): Promise<string[]> {
  const before = olderThan.toISOString();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from (
          select opp_transaction_id as id, updated as tried from refunds
          where status = 'pending' and updated < ${before}::timestamptz
          union all
          select opp_transaction_id, updated from refund_reads where updated < ${before}::timestamptz
        ) due group by id order by min(tried) limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** Admin refunds of a payment not answered by the provider yet (to be sent again). */
export async function listUnanswered(db: DbOrTx, oppTransactionId: string) {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.oppTransactionId, oppTransactionId),
        eq(refunds.status, 'pending'),
        eq(refunds.source, 'admin'),
        isNull(refunds.providerUid),
      ),
    )
    .orderBy(asc(refunds.created));
}

/** A payment's pending refunds were looked at now (the reconcile job goes on with others first). */
export async function touchPending(db: DbOrTx, oppTransactionId: string) {
  await db
    .update(refunds)
    .set({ updated: new Date() })
    .where(and(eq(refunds.oppTransactionId, oppTransactionId), eq(refunds.status, 'pending')));
}

/* ---------- payments whose refunds are to be read ---------- */

/** A payment's refunds are to be read at the provider (kept if it already was). */
export async function markRefundsToRead(db: DbOrTx, oppTransactionId: string) {
  await db.insert(refundReads).values({ oppTransactionId }).onConflictDoNothing();
}

/** A read that failed, or found a refund it could not place yet: the reconcile job reads it again. */
export async function keepRefundsToRead(db: DbOrTx, oppTransactionId: string, lastError: string | null) {
  await db
    .insert(refundReads)
    .values({ oppTransactionId, lastError })
    .onConflictDoUpdate({ target: refundReads.oppTransactionId, set: { lastError, updated: new Date() } });
}

/** Everything the provider listed for the payment is booked. */
export async function refundsRead(db: DbOrTx, oppTransactionId: string) {
  await db.delete(refundReads).where(eq(refundReads.oppTransactionId, oppTransactionId));
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

/** The month (charge row) a monthly-charge transaction paid, with its tip. */
export async function findChargePaidBy(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select({ id: recurringTipCharges.id, tipId: recurringTipCharges.tipId })
    .from(recurringTipCharges)
    .where(eq(recurringTipCharges.paidTransactionId, transactionId));
  return row;
}
