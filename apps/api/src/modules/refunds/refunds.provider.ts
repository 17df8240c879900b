import { feeCreditOf, ownerStatusOfPayment, paymentOutcome, refundOutcomeOf } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { sendQueuedMail } from '../../mail/outbox.js';
import { recordExcessReversal } from '../../payments/incidents.js';
import type { AfterCommit, PaymentLedger, TransactionOwnerHandler } from '../../payments/ledger.js';
import type { OppRefund } from '../../payments/opp-client.js';
import { findTransactionRow, lockTransactionRow, type OppTransactionRow } from '../../payments/payments.repository.js';
import * as tipsQueries from '../tips/tips.queries.js';
import * as repo from './refunds.repository.js';
import {
  applyProviderAnswer,
  type PaymentOwner,
  type ReversalOwner,
  refundedInFull,
  registerReversalOwner,
  reversalOwnerOf,
  settleOwner,
  type TipOfPayment,
} from './refunds.settle.js';

/*
 * Reversals the provider reports (docs/decisions/015, 067, 070): a chargeback takes the whole payment
 * back and is recorded with the status change; refunds are the provider's refund objects, read from
 * its list of the payment's refunds after the commit (no provider call inside a database transaction,
 * docs/money-rules.md §1) and booked one by one by their uid — never "what is left of the tip".
 */

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * A payment owner that also records what the provider reversed. The provider's `refunded` means
 * "(partly) refunded": the owner hears it only once our completed refunds cover the payment, and paid
 * until then. A chargeback is recorded at the whole payment in the same database transaction as the
 * status change (the unique index keeps it to one). Either way the payment's refunds at the provider
 * are to be read (refund_reads, in this transaction) and are read after the commit; a read that fails
 * is done again by the reconcile job. app.ts wires the handler, bound to its app's context, in the ledger.
 */
export function recordingReversals(ctx: AppContext, owner: PaymentOwner, tipOf: TipOfPayment): TransactionOwnerHandler {
  const wrapped: ReversalOwner = { owner, tipOf };
  const handler: TransactionOwnerHandler = async (tx, row, change) => {
    if (paymentOutcome(change.current) !== 'reversed') return owner(tx, row, change, ctx);
    let target = await tipOf(tx, row);
    const told =
      change.current === 'refunded' && target?.tipId
        ? { ...change, current: ownerStatusOfPayment(change.current, await refundedInFull(tx, row)) }
        : change;
    let after = (await owner(tx, row, told, ctx)) ?? undefined;
    // A month never seen paid is attributed to this payment by its owner just now.
    target ??= await tipOf(tx, row);
    if (!target?.tipId) return after;
    if (change.current === 'chargeback') {
      const tip = await tipsQueries.lockTip(tx, target.tipId);
      if (tip && (await recordChargebackOf(ctx, tx, tip, target, row))) after = both(after, () => sendQueuedMail(ctx));
    }
    await repo.markRefundsToRead(tx, row.id);
    return both(after, async () => {
      await followRefunds(ctx, row.id, () => wrapped);
    });
  };
  registerReversalOwner(handler, wrapped);
  return handler;
}

function both(a: AfterCommit | undefined, b: AfterCommit): AfterCommit {
  return a
    ? async () => {
        await a();
        await b();
      }
    : b;
}

/**
 * A chargeback takes the whole payment back, whatever was refunded before (docs/decisions/067): it is
 * recorded at that amount. The tip is then reversed in full (its refunded totals become the tip and its
 * fee, never more); its fee credit is what completed refunds have not given back yet — a pending
 * refund may still fail. What the payer now has back beyond the payment (completed refunds plus
 * the chargeback) is an `excess_reversal` incident for platform admins.
 */
