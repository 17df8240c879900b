import { ownerStatusOfPayment, paymentOutcome } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { sendQueuedMail } from '../../mail/outbox.js';
import { recordExcessReversal } from '../../payments/incidents.js';
import type { AfterCommit, TransactionChange, TransactionOwnerHandler } from '../../payments/ledger.js';
import { findTransactionRow, type OppTransactionRow } from '../../payments/payments.repository.js';
import * as tipsQueries from '../tips/tips.queries.js';
import {
  followRefunds,
  type ReversalOwner,
  refundedInFull,
  registerReversalOwner,
  type TipOfPayment,
} from './refunds.follow.js';
import * as repo from './refunds.repository.js';

/*
 * Reversals the provider reports (docs/decisions/015, 067, 070): a chargeback takes the whole payment
 * back and is recorded with the status change; refunds are the provider's refund objects, read from
 * its list of the payment's refunds after the commit (no provider call inside a database transaction,
 * docs/money-rules.md §1) and booked one by one by their uid (refunds.follow.ts) — never "what is
 * left of the tip".
 */

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

/**
 * A payment owner that also records what the provider reversed. The provider's `refunded` means
 * "(partly) refunded": the owner hears it only once our completed refunds cover the payment, and paid
 * until then. A chargeback is recorded at the whole payment in the same database transaction as the
 * status change (the unique index keeps it to one). Either way the payment's refunds at the provider
 * are to be read (refund_reads, in this transaction) and are read after the commit; a read that fails
 * is done again by the reconcile job. app.ts wires the handler, bound to its app's context, in the ledger.
 */
export function recordingReversals(ctx: AppContext, owner: PaymentOwner, tipOf: TipOfPayment): TransactionOwnerHandler {
  const wrapped: ReversalOwner = { owner: (tx, row, change) => owner(tx, row, change, ctx), tipOf };
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
      await followRefunds(ctx, row.id, await findTransactionRow(ctx.db, row.id), wrapped);
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

/** Owner target of a one-off tip's payment: the tip itself. */
export async function tipOfTipPayment(_tx: Tx, row: OppTransactionRow) {
  return { tipId: row.ownerId, chargeId: null };
}

/** Owner target of a monthly charge's payment: the month it paid, and that month's tip. */
export async function tipOfChargePayment(tx: Tx, row: OppTransactionRow) {
  const charge = await repo.findChargePaidBy(tx, row.id);
  return charge ? { tipId: charge.tipId, chargeId: charge.id } : undefined;
}
