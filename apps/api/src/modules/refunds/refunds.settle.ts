import { refundOutcomeOf } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queueMail } from '../../mail/outbox.js';
import { tipRefundedMail } from '../../mail/refund-mails.js';
import { recordExcessReversal } from '../../payments/incidents.js';
import type { AfterCommit, PaymentLedger, TransactionChange, TransactionOwnerHandler } from '../../payments/ledger.js';
import type { OppRefund } from '../../payments/opp-client.js';
import type { OppTransactionRow } from '../../payments/payments.repository.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as tipsQueries from '../tips/tips.queries.js';
import * as repo from './refunds.repository.js';

/**
 * What a refund's answer from the provider does to our records (docs/decisions/070), shared by the
 * admin's refund (its create's answer), the provider's list of a payment's refunds (read after a
 * `refunded`/`chargeback` status and by the reconcile job) and the refunds the provider made itself.
 * Every function here runs inside the caller's transaction, the payment's row and then the tip's locked.
 */

/** Which tip (and month) a payment paid, as the payment's owner knows it. */
export type TipOfPayment = (
  tx: Tx,
  row: OppTransactionRow,
) => Promise<{ tipId: string | null; chargeId: string | null } | undefined>;

/**
 * A module's payment owner (tips, monthly charges) as it is written: a ledger handler that also takes
 * the app's context. `recordingReversals` binds it to its app for the ledger app.ts builds.
 */
export type PaymentOwner = (
  tx: Tx,
  row: OppTransactionRow,
  change: TransactionChange,
  ctx: AppContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: most owners have nothing to do after the commit
) => Promise<void | AfterCommit>;

/** A payment owner as wired in app.ts, before `recordingReversals` wrapped it, and how it finds its tip. */
export interface ReversalOwner {
  owner: PaymentOwner;
  tipOf: TipOfPayment;
}

const reversalOwners = new WeakMap<TransactionOwnerHandler, ReversalOwner>();

/** Remembers what a `recordingReversals` handler wraps, so a refund that ends a payment can tell its owner. */
export function registerReversalOwner(handler: TransactionOwnerHandler, wrapped: ReversalOwner) {
  reversalOwners.set(handler, wrapped);
}

/** The owner behind the handler app.ts wired for a kind of payment; undefined for kinds without refunds. */
export function reversalOwnerOf(ledger: PaymentLedger, kind: string): ReversalOwner | undefined {
  const handler = ledger.owners[kind];
  return handler && reversalOwners.get(handler);
}

const errorText = (text: string) => text.slice(0, 500);

/**
 * Records the provider's word on one of our pending refunds: paid out → completed and the tipper's
 * mail queued; failed → failed and given back; otherwise it stays pending with the provider's uid and
 * status (the reconcile job follows it). A refund no longer pending is left as it is. Answers the row.
 */
export async function applyProviderAnswer(
  ctx: AppContext,
  tx: Tx,
  refund: repo.RefundRow,
  answer: OppRefund,
  payment: OppTransactionRow,
): Promise<repo.RefundRow> {
  const said = { providerUid: answer.uid, providerStatus: answer.status };
  switch (refundOutcomeOf(answer.status)) {
    case 'completed': {
      const done = await repo.markAnswered(tx, refund.id, said, true);
      if (!done) return refund;
      const row = await acceptedAfterChargeback(ctx, tx, done, payment);
      await queueRefundMail(ctx, tx, row);
      return row;
    }
    case 'failed': {
      const failed = await repo.markRefused(
        tx,
        refund.id,
        errorText(`the provider's refund ${answer.uid} is ${answer.status}`),
        answer.status,
      );
      if (!failed) return refund;
      ctx.log.error({ refundId: refund.id, providerUid: answer.uid }, 'a refund failed at the provider; given back');
      await giveBackRefused(tx, failed);
      return failed;
    }
    default:
      return (await repo.markAnswered(tx, refund.id, said)) ?? refund;
  }
}

/**
 * A refund that failed (refused, or failed at the provider), under the tip's lock. When the provider
 * reversed the whole payment itself, the tipper got the money back through that reversal: a chargeback
 * already counted the whole tip (the tip's totals stay), and a refund recorded as "the rest of the
 * tip" (before refunds were read one by one) takes the failed amount and its fee credit over. Only
 * otherwise are they handed back to the tip: its refundable amount and the fee credit.
 */
export async function giveBackRefused(tx: Tx, refused: repo.RefundRow) {
  const reversal = await repo.findProviderReversal(tx, refused.oppTransactionId);
  if (reversal?.kind === 'chargeback') return;
  if (reversal) {
    await repo.addToReversal(tx, reversal.id, refused.amount, refused.feeCredit);
    return;
  }
  await tipsQueries.addRefunded(tx, refused.tipId, -refused.amount, -refused.feeCredit);
}

/**
 * A refund the provider paid out although we had recorded a chargeback of its payment (made before
 * the chargeback, its answer lost or its payout late): the payer has it back twice. The chargeback
 * already gave the whole fee back, so this refund credits none; its amount is excess, listed for admins.
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

/** The tipper's mail about a refund, once per refund (the dedupe key), when it is paid out. */
export async function queueRefundMail(ctx: AppContext, tx: DbOrTx, refund: repo.RefundRow) {
  const tip = await tipsQueries.findTip(tx, refund.tipId);
  const tipjar = tip && (await tipjarsQueries.findTipjar(tx, tip.tipjarId));
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

/** Whether our completed refunds of a payment add up to all of it (chargebacks aside). */
export async function refundedInFull(tx: Tx, payment: OppTransactionRow): Promise<boolean> {
  const rows = await repo.listPaymentRefunds(tx, payment.id);
  const refunded = rows
    .filter((r) => r.kind === 'refund' && r.status === 'completed')
    .reduce((sum, r) => sum + r.amount, 0);
  return refunded >= payment.amount;
}

/**
 * Once our completed refunds cover the whole payment, its owner (`reversal`, the payment kind's) hears
 * `refunded` (the tip, its month):
 * the provider's own `refunded` may have come long before, at the first refund or before any was paid
 * out. Idempotent (the owners move forward only); nothing after a chargeback, which already moved them.
 */
export async function settleOwner(
  ctx: AppContext,
  reversal: ReversalOwner | undefined,
  tx: Tx,
  payment: OppTransactionRow,
): Promise<AfterCommit | undefined> {
  if (payment.status === 'chargeback' || !(await refundedInFull(tx, payment))) return undefined;
  return (await reversal?.owner(tx, payment, { previous: payment.status, current: 'refunded' }, ctx)) ?? undefined;
}