async function recordChargebackOf(
  ctx: AppContext,
  tx: Tx,
  tip: tipsQueries.TipRow,
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
  await tipsQueries.addRefunded(tx, tip.id, tip.amount - tip.refundedAmount, tip.fee - tip.refundedFee);
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

export interface FollowResult {
  /** Our refunds that moved (paid out, failed, or booked from the provider) in this follow-up. */
  moved: string[];
  /** The read failed, or found a refund it could not place yet: the payment stays to be read. */
  unfinished: boolean;
}

/**
 * Reads a payment's refunds at the provider and books them (docs/decisions/070): outside any database
 * transaction the list is read; then, with the payment's row and the tip locked and our rows re-read,
 * each provider refund is
 *  1. ours by its uid → its status is applied to our row (paid out, failed, still open);
 *  2. else ours by its `payout_description`, which names our refund's id → an admin refund whose answer
 *     was lost: the uid is adopted, the status applied;
 *  3. else failed or cancelled → nothing moved, nothing booked;
 *  4. else, while an admin refund of this payment is still unanswered → not booked yet (it may be that
 *     refund, if the provider does not echo our description): the payment stays to be read, and the
 *     reconcile job sends the unanswered refund again (same key) before it reads again;
 *  5. else, when a refund was recorded as "the rest of the tip" before refunds were read one by one →
 *     covered by it;
 *  6. else a refund made at the provider itself → booked at its own amount, by its uid, pending or
 *     paid out as the provider says (after a chargeback: no fee credit, its amount is excess).
 * A read that fails books nothing and leaves the payment for the reconcile job. The payment's owner is
 * the one the ledger names for its kind.
 */
export function followProviderRefunds(
  ctx: AppContext,
  ledger: PaymentLedger,
  paymentId: string,
): Promise<FollowResult> {
  return followRefunds(ctx, paymentId, (kind) => reversalOwnerOf(ledger, kind));
}

async function followRefunds(
  ctx: AppContext,
  paymentId: string,
  reversalOf: (kind: string) => ReversalOwner | undefined,
): Promise<FollowResult> {
  const payment = await findTransactionRow(ctx.db, paymentId);
  const owner = payment && reversalOf(payment.kind);
  if (!payment?.oppUid || !owner) {
    await repo.refundsRead(ctx.db, paymentId);
    return { moved: [], unfinished: false };
  }
  let theirs: OppRefund[];
  try {
    theirs = (await ctx.opp.listRefunds(payment.oppUid)).data;
  } catch (err) {
    ctx.log.warn({ err, paymentId }, "reading a payment's refunds failed; the reconcile job reads them again");
    await repo.keepRefundsToRead(ctx.db, paymentId, errorText(err));
    return { moved: [], unfinished: true };
  }
  let after: AfterCommit | undefined;
  const result = await ctx.db.transaction(async (tx): Promise<FollowResult> => {
    const row = (await lockTransactionRow(tx, payment.id))!;
    const target = await owner.tipOf(tx, row);
    const tip = target?.tipId ? await tipsQueries.lockTip(tx, target.tipId) : undefined;
    if (!target || !tip) {
      await repo.refundsRead(tx, payment.id);
      return { moved: [], unfinished: false };
    }
    const followed = await bookTheirs(ctx, tx, { tip, chargeId: target.chargeId, payment: row }, theirs);
    if (followed.unfinished) await repo.keepRefundsToRead(tx, payment.id, null);
    else await repo.refundsRead(tx, payment.id);
    after = await settleOwner(ctx, owner, tx, row);
    return followed;
  });
  if (result.moved.length > 0) await sendQueuedMail(ctx);
  if (after) await after();
  return result;
}

/** The rules 1–6 of followProviderRefunds, under the locks. */
async function bookTheirs(
  ctx: AppContext,
  tx: Tx,
  of: { tip: tipsQueries.TipRow; chargeId: string | null; payment: OppTransactionRow },
  theirs: OppRefund[],
): Promise<FollowResult> {
  const ours = await repo.listPaymentRefunds(tx, of.payment.id);
  const moved: string[] = [];
  let unfinished = false;
  const unanswered = (r: repo.RefundRow) => r.source === 'admin' && r.status === 'pending' && !r.providerUid;
  for (const refund of [...theirs].sort((a, b) => a.created - b.created)) {
    const at = ours.findIndex(
      (r) =>
        r.kind === 'refund' &&
        (r.providerUid === refund.uid || (unanswered(r) && !!refund.payoutDescription?.includes(r.id))),
    );
    const mine = ours[at];
    if (mine) {
      if (mine.status !== 'pending') {
        if (mine.status === 'completed' && refundOutcomeOf(refund.status) === 'failed') {
          ctx.log.error({ refundId: mine.id, providerUid: refund.uid }, 'the provider says a paid-out refund failed');
        }
        continue;
      }
      const now = await applyProviderAnswer(ctx, tx, mine, refund, of.payment);
      ours[at] = now;
      if (now.status !== 'pending' || !mine.providerUid) moved.push(now.id);
      continue;
    }
    if (refundOutcomeOf(refund.status) === 'failed') continue;
    if (ours.some(unanswered)) {
      unfinished = true;
      continue;
    }
    if (ours.some((r) => r.source === 'provider' && r.kind === 'refund' && !r.providerUid)) continue;
    const booked = await bookProviderRefund(ctx, tx, of, refund);
    if (booked) {
      ours.push(booked);
      moved.push(booked.id);
    }
  }
  return { moved, unfinished };
}

/** Rule 6: a refund the provider made itself, at its own amount; its mail when it is paid out. */
async function bookProviderRefund(
  ctx: AppContext,
  tx: Tx,
  of: { tip: tipsQueries.TipRow; chargeId: string | null; payment: OppTransactionRow },
  refund: OppRefund,
): Promise<repo.RefundRow | undefined> {
  const tip = (await tipsQueries.findTip(tx, of.tip.id))!;
  const chargedBack = (await repo.findProviderReversal(tx, of.payment.id))?.kind === 'chargeback';
  const before = Math.min(tip.refundedAmount, tip.amount);
  if (!chargedBack && tip.refundedAmount + refund.amount > tip.amount) {
    ctx.log.error(
      { tipId: tip.id, providerUid: refund.uid, amount: refund.amount, refunded: tip.refundedAmount },
      'the provider refunded more of a tip than our records leave',
    );
  }
  const feeCredit = chargedBack ? 0 : feeCreditOf(tip, before, Math.min(refund.amount, tip.amount - before));
  const row = await repo.insertProviderReversal(tx, {
    tipId: tip.id,
    tipjarId: tip.tipjarId,
    chargeId: of.chargeId,
    oppTransactionId: of.payment.id,
    kind: 'refund',
    source: 'provider',
    status: 'pending',
    amount: refund.amount,
    feeCredit,
    reason: '',
    providerUid: refund.uid,
    providerStatus: refund.status,
  });
  if (!row) return undefined;
  // After a chargeback the tip's totals are already the whole tip (decision 067).
  if (!chargedBack) await tipsQueries.addRefunded(tx, tip.id, refund.amount, feeCredit);
  ctx.log.warn({ tipId: tip.id, providerUid: refund.uid, amount: refund.amount }, 'the provider refunded a paid tip');
  return applyProviderAnswer(ctx, tx, row, refund, of.payment);
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
