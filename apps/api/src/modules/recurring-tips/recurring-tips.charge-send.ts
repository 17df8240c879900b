import { paymentOutcome } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { AfterCommit, PaymentLedger } from '../../payments/ledger.js';
import {
  type CreateMandateTransactionInput,
  isIdempotencyKeyUsed,
  OppError,
  type OppTransaction,
} from '../../payments/opp-client.js';
import { applyProviderTransaction } from '../../payments/payments.apply.js';
import { findLatestForOwners } from '../../payments/payments.repository.js';
import { notifyUrlOf } from '../../payments/payments.service.js';
import { merchantsOfTipjars } from '../merchants/merchants.queries.js';
import { acceptsTips } from '../merchants/merchants.service.js';
import type { ClaimedCharge } from './recurring-tips.charge.repository.js';
import { attemptMetadata, debitKey, findSentDebit } from './recurring-tips.lookups.js';
import { CHARGE_KIND, recordDebitFailure } from './recurring-tips.outcomes.js';
import { recordAttempt, refreshAttempt } from './recurring-tips.payments.js';
import * as repo from './recurring-tips.repository.js';

/**
 * The charge job's provider call (decisions 019 and 023): a leased batch made ready with three reads,
 * each debit sent with its Idempotency-Key (looked up and adopted when an earlier run may have sent
 * it), and its answer handed to the recorder (recurring-tips.charge-batch.ts) or recorded alone.
 */

/** A leased debit ready to be sent: its key and request (prepareDebits reads them for a whole batch). */
export interface DebitToSend {
  charge: ClaimedCharge;
  mandateUid: string;
  merchantUid: string;
  key: string;
  request: CreateMandateTransactionInput;
}

/** A debit the provider answered, to be recorded (one at a time: recordDebitAnswer; a batch: charge-batch). */
export interface DebitAnswer extends DebitToSend {
  answer: OppTransaction;
}

/**
 * Why the run may not send a leased month now (issue 34.2): no mandate token to debit, a tip jar
 * whose merchant takes no payments (suspended, blocked…), or a monthly tip that already had a debit
 * sent in this run (one debit per monthly tip per run, issue 34.5).
 */
export type HoldReason = 'no_mandate_token' | 'merchant_not_taking_payments' | 'one_debit_per_run';

/** A leased month the rules hold back: not sent, not "provider unreachable" (charge job: holdBack). */
export interface HeldDebit {
  charge: ClaimedCharge;
  reason: HoldReason;
  tipjarId: string | null;
}

/**
 * What becomes of a leased charge: sent, settled without a send (`settle` says if it reached the
 * provider), or held back by a rule.
 */
export type PreparedDebit = { send: DebitToSend } | { settle: () => Promise<boolean> } | { hold: HeldDebit };

/**
 * The leased debits of a batch made ready with three reads for all of them (the monthly tips with
 * their tip jars, the tip jars' merchants, the attempts recorded before). Each charge becomes what it
 * became one at a time: without its monthly tip it is released; without a mandate token, with a
 * merchant that takes no payments, or of a monthly tip `debited` already holds (a debit sent in this
 * run) it is held back (HeldDebit: the run moves it on, the next run does not lease it first again);
 * an attempt recorded before (the process died after recording) is released and only refreshed; any
 * other is sent with Idempotency-Key and reference `charge-<recurringTipId>-<period>-<attempt>` and
 * the month and attempt in its metadata, and its monthly tip added to `debited`.
 */
export async function prepareDebits(
  ctx: AppContext,
  ledger: PaymentLedger,
  charges: ClaimedCharge[],
  debited: Set<string> = new Set(),
): Promise<PreparedDebit[]> {
  const [recurringTips, recorded] = await Promise.all([
    repo.findRecurringTips(ctx.db, [...new Set(charges.map((c) => c.recurringTipId))]),
    findLatestForOwners(
      ctx.db,
      CHARGE_KIND,
      charges.map((c) => c.id),
    ),
  ]);
  const merchants = await merchantsOfTipjars(ctx.db, [...new Set([...recurringTips.values()].map((r) => r.tipjarId))]);
  const release = (charge: ClaimedCharge, reached: boolean, then?: () => Promise<unknown>) => ({
    settle: async () => {
      await repo.releaseCharge(ctx.db, charge.id);
      await then?.();
      return reached;
    },
  });
  const hold = (charge: ClaimedCharge, reason: HoldReason, tipjarId: string | null) => ({
    hold: { charge, reason, tipjarId },
  });
  return charges.map((charge): PreparedDebit => {
    const recurringTip = recurringTips.get(charge.recurringTipId);
    if (!recurringTip) return release(charge, false);
    const existing = recorded.get(charge.id);
    // Sent and recorded before (the process died after recording): only refresh it.
    if (existing && existing.attempt === charge.attempt)
      return release(charge, true, () => refreshAttempt(ctx, ledger, existing));
    if (!recurringTip.mandateUid || !recurringTip.mandateToken) {
      return hold(charge, 'no_mandate_token', recurringTip.tipjarId);
    }
    const merchant = merchants.get(recurringTip.tipjarId);
    if (!acceptsTips(merchant)) return hold(charge, 'merchant_not_taking_payments', recurringTip.tipjarId);
    if (debited.has(recurringTip.id)) return hold(charge, 'one_debit_per_run', recurringTip.tipjarId);
    debited.add(recurringTip.id);
    const key = debitKey(charge);
    const request: CreateMandateTransactionInput = {
      merchant_uid: merchant!.merchantUid,
      token: recurringTip.mandateToken,
      total_price: charge.amount,
      products: [
        { name: `Monthly tip: ${recurringTip.tipjarName} (${charge.period})`, price: charge.amount, quantity: 1 },
      ],
      reference: key,
      notify_url: notifyUrlOf(ctx),
      // The month and its attempt: what finds this debit again if its answer is lost (decision 071).
      metadata: {
        recurring_tip_id: recurringTip.id,
        period: charge.period,
        ...attemptMetadata(charge.id, charge.attempt),
      },
    };
    return { send: { charge, mandateUid: recurringTip.mandateUid, merchantUid: merchant!.merchantUid, key, request } };
  });
}

