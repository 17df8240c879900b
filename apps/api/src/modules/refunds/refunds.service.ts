import {
  type CreateRefundBody,
  ErrorCode,
  feeCreditOf,
  type ListResponse,
  paymentOutcome,
  type Refund,
  type RefundKind,
} from '@podpot/domain';
import type { Actor, AfterCommit, AppContext, TransactionOwnerHandler } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { assertSameRequest, type ClientIdempotency } from '../../lib/idempotency.js';
import { queueMail, sendQueuedMail } from '../../mail/outbox.js';
import { tipRefundedMail } from '../../mail/refund-mails.js';
import { recordExcessReversal } from '../../payments/incidents.js';
import { OppError } from '../../payments/opp-client.js';
import { applyProviderTransaction } from '../../payments/payments.apply.js';
import { findTransactionRow, type OppTransactionRow } from '../../payments/payments.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import * as tipjarsRepo from '../tipjars/tipjars.repository.js';
import * as tipsRepo from '../tips/tips.repository.js';
import * as repo from './refunds.repository.js';

/**
 * Refunds and chargebacks of paid tips (docs/decisions/015-refunds-and-disputes.md), the money-safety
 * rules of DESIGN.md §4: a refund is recorded (and the tip's refunded totals raised) in one database
 * transaction under the tip's row lock, so what is left is decided once; only after the commit is the
 * provider called, with Idempotency-Key `tip-refund-<refund id>`, so a retry (the reconcile job) can
 * never refund twice. Reversals the provider reports are recorded by the payment owners' wrapper below.
 */

