import { type CreateRefundBody, ErrorCode, feeCreditOf, type ListResponse, type Refund } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { assertAdmin, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { assertSameRequest, type ClientIdempotency } from '../../lib/idempotency.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import { findPayingTransaction } from '../../payments/payments.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import * as tipsQueries from '../tips/tips.queries.js';
import { sendRefund } from './refunds.follow.js';
import * as repo from './refunds.repository.js';

/**
 * Refunds and chargebacks of paid tips (docs/decisions/015-refunds-and-disputes.md, 070), the
 * money-safety rules of docs/money-rules.md: a refund is recorded (and the tip's refunded totals raised) in one
 * database transaction under the tip's row lock, so what is left is decided once; only after the commit
 * is the provider called, with Idempotency-Key `tip-refund-<refund id>`, so a retry (the reconcile job)
 * can never refund twice. A refund is done when the provider paid it out, which may be later than its
 * answer: the reconcile job follows it (both in refunds.follow.ts). Reversals the provider reports:
 * refunds.provider.ts.
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
      return { row: repeated, created: false, payment: undefined };
    }
    if (tip.status !== 'completed' && tip.status !== 'refunded') {
      throw AppError.because(
        ErrorCode.InvalidTransition,
        tip.status === 'chargeback' ? 'tipChargedBack' : 'tipNotPaid',
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
      throw AppError.because(ErrorCode.InvalidTransition, 'tipUnknownAtProvider');
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
    return { row, created: true, payment: paid.transaction };
  });
  // Only the request that recorded the refund sends it; a repeat answers what is known (the reconcile
  // job sends a refund whose first send did not get through).
  const row = recorded.created ? await sendRefund(ctx, ledger, recorded.row, recorded.payment) : recorded.row;
  return { refund: toRefund(row), created: recorded.created };
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
