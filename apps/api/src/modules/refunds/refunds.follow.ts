import { feeCreditOf, refundOutcomeOf } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { sendQueuedMail } from '../../mail/outbox.js';
import { recordExcessReversal } from '../../payments/incidents.js';
import type { AfterCommit, PaymentLedger, TransactionOwnerHandler } from '../../payments/ledger.js';
import { OppError, type OppRefund } from '../../payments/opp-client.js';
import { applyProviderTransaction } from '../../payments/payments.apply.js';
import { findTransactionRow, lockTransactionRow, type OppTransactionRow } from '../../payments/payments.repository.js';
import * as tipsQueries from '../tips/tips.queries.js';
import { queueRefundMail } from './refunds.notify.js';
import * as repo from './refunds.repository.js';

/*
 * Our refunds at the provider (docs/decisions/015, 070), one file from the send to the booking: an
 * admin's refund is sent with its key after the commit that recorded it; the provider's word on a
 * payment's refunds is followed until each is paid out or failed — read from its list of the
 * payment's refunds, outside any database transaction (docs/money-rules.md §1), and booked one by one
 * by their uid, never "what is left of the tip"; and what each answer does to our records (the last
 * part, run inside the caller's transaction, the payment's row and then the tip's locked). The
 * reversals a payment's status reports are refunds.provider.ts.
 */

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Sends a recorded, unanswered refund to the provider (idempotent by its key) and records the answer:
 * paid out (`completed`) → completed and the tipper's mail queued in the same transaction; accepted but
 * not paid out yet (`created`, `paid: null`) → stays pending with the provider's uid, followed by the
 * reconcile job; refused for good (a 4xx) → failed and the tip's refunded totals given back;
 * unreachable → stays pending, unanswered, for the reconcile job. A refund the provider answered is
 * never sent again. `payment`: the refund's payment row (refund.oppTransactionId) as the caller read it.
 */
export async function sendRefund(
  ctx: AppContext,
  ledger: PaymentLedger,
  refund: repo.RefundRow,
  payment: OppTransactionRow | undefined,
): Promise<repo.RefundRow> {
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
    after = await settleOwner(reversalOwnerOf(ledger, locked.kind), tx, locked);
    return now;
  });
  if (answered?.status === 'completed') await sendQueuedMail(ctx);
  if (after) await after();
  return answered ?? (await repo.findRefund(ctx.db, refund.id)) ?? refund;
}

/** Reads a payment back from the provider and applies its status (a failed read leaves it to its notification). */
async function readPaymentAgain(ctx: AppContext, ledger: PaymentLedger, id: string, uid: string, refundId: string) {
  try {
    await applyProviderTransaction(ctx, ledger, id, await ctx.opp.getTransaction(uid));
  } catch (err) {
    ctx.log.warn({ err, refundId }, 'reading the payment again failed; its notification follows');
  }
}

/**
 * The reconcile job's refunds (decision 070): per payment with a refund not paid out yet, or whose
 * refunds are still to be read, least recently tried first — the provider's refunds are read and
 * applied (followProviderRefunds), then the admin refunds still unanswered are sent again with their
 * key (adopt before you create: a refund the provider has under our description was adopted by the
 * read), and if any was, read once more. The payment's row is read once for all of that (what is used
 * of it, its id, uid and kind, never changes). Answers how many of our refunds were sent or moved.
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
      const payment = await findTransactionRow(ctx.db, paymentId);
      const owner = payment && reversalOwnerOf(ledger, payment.kind);
      for (const id of (await followRefunds(ctx, paymentId, payment, owner)).moved) moved.add(id);
      const unanswered = await repo.listUnanswered(ctx.db, paymentId);
      for (const refund of unanswered) {
        const row = await sendRefund(ctx, ledger, refund, payment);
        if (row.status !== 'pending' || row.providerUid) moved.add(row.id);
      }
      if (unanswered.length > 0) {
        for (const id of (await followRefunds(ctx, paymentId, payment, owner)).moved) moved.add(id);
      }
      await repo.touchPending(ctx.db, paymentId);
    } catch (err) {
      ctx.log.warn({ err, paymentId }, "reconcile: could not follow a payment's refunds");
    }
  }
  return moved.size;
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
 * A read that fails books nothing and leaves the payment for the reconcile job.
 */
export async function followProviderRefunds(
  ctx: AppContext,
  ledger: PaymentLedger,
  paymentId: string,
): Promise<FollowResult> {
  const payment = await findTransactionRow(ctx.db, paymentId);
  return followRefunds(ctx, paymentId, payment, payment && reversalOwnerOf(ledger, payment.kind));
}

/** followProviderRefunds of a payment whose row (`payment`, if any) and reversal owner the caller has. */
export async function followRefunds(
  ctx: AppContext,
  paymentId: string,
  payment: OppTransactionRow | undefined,
  owner: ReversalOwner | undefined,
): Promise<FollowResult> {
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
    after = await settleOwner(owner, tx, row);
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

/* ---------- what the provider's word on a refund does to our records ---------- */

/** Which tip (and month) a payment paid, as the payment's owner knows it. */
export type TipOfPayment = (
  tx: Tx,
  row: OppTransactionRow,
) => Promise<{ tipId: string | null; chargeId: string | null } | undefined>;

/** A payment owner as wired in app.ts (bound to its app) before `recordingReversals` wrapped it, and its tip. */
export interface ReversalOwner {
  owner: TransactionOwnerHandler;
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

/** Whether our completed refunds of a payment add up to all of it (chargebacks aside). */
export async function refundedInFull(tx: Tx, payment: OppTransactionRow): Promise<boolean> {
  const rows = await repo.listPaymentRefunds(tx, payment.id);
  const refunded = rows
    .filter((r) => r.kind === 'refund' && r.status === 'completed')
    .reduce((sum, r) => sum + r.amount, 0);
  return refunded >= payment.amount;
}

/**
 * Once our completed refunds cover the whole payment, its owner hears `refunded` (the tip, its month):
 * the provider's own `refunded` may have come long before, at the first refund or before any was paid
 * out. Idempotent (the owners move forward only); nothing after a chargeback, which already moved them.
 */
export async function settleOwner(
  reversal: ReversalOwner | undefined,
  tx: Tx,
  payment: OppTransactionRow,
): Promise<AfterCommit | undefined> {
  if (payment.status === 'chargeback' || !(await refundedInFull(tx, payment))) return undefined;
  return (await reversal?.owner(tx, payment, { previous: payment.status, current: 'refunded' })) ?? undefined;
}
