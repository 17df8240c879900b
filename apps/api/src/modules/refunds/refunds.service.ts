import { type CreateRefundBody, ErrorCode, feeCreditOf, type ListResponse, type Refund } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { assertSameRequest, type ClientIdempotency } from '../../lib/idempotency.js';
import { sendQueuedMail } from '../../mail/outbox.js';
import type { AfterCommit, PaymentLedger } from '../../payments/ledger.js';
import { OppError } from '../../payments/opp-client.js';
import { applyProviderTransaction } from '../../payments/payments.apply.js';
import { findPayingTransaction, findTransactionRow, lockTransactionRow } from '../../payments/payments.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import * as tipsQueries from '../tips/tips.queries.js';
import { followProviderRefunds } from './refunds.provider.js';
import * as repo from './refunds.repository.js';
import { applyProviderAnswer, giveBackRefused, reversalOwnerOf, settleOwner } from './refunds.settle.js';

/**
 * Refunds and chargebacks of paid tips (docs/decisions/015-refunds-and-disputes.md, 070), the
 * money-safety rules of docs/money-rules.md: a refund is recorded (and the tip's refunded totals raised) in one
 * database transaction under the tip's row lock, so what is left is decided once; only after the commit
 * is the provider called, with Idempotency-Key `tip-refund-<refund id>`, so a retry (the reconcile job)
 * can never refund twice. A refund is done when the provider paid it out, which may be later than its
 * answer: the reconcile job follows it. Reversals the provider reports: refunds.provider.ts.
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
  ledger: PaymentLedger,
  actor: Actor,
  tipId: string,
  data: CreateRefundBody['data'],
  idempotency: ClientIdempotency | undefined,
): Promise<{ refund: Refund; created: boolean }> {
  assertAdmin(actor);
  const recorded = await ctx.db.transaction(async (tx) => {
    const tip = await tipsQueries.lockTip(tx, tipId);
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
    const paid = await findPayingTransaction(tx, tip);
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
    await tipsQueries.addRefunded(tx, tip.id, amount, feeCredit);
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
  const row = recorded.created ? await sendRefund(ctx, ledger, recorded.row) : recorded.row;
  return { refund: toRefund(row), created: recorded.created };
}

/**
 * Sends a recorded, unanswered refund to the provider (idempotent by its key) and records the answer:
 * paid out (`completed`) → completed and the tipper's mail queued in the same transaction; accepted but
 * not paid out yet (`created`, `paid: null`) → stays pending with the provider's uid, followed by the
 * reconcile job; refused for good (a 4xx) → failed and the tip's refunded totals given back;
 * unreachable → stays pending, unanswered, for the reconcile job. A refund the provider answered is
 * never sent again.
 */
export async function sendRefund(
  ctx: AppContext,
  ledger: PaymentLedger,
  refund: repo.RefundRow,
): Promise<repo.RefundRow> {
  const payment = await findTransactionRow(ctx.db, refund.oppTransactionId);
  if (!payment?.oppUid || refund.providerUid) return refund;
  let answer: Awaited<ReturnType<AppContext['opp']['createRefund']>>;
  try {
    answer = await ctx.opp.createRefund(
      payment.oppUid,
      {
        amount: refund.amount,
        internal_reason: refund.reason,
        message: refund.reason,
        // Names our refund: the provider's list of refunds says which is this one if the answer is lost.
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
    await readPaymentAgain(ctx, ledger, payment.id, payment.oppUid, refund.id);
    const failed = await ctx.db.transaction(async (tx) => {
      await tipsQueries.lockTip(tx, refund.tipId);
      const row = await repo.markRefused(tx, refund.id, errorText(err));
      if (row) await giveBackRefused(tx, row);
      return row;
    });
    return failed ?? (await repo.findRefund(ctx.db, refund.id)) ?? refund;
  }
  let after: AfterCommit | undefined;
  const answered = await ctx.db.transaction(async (tx) => {
    // The payment's row first, then the tip: the order the provider's status changes lock them in.
    const locked = (await lockTransactionRow(tx, payment.id))!;
    await tipsQueries.lockTip(tx, refund.tipId);
    const row = await repo.findRefund(tx, refund.id);
    // Recorded meanwhile from the provider's list of refunds (a notification came first).
    if (row?.status !== 'pending' || (row.providerUid && row.providerUid !== answer.uid)) return row;
    const now = await applyProviderAnswer(ctx, tx, row, answer, locked);
    after = await settleOwner(ctx, reversalOwnerOf(ledger, locked.kind), tx, locked);
    return now;
  });
  if (answered?.status === 'completed') await sendQueuedMail(ctx);
  if (after) await after();
  return answered ?? (await repo.findRefund(ctx.db, refund.id)) ?? refund;
}

/** Reads a payment back from the provider and applies its status (a failed read leaves it to its notification). */
async function readPaymentAgain(
  ctx: AppContext,
  ledger: PaymentLedger,
  paymentId: string,
  oppUid: string,
  refundId: string,
) {
  try {
    await applyProviderTransaction(ctx, ledger, paymentId, await ctx.opp.getTransaction(oppUid));
  } catch (err) {
    ctx.log.warn({ err, refundId }, 'reading the payment again failed; its notification follows');
  }
}

/**
 * The reconcile job's refunds (decision 070): per payment with a refund not paid out yet, or whose
 * refunds are still to be read, least recently tried first — the provider's refunds are read and
 * applied (followProviderRefunds), then the admin refunds still unanswered are sent again with their
 * key (adopt before you create: a refund the provider has under our description was adopted by the
 * read), and if any was, read once more. Answers how many of our refunds were sent or moved.
 */
export async function followPendingRefunds(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: { olderThan?: Date; limit?: number } = {},
) {
  const payments = await repo.listPaymentsToFollow(
    ctx.db,
    options.olderThan ?? new Date(Date.now() - 60_000),
    options.limit ?? 50,
  );
  const moved = new Set<string>();
  for (const paymentId of payments) {
    try {
      for (const id of (await followProviderRefunds(ctx, ledger, paymentId)).moved) moved.add(id);
      const unanswered = await repo.listUnanswered(ctx.db, paymentId);
      for (const refund of unanswered) {
        const row = await sendRefund(ctx, ledger, refund);
        if (row.status !== 'pending' || row.providerUid) moved.add(row.id);
      }
      if (unanswered.length > 0) {
        for (const id of (await followProviderRefunds(ctx, ledger, paymentId)).moved) moved.add(id);
      }
      await repo.touchPending(ctx.db, paymentId);
    } catch (err) {
      ctx.log.warn({ err, paymentId }, "reconcile: could not follow a payment's refunds");
    }
  }
  return moved.size;
}

/* ---------- reads ---------- */

/** GET tips/{id}/refunds (platform admins). */
export async function listRefunds(ctx: AppContext, actor: Actor, tipId: string): Promise<ListResponse<Refund>> {
  assertAdmin(actor);
  const tip = await tipsQueries.findTip(ctx.db, tipId);
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
  const tip = await tipsQueries.findTip(ctx.db, tipId, tipjarId);
  if (!tip) throw AppError.notFound('Tip');
  return listOf(ctx, tip.id);
}

async function listOf(ctx: AppContext, tipId: string): Promise<ListResponse<Refund>> {
  const rows = await repo.listTipRefunds(ctx.db, tipId);
  return { data: rows.map(toRefund), metadata: { count: rows.length } };
}