export function toRefund(row: repo.RefundRow): Refund {
  return {
    id: row.id,
    tipId: row.tipId,
    tipjarId: row.tipjarId,
    chargeId: row.chargeId,
    kind: row.kind,
    source: row.source,
    status: row.status,
    amount: row.amount,
    feeCredit: row.feeCredit,
    reason: row.reason,
    providerUid: row.providerUid,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/* ---------- an admin's refund ---------- */

/**
 * POST tips/{id}/refunds (platform admins): refunds `amount` cents of a paid tip (all that is left when
 * left out), with a reason the tipper is told. More than is left is a 400 on `data.amount`. With an
 * Idempotency-Key the call is safe to repeat: the same key answers the same refund.
 */
export async function createRefund(
  ctx: AppContext,
  actor: Actor,
  tipId: string,
  data: CreateRefundBody['data'],
  idempotency: ClientIdempotency | undefined,
): Promise<{ refund: Refund; created: boolean }> {
  assertAdmin(actor);
  const recorded = await ctx.db.transaction(async (tx) => {
    const tip = await tipsRepo.lockTip(tx, tipId);
    if (!tip) throw AppError.notFound('Tip');
    // Under the tip's lock: a concurrent request with the same key waits here and then finds the first.
    const repeated = idempotency && (await repo.findRefundByKey(tx, tip.id, idempotency.key));
    if (repeated) {
      assertSameRequest(repeated.idempotencyFingerprint, idempotency);
      return { row: repeated, created: false };
    }
    if (tip.status !== 'completed' && tip.status !== 'refunded') {
      throw new AppError(
        ErrorCode.InvalidTransition,
        tip.status === 'chargeback'
          ? 'This tip was charged back: the money is already back with the tipper'
          : 'Only a paid tip can be refunded',
      );
    }
    const left = tip.amount - tip.refundedAmount;
    const amount = data.amount ?? left;
    if (left <= 0 || amount > left) {
      throw AppError.field(
        ErrorCode.Validation,
        'data.amount',
        { key: 'refundTooLarge', params: { max: Math.max(0, left) } },
        `At most ${Math.max(0, left)} cents of this tip are left to refund`,
      );
    }
    const paid = await repo.findPayingTransaction(tx, tip);
    if (!paid?.transaction.oppUid) {
      throw new AppError(ErrorCode.InvalidTransition, 'The payment of this tip is not known at the provider');
    }
    const feeCredit = feeCreditOf(tip, tip.refundedAmount, amount);
    const row = await repo.insertRefund(tx, {
      tipId: tip.id,
      tipjarId: tip.tipjarId,
      chargeId: paid.chargeId,
      oppTransactionId: paid.transaction.id,
      kind: 'refund',
      source: 'admin',
      status: 'pending',
      amount,
      feeCredit,
      reason: data.reason,
      createdBy: actor.userId,
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.fingerprint ?? null,
    });
    await tipsRepo.addRefunded(tx, tip.id, amount, feeCredit);
    await recordAudit(tx, actor, {
      action: 'refund.created',
      entityType: 'refund',
      entityId: row.id,
      tipjarId: row.tipjarId,
      after: { tipId: row.tipId, amount: row.amount, feeCredit: row.feeCredit, reason: row.reason },
    });
    return { row, created: true };
  });
  // Only the request that recorded the refund sends it; a repeat answers what is known (the reconcile
  // job sends a refund whose first send did not get through).
  const row = recorded.created ? await sendRefund(ctx, recorded.row) : recorded.row;
  return { refund: toRefund(row), created: recorded.created };
}

/**
 * Sends a recorded refund to the provider (idempotent by its key) and records the answer: accepted →
 * completed and the tipper's mail queued in the same transaction; refused for good (a 4xx) → failed
 * and the tip's refunded totals given back; unreachable → stays pending for the reconcile job.
 */
export async function sendRefund(ctx: AppContext, refund: repo.RefundRow): Promise<repo.RefundRow> {
  const payment = await findTransactionRow(ctx.db, refund.oppTransactionId);
  if (!payment?.oppUid) return refund;
  let answer: Awaited<ReturnType<AppContext['opp']['createRefund']>>;
  try {
    answer = await ctx.opp.createRefund(
      payment.oppUid,
      {
        amount: refund.amount,
        internal_reason: refund.reason,
        message: refund.reason,
        payout_description: `${ctx.config.BRAND_NAME} refund ${refund.id}`,
      },
      `tip-refund-${refund.id}`,
    );
  } catch (err) {
    const refused =
      err instanceof OppError && err.status >= 400 && err.status < 500 && ![408, 409, 429].includes(err.status);
    ctx.log.error(
      { err, refundId: refund.id },
      refused ? 'the provider refused a refund' : 'sending a refund failed; reconcile retries it',
    );
    if (!refused) {
      await repo.recordSendError(ctx.db, refund.id, errorText(err));
      return (await repo.findRefund(ctx.db, refund.id)) ?? refund;
    }
    // The provider may refuse because the payment was reversed meanwhile (a chargeback whose
    // notification may not have come yet): read it again first, so the reversal is recorded before
    // the refused amount is decided on.
    await readPaymentAgain(ctx, payment.id, payment.oppUid, refund.id);
    const failed = await ctx.db.transaction(async (tx) => {
      await tipsRepo.lockTip(tx, refund.tipId);
      const row = await repo.markRefused(tx, refund.id, errorText(err));
      if (row) await giveBackRefused(tx, row);
      return row;
    });
    return failed ?? (await repo.findRefund(ctx.db, refund.id)) ?? refund;
  }
  const accepted = await ctx.db.transaction(async (tx) => {
    await tipsRepo.lockTip(tx, refund.tipId);
    let row = await repo.markAccepted(tx, refund.id, { providerUid: answer.uid, providerStatus: answer.status });
    if (row) row = await acceptedAfterChargeback(ctx, tx, row, payment);
    if (row) await queueRefundMail(ctx, tx, row);
    return row;
  });
  if (!accepted) return (await repo.findRefund(ctx.db, refund.id)) ?? refund;
  await sendQueuedMail(ctx);
  // A refund of all that was left ends the payment at the provider: read it back now (the
  // notification may come later) so the tip and its month show `refunded` at once.
  const tip = await tipsRepo.findTip(ctx.db, accepted.tipId);
  if (tip && tip.refundedAmount >= tip.amount) await readPaymentAgain(ctx, payment.id, payment.oppUid, accepted.id);
  return accepted;
}

/** Reads a payment back from the provider and applies its status (a failed read leaves it to its notification). */
async function readPaymentAgain(ctx: AppContext, paymentId: string, oppUid: string, refundId: string) {
  try {
    await applyProviderTransaction(ctx, paymentId, await ctx.opp.getTransaction(oppUid));
  } catch (err) {
    ctx.log.warn({ err, refundId }, 'reading the payment again failed; its notification follows');
  }
}

/**
 * A refund the provider refused for good, under the tip's lock. When the provider reversed the payment
 * itself meanwhile, the tipper got the money back through that reversal: a chargeback already counted
 * the whole tip (the tip's totals stay), and a refund made at the provider takes the refused amount
 * and its fee credit over. Only otherwise are they handed back to the tip.
 */
async function giveBackRefused(tx: Tx, refused: repo.RefundRow) {
  const reversal = await repo.findProviderReversal(tx, refused.oppTransactionId);
  if (reversal?.kind === 'chargeback') return;
  if (reversal) {
    await repo.addToReversal(tx, reversal.id, refused.amount, refused.feeCredit);
    return;
  }
  await tipsRepo.addRefunded(tx, refused.tipId, -refused.amount, -refused.feeCredit);
}

/**
 * A refund the provider made although we had recorded a chargeback of its payment (it was accepted
 * before the chargeback, its answer lost): the payer has it back twice. The chargeback already gave
 * the whole fee back, so this refund credits none; its amount is excess, listed for admins.
 */
async function acceptedAfterChargeback(
  ctx: AppContext,
  tx: Tx,
  row: repo.RefundRow,
  payment: OppTransactionRow,
): Promise<repo.RefundRow> {
  const reversal = await repo.findProviderReversal(tx, row.oppTransactionId);
  if (reversal?.kind !== 'chargeback') return row;
  await recordExcessReversal(tx, {
    transactionId: payment.id,
    ownerKind: payment.kind,
    ownerId: payment.ownerId,
    amount: row.amount,
  });
  ctx.log.error(
    { refundId: row.id, paymentId: payment.id, amount: row.amount },
    'a refund was made after the chargeback of its payment: the payer has it back twice',
  );
  return (await repo.clearFeeCredit(tx, row.id)) ?? row;
}

/** The tipper's mail about a refund, once per refund (the dedupe key). */
async function queueRefundMail(ctx: AppContext, tx: DbOrTx, refund: repo.RefundRow) {
  const tip = await tipsRepo.findTip(tx, refund.tipId);
  const tipjar = tip && (await tipjarsRepo.findTipjar(tx, tip.tipjarId));
  if (!tip || !tipjar) return;
  const mail = tipRefundedMail(tip.locale, {
    brand: ctx.config.BRAND_NAME,
    tipjarName: tipjar.name,
    amount: refund.amount,
    tipAmount: tip.amount,
    whole: tip.refundedAmount >= tip.amount,
    reason: refund.reason,
    reference: tip.id,
  });
  await queueMail(tx, { to: tip.email, ...mail }, { dedupeKey: `tip-refund:${refund.id}` });
}

/** Pending admin refunds (the provider could not be reached): the reconcile job sends them again. */
export async function retryPendingRefunds(ctx: AppContext, options: { olderThan?: Date; limit?: number } = {}) {
  const pending = await repo.listPendingRefunds(
    ctx.db,
    options.olderThan ?? new Date(Date.now() - 60_000),
    options.limit ?? 50,
  );
  let sent = 0;
  for (const refund of pending) {
    const row = await sendRefund(ctx, refund);
    if (row.status !== 'pending') sent += 1;
  }
  return sent;
}

/* ---------- reversals the provider reports ---------- */

/**
 * A payment owner that also records what the provider reversed, in the same database transaction as
 * the status change: a chargeback at the whole payment (below), a payment turned `refunded` at the
 * provider for the rest our refunds do not already cover. The unique index (payment, kind) keeps each
 * to one.
 */
export function recordingReversals(
  owner: TransactionOwnerHandler,
  tipOf: (tx: Tx, row: OppTransactionRow) => Promise<{ tipId: string | null; chargeId: string | null } | undefined>,
): TransactionOwnerHandler {
  return async (tx, row, change, ctx) => {
    const after = (await owner(tx, row, change, ctx)) ?? undefined;
    if (paymentOutcome(change.current) !== 'reversed') return after;
    const target = await tipOf(tx, row);
    if (!target?.tipId) return after;
    const kind: RefundKind = change.current === 'chargeback' ? 'chargeback' : 'refund';
    const recorded = await recordProviderReversal(ctx, tx, { ...target, tipId: target.tipId }, row, kind);
    return recorded ? both(after, sendQueuedMail) : after;
  };
}

function both(a: AfterCommit | undefined, b: AfterCommit): AfterCommit {
  return a
    ? async (ctx) => {
        await a(ctx);
        await b(ctx);
      }
    : b;
}

async function recordProviderReversal(
  ctx: AppContext,
  tx: Tx,
  target: { tipId: string; chargeId: string | null },
  payment: OppTransactionRow,
  kind: RefundKind,
): Promise<boolean> {
  const tip = await tipsRepo.lockTip(tx, target.tipId);
  if (!tip) return false;
  if (kind === 'chargeback') return recordChargebackOf(ctx, tx, tip, target, payment);
  const left = tip.amount - tip.refundedAmount;
  if (left <= 0) return false;
  const feeCredit = feeCreditOf(tip, tip.refundedAmount, left);
  const row = await repo.insertProviderReversal(tx, {
    tipId: tip.id,
    tipjarId: tip.tipjarId,
    chargeId: target.chargeId,
    oppTransactionId: payment.id,
    kind: 'refund',
    source: 'provider',
    status: 'completed',
    amount: left,
    feeCredit,
    reason: '',
    providerStatus: 'refunded',
  });
  if (!row) return false;
  await tipsRepo.addRefunded(tx, tip.id, left, feeCredit);
  ctx.log.warn({ tipId: tip.id, kind, amount: left }, 'the provider reversed a paid tip');
  // A refund made at the provider is mailed (a chargeback is the tipper's own request to their bank).
  await queueRefundMail(ctx, tx, row);
  return true;
}

/**
 * A chargeback takes the whole payment back, whatever was refunded before (docs/decisions/067): it is
 * recorded at that amount. The tip is then reversed in full (its refunded totals become the tip and its
 * fee, never more); its fee credit is what completed refunds have not given back yet — a pending
 * refund may still be refused. What the payer now has back beyond the payment (completed refunds plus
 * the chargeback) is an `excess_reversal` incident for platform admins.
 */
async function recordChargebackOf(
  ctx: AppContext,
  tx: Tx,
  tip: NonNullable<Awaited<ReturnType<typeof tipsRepo.lockTip>>>,
  target: { chargeId: string | null },
  payment: OppTransactionRow,
): Promise<boolean> {
  const reversed = payment.amount;
  const before = await repo.sumCompletedReversals(tx, payment.id);
  const row = await repo.insertProviderReversal(tx, {
    tipId: tip.id,
    tipjarId: tip.tipjarId,
    chargeId: target.chargeId,
    oppTransactionId: payment.id,
    kind: 'chargeback',
    source: 'provider',
    status: 'completed',
    amount: reversed,
    feeCredit: Math.max(0, tip.fee - before.feeCredit),
    reason: '',
    providerStatus: 'chargeback',
  });
  if (!row) return false;
  await tipsRepo.addRefunded(tx, tip.id, tip.amount - tip.refundedAmount, tip.fee - tip.refundedFee);
  ctx.log.warn({ tipId: tip.id, kind: 'chargeback', amount: reversed }, 'the provider reversed a paid tip');
  const excess = before.amount + reversed - tip.amount;
  if (excess > 0) {
    await recordExcessReversal(tx, {
      transactionId: payment.id,
      ownerKind: payment.kind,
      ownerId: payment.ownerId,
      amount: excess,
    });
    ctx.log.error(
      { tipId: tip.id, paymentId: payment.id, excess },
      'a chargeback after a refund: the payer has more back than they paid',
    );
  }
  return true;
}

/** Owner target of a one-off tip's payment: the tip itself. */
export async function tipOfTipPayment(_tx: Tx, row: OppTransactionRow) {
  return { tipId: row.ownerId, chargeId: null };
}

/** Owner target of a monthly charge's payment: the month it paid, and that month's tip. */
export async function tipOfChargePayment(tx: Tx, row: OppTransactionRow) {
  const charge = await repo.findChargePaidBy(tx, row.id);
  return charge ? { tipId: charge.tipId, chargeId: charge.id } : undefined;
}

/* ---------- reads ---------- */

/** GET tips/{id}/refunds (platform admins). */
export async function listRefunds(ctx: AppContext, actor: Actor, tipId: string): Promise<ListResponse<Refund>> {
  assertAdmin(actor);
  const tip = await tipsRepo.findTip(ctx.db, tipId);
  if (!tip) throw AppError.notFound('Tip');
  return listOf(ctx, tip.id);
}

/** GET tipjars/{id}/tips/{tipId}/refunds (its admins and platform admins). */
export async function listTipjarTipRefunds(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  tipId: string,
): Promise<ListResponse<Refund>> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const tip = await tipsRepo.findTip(ctx.db, tipId, tipjarId);
  if (!tip) throw AppError.notFound('Tip');
  return listOf(ctx, tip.id);
}

async function listOf(ctx: AppContext, tipId: string): Promise<ListResponse<Refund>> {
  const rows = await repo.listTipRefunds(ctx.db, tipId);
  return { data: rows.map(toRefund), metadata: { count: rows.length } };
}
