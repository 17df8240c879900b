import type { PaymentOwnerKind } from '@podpot/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  addons,
  moneyCheckRuns,
  oppTransactions,
  paymentIncidents,
  recurringTipCharges,
  recurringTips,
  tipjars,
  tips,
} from '../db/schema/index.js';
import type { PaymentsContext } from './ledger.js';

/**
 * Money events that need a person's eye. Money that came in twice (docs/money-rules.md §4): the extra collection is recorded in the same database
 * transaction that saw it, then refunded after the commit with Idempotency-Key
 * `refund-<transaction row id>`, so a retry (the reconcile job) can never refund twice. Every
 * incident is logged at error level and listed for platform admins.
 */
export type PaymentIncidentRow = typeof paymentIncidents.$inferSelect;

/** Records a second completed collection of one owner (e.g. a month); undefined if it was recorded before. */
export async function recordDoubleCollection(
  tx: DbOrTx,
  values: { transactionId: string; ownerKind: string; ownerId: string; amount: number },
): Promise<PaymentIncidentRow | undefined> {
  const [row] = await tx
    .insert(paymentIncidents)
    .values({ kind: 'double_collection', ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Records a provider answer about money whose amount is not the one we asked (decision 065): its
 * status is not applied, nothing is refunded automatically; an admin looks at it. Undefined if it
 * was recorded before (the reconcile job reads the same answer again).
 */
export async function recordAmountMismatch(
  tx: DbOrTx,
  values: { transactionId: string; ownerKind: string; ownerId: string; amount: number },
): Promise<PaymentIncidentRow | undefined> {
  const [row] = await tx
    .insert(paymentIncidents)
    .values({ kind: 'amount_mismatch', ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Records money the provider gave back beyond the payment (docs/decisions/067): a chargeback of the
 * whole payment after (part of) it was already refunded. Nothing is refunded or collected
 * automatically; an admin looks at it. One incident per payment: a later part adds to its amount.
 */
export async function recordExcessReversal(
  tx: DbOrTx,
  values: { transactionId: string; ownerKind: string; ownerId: string; amount: number },
): Promise<PaymentIncidentRow | undefined> {
  const [row] = await tx
    .insert(paymentIncidents)
    .values({ kind: 'excess_reversal', ...values })
    .onConflictDoUpdate({
      target: [paymentIncidents.kind, paymentIncidents.transactionId],
      set: { amount: sql`${paymentIncidents.amount} + ${values.amount}` },
    })
    .returning();
  return row;
}

/**
 * Records a mandate whose status word we do not know while its first payment is open at our side:
 * the monthly tip is held for a person (recurring-tips.mandate.ts), nothing is refunded or charged.
 * Once per attempt; undefined if it was recorded before (every read answers the same word).
 */
export async function recordUnknownMandateStatus(
  tx: DbOrTx,
  values: { transactionId: string; ownerKind: string; ownerId: string; amount: number; providerStatus: string },
): Promise<PaymentIncidentRow | undefined> {
  const [row] = await tx
    .insert(paymentIncidents)
    .values({ kind: 'unknown_mandate_status', ...values })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Sends the refund of an incident's extra collection (idempotent); records the outcome. */
export async function refundIncident(ctx: PaymentsContext, incident: PaymentIncidentRow): Promise<boolean> {
  ctx.log.error(
    { incidentId: incident.id, ownerKind: incident.ownerKind, ownerId: incident.ownerId, amount: incident.amount },
    'money collected twice: refunding the extra collection',
  );
  const [transaction] = await ctx.db
    .select()
    .from(oppTransactions)
    .where(eq(oppTransactions.id, incident.transactionId));
  if (!transaction?.oppUid) return false;
  try {
    const refund = await ctx.opp.createRefund(
      transaction.oppUid,
      {
        amount: incident.amount,
        internal_reason: 'double collection',
        message: 'Refund: this payment was collected twice',
      },
      `refund-${transaction.id}`,
    );
    await ctx.db
      .update(paymentIncidents)
      .set({ refundUid: refund.uid, refundStatus: refund.status, lastError: null })
      .where(eq(paymentIncidents.id, incident.id));
    return true;
  } catch (err) {
    ctx.log.error({ err, incidentId: incident.id }, 'refunding a double collection failed; reconcile retries it');
    await ctx.db
      .update(paymentIncidents)
      .set({ lastError: err instanceof Error ? err.message.slice(0, 500) : String(err) })
      .where(eq(paymentIncidents.id, incident.id));
    return false;
  }
}

/** Incidents whose refund was not made yet (the provider could not be reached): the reconcile job retries. */
export async function retryOpenRefunds(ctx: PaymentsContext, limit = 50): Promise<number> {
  const open = await ctx.db
    .select()
    .from(paymentIncidents)
    .where(and(eq(paymentIncidents.kind, 'double_collection'), isNull(paymentIncidents.refundUid)))
    .limit(limit);
  let refunded = 0;
  for (const incident of open) if (await refundIncident(ctx, incident)) refunded += 1;
  return refunded;
}

/** The incident's owner is a row of this kind (the joins below find at most one owner per incident). */
const ownedBy = (kind: PaymentOwnerKind) => eq(paymentIncidents.ownerKind, kind);

/**
 * A page of incidents, newest first, each with what an admin needs to find its money: the provider
 * transaction, the tip jar, and the tip or monthly tip (and month) it was for.
 */
export async function listIncidents(db: DbOrTx, page: { offset: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        incident: paymentIncidents,
        oppUid: oppTransactions.oppUid,
        tipjarId: tipjars.id,
        tipjarName: tipjars.name,
        // A one-off tip is its own owner; a month names its tip once it has one.
        tipId: sql<string | null>`coalesce(${tips.id}, ${recurringTipCharges.tipId})`,
        recurringTipId: recurringTipCharges.recurringTipId,
        period: recurringTipCharges.period,
      })
      .from(paymentIncidents)
      .leftJoin(oppTransactions, eq(oppTransactions.id, paymentIncidents.transactionId))
      .leftJoin(tips, and(ownedBy('tip'), eq(tips.id, paymentIncidents.ownerId)))
      .leftJoin(
        recurringTipCharges,
        and(ownedBy('recurring_charge'), eq(recurringTipCharges.id, paymentIncidents.ownerId)),
      )
      .leftJoin(recurringTips, eq(recurringTips.id, recurringTipCharges.recurringTipId))
      .leftJoin(addons, and(ownedBy('addon'), eq(addons.id, paymentIncidents.ownerId)))
      .leftJoin(tipjars, eq(tipjars.id, sql`coalesce(${tips.tipjarId}, ${recurringTips.tipjarId}, ${addons.tipjarId})`))
      .orderBy(desc(paymentIncidents.created), desc(paymentIncidents.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(paymentIncidents),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The last run of the standing money check (jobs/money-check.ts); its violation count is the metric. */
export async function lastMoneyCheckRun(db: DbOrTx) {
  const [row] = await db.select().from(moneyCheckRuns).orderBy(desc(moneyCheckRuns.created)).limit(1);
  return row;
}