/**
 * Sends a prepared debit: `POST /mandates/{uid}/transactions`; an attempt an earlier run claimed is
 * looked up before it is sent again (sendOrAdoptDebit), so a crash or a lost answer can never collect
 * twice, whatever the provider does with the key. The answer is handed to `record` (the charge run
 * records a batch at once; until it is recorded the month stays leased, and a run after a crash looks
 * the debit up and adopts it). Returns false when the provider could not be reached (the claim is
 * released and the next run tries again).
 */
export async function sendDebit(
  ctx: AppContext,
  debit: DebitToSend,
  record: (answer: DebitAnswer) => Promise<void>,
): Promise<boolean> {
  const { charge } = debit;
  let answer: OppTransaction;
  try {
    answer = await sendOrAdoptDebit(ctx, charge, debit.mandateUid, debit.request, debit.key);
  } catch (err) {
    if (isRefusal(err)) {
      // The provider refused this charge (e.g. the mandate is no longer usable): a failed try.
      ctx.log.warn({ err, chargeId: charge.id }, 'the provider refused a mandate charge');
      const effect = await ctx.db.transaction(async (tx) => {
        const locked = (await repo.lockMonth(tx, charge.id))?.charge;
        if (locked?.status !== 'scheduled' || locked.attempt !== charge.attempt) return undefined;
        return recordDebitFailure(ctx, tx, locked, 'rejected');
      });
      if (effect) await runEffect(ctx, effect, charge.id);
      return true;
    }
    ctx.log.error({ err, chargeId: charge.id }, 'sending a mandate charge failed; the next run retries it');
    await repo.releaseCharge(ctx.db, charge.id);
    return false;
  }
  await record({ ...debit, answer });
  return true;
}

/** An open debit (SEPA `planned`, on its way): its month waits for it as pending. */
export function isOpenDebit(a: DebitAnswer): boolean {
  const outcome = paymentOutcome(a.answer.status);
  return outcome === 'open' || outcome === 'held';
}

/** Records one debit's answer as its attempt's transaction row, then applies it (the one-at-a-time path). */
export async function recordDebitAnswer(ctx: AppContext, ledger: PaymentLedger, a: DebitAnswer): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await recordAttempt(tx, {
      charge: a.charge,
      key: a.key,
      oppUid: a.answer.uid,
      merchantUid: a.merchantUid,
      redirectUrl: null,
      request: a.request as unknown as Record<string, unknown>,
    });
    // An open answer lets the month go; any other keeps it held until applied (recordChargeAnswers).
    const letGo = isOpenDebit(a) ? { claimedUntil: null } : {};
    await repo.updateCharge(tx, a.charge.id, { oppTransactionId: row.id, ...letGo });
    return row;
  });
  await applyProviderTransaction(ctx, ledger, row.id, a.answer);
}

/**
 * The provider's debit for this attempt. Adopt before you create (docs/money-rules.md §8): when an earlier run
 * claimed the attempt (it may have sent it and lost the answer, or died) it is looked up first, by the
 * month and attempt in its metadata (decision 071), so a provider that ignores the Idempotency-Key
 * cannot collect the month twice; a create refused because its key was used is looked up too. A
 * failed or unfinished lookup is no answer (status 0, never a refusal): the claim is released and the
 * next run tries again.
 */
async function sendOrAdoptDebit(
  ctx: AppContext,
  charge: ClaimedCharge,
  mandateUid: string,
  request: CreateMandateTransactionInput,
  key: string,
): Promise<OppTransaction> {
  const find = () =>
    findSentDebit(ctx, charge).catch((err: Error) => {
      throw new OppError(0, undefined, `looking up the debit ${key} failed: ${err.message}`);
    });
  const sentBefore = charge.claimedBefore ? await find() : undefined;
  if (sentBefore) return sentBefore;
  try {
    return await ctx.opp.createMandateTransaction(mandateUid, request, key);
  } catch (err) {
    const adopted = isIdempotencyKeyUsed(err) ? await find() : undefined;
    if (adopted) return adopted;
    throw err;
  }
}

/** The provider refused this charge (e.g. the mandate is no longer usable) — not busy, not "key used". */
function isRefusal(err: unknown): boolean {
  return (
    err instanceof OppError &&
    err.status >= 400 &&
    err.status < 500 &&
    ![408, 409, 429].includes(err.status) &&
    !isIdempotencyKeyUsed(err)
  );
}

async function runEffect(ctx: AppContext, effect: AfterCommit, chargeId: string) {
  try {
    await effect();
  } catch (err) {
    ctx.log.error({ err, chargeId }, 'after-commit effect of a refused charge failed');
  }
}
