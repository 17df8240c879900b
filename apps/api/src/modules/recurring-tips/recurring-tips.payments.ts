import { appUrl, ErrorCode, type Locale } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import { type CreateMandateInput, isIdempotencyKeyUsed, OppError, type OppMandate } from '../../payments/opp-client.js';
import {
  findLatestForOwner,
  insertTransactionRow,
  type OppTransactionRow,
} from '../../payments/payments.repository.js';
import { notifyUrlOf, providerUnavailable } from '../../payments/payments.service.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as tipsQueries from '../tips/tips.queries.js';
import { tipMerchantUid } from '../tips/tips.service.js';
import { attemptMetadata, findSentMandate } from './recurring-tips.lookups.js';
import { refreshAttempt } from './recurring-tips.mandate.js';
import { CHARGE_KIND } from './recurring-tips.outcomes.js';
import * as repo from './recurring-tips.repository.js';

/**
 * The months of monthly tips and the mandate-creating payments that set them up: a month's charge row
 * and tip, the first payment (or a mandate retry) sent to the provider — and sent again when it was
 * left half-made (a resubmit, the reconcile job's repair) — and the attempt rows every payment of a
 * month is recorded as (the charge run's debits too: charge/). Each attempt is leased while its
 * provider call is in flight, its Idempotency-Key comes from our ids, and the answer is recorded as
 * the attempt's transaction row before it is applied (recurring-tips.mandate.ts reads it back,
 * recurring-tips.outcomes.ts says what it means).
 */
/** How long one request holds a month while it calls the provider; a dead request's hold runs out. */
const MANDATE_LEASE_MS = 30_000;

export function leaseEnd(): Date {
  return new Date(Date.now() + MANDATE_LEASE_MS);
}

export function isLeased(charge: repo.ChargeRow): boolean {
  return charge.claimedUntil !== null && charge.claimedUntil.getTime() > Date.now();
}

/** Holds a locked month for this request's provider call (released when the answer is recorded). */
export function lease(tx: Tx, charge: repo.ChargeRow): Promise<repo.ChargeRow> {
  return repo.updateCharge(tx, charge.id, { claimedUntil: leaseEnd() });
}

export interface MonthInput {
  period: string;
  amount: number;
  fee: number;
  via: 'mandate' | 'debit';
  email: string;
  nextAttemptAt: Date;
}

/** A month's charge row and its tip (tips.recurring_tip_id); undefined if the month already has one. */
export async function newMonth(tx: Tx, recurringTip: repo.RecurringTipRow, m: MonthInput) {
  const charge = await repo.insertCharge(tx, chargeOf(recurringTip, m));
  if (!charge) return undefined;
  const tip = await tipsQueries.insertTip(tx, tipOf(recurringTip, m));
  return repo.updateCharge(tx, charge.id, { tipId: tip!.id });
}

/** A month's charge row (newMonth, the charge run's claim). */
export function chargeOf(recurringTip: repo.RecurringTipRow, m: MonthInput) {
  return {
    recurringTipId: recurringTip.id,
    period: m.period,
    amount: m.amount,
    via: m.via,
    nextAttemptAt: m.nextAttemptAt,
  };
}

/** A month's tip (newMonth, the charge run's claim). */
export function tipOf(recurringTip: repo.RecurringTipRow, m: MonthInput) {
  return {
    tipjarId: recurringTip.tipjarId,
    amount: m.amount,
    fee: m.fee,
    status: 'created' as const,
    privacy: recurringTip.privacy,
    displayName: recurringTip.privacy === 'ANONYMOUS' ? null : recurringTip.displayName,
    message: recurringTip.message,
    email: m.email,
    locale: recurringTip.locale,
    paymentMethod: m.via === 'debit' ? 'sepa' : recurringTip.paymentMethod,
    recurringTipId: recurringTip.id,
  };
}

/**
 * Requests a mandate-creating payment for the current attempt of `charge` (Idempotency-Key and
 * reference `mandate-<recurringTipId>-<period>-<attempt>`, the month and attempt in its metadata). An
 * attempt that may have been sent before (`sentBefore`) is looked up first and adopted (docs/domain-rules.md
 * §4.8), as is one whose create is refused because the key was used. The answer is recorded as the
 * attempt's transaction row, then applied.
 */
export async function sendMandatePayment(
  ctx: AppContext,
  ledger: PaymentLedger,
  input: {
    recurringTip: repo.RecurringTipRow;
    charge: repo.ChargeRow;
    tipjar: tipjarsQueries.TipjarRow;
    method: { type: string };
    merchantUid: string;
    /** A repair or resubmit: an earlier request may have made this mandate, its answer lost. */
    sentBefore?: boolean;
    /** The language of the page that asked (a mandate retry); else the monthly tip's. */
    locale?: Locale;
    /**
     * Where the checkout sends the tipper back: a new monthly tip's first payment to the thank-you page
     * (its amount, the first debit's date); a mandate retry to the monthly tip's own page.
     */
    returnTo?: 'thankyou' | 'manage';
  },
): Promise<OppTransactionRow> {
  const { recurringTip, charge, tipjar, method, merchantUid } = input;
  const locale = input.locale ?? recurringTip.locale;
  const existing = await findLatestForOwner(ctx.db, CHARGE_KIND, charge.id);
  if (existing && existing.attempt === charge.attempt) {
    await repo.releaseCharge(ctx.db, charge.id);
    return existing;
  }
  const key = `mandate-${recurringTip.id}-${charge.period}-${charge.attempt}`;
  const request: CreateMandateInput = {
    merchant_uid: merchantUid,
    mandate_method: 'payment',
    mandate_type: 'consumer',
    mandate_repeat: 'subscription',
    mandate_amount: charge.amount,
    products: [{ name: `Monthly tip: ${tipjar.name}`, price: charge.amount, quantity: 1 }],
    total_price: charge.amount,
    payment_method: method.type,
    return_url:
      input.returnTo === 'manage'
        ? appUrl(ctx.config.publicUrl, 'accountRecurringtips', { recurringtipid: recurringTip.id }, locale)
        : appUrl(ctx.config.publicUrl, 'thankyou', {}, locale, { recurringtip: recurringTip.id, slug: tipjar.slug }),
    notify_url: notifyUrlOf(ctx),
    // The first payment's checkout in the tipper's language (the provider passes it on to it).
    locale,
    reference: key,
    // Read back on the mandate and (if the provider passes it on) its first payment: our way to tell
    // which attempt a first payment belongs to when the mandate's answer does not name it, and to
    // find the mandate or its first payment again when an answer was lost (decision 071).
    metadata: {
      recurring_tip_id: recurringTip.id,
      period: charge.period,
      ...attemptMetadata(charge.id, charge.attempt),
    },
  };
  let mandate: OppMandate;
  try {
    mandate = await sendOrAdoptMandate(ctx, charge, request, key, input.sentBefore ?? false);
  } catch (err) {
    // Our rows stay: the mandate retry (or the repair job) sends the very same request under the same key.
    ctx.log.error({ err, chargeId: charge.id }, 'creating the mandate failed');
    await repo.releaseCharge(ctx.db, charge.id);
    throw providerUnavailable(err);
  }
  if (!mandate.redirectUrl)
    throw await failWithoutCheckout(ctx, ledger, { charge, key, merchantUid, request, mandate });
  // The mandate is stored first (uid, token, redirect). Its first payment's uid comes with the answer
  // only if the provider sends one; otherwise it is learnt later (recurring-tips.mandate.ts).
  const row = await ctx.db.transaction(async (tx) => {
    await repo.updateRecurringTip(tx, recurringTip.id, {
      mandateUid: mandate.uid,
      mandateToken: mandate.token,
      paymentMethod: method.type,
    });
    const row = await recordAttempt(tx, {
      charge,
      key,
      oppUid: mandate.transactionUid,
      // A checkout just made is open; without a uid the status is ours until the provider says more.
      status: mandate.transactionUid ? null : 'created',
      merchantUid,
      redirectUrl: mandate.redirectUrl,
      request: request as unknown as Record<string, unknown>,
    });
    await repo.updateCharge(tx, charge.id, { oppTransactionId: row.id, lastAttemptAt: new Date(), claimedUntil: null });
    return row;
  });
  return row.oppUid ? refreshAttempt(ctx, ledger, row) : row;
}

/**
 * A `payment` mandate is set up on its first payment's checkout; an answer that names none (neither
 * `redirect_url` nor `mandate_url`) leaves the tipper nothing to open. Sending the same request again
 * would get the same answer, so the attempt is recorded as failed — no checkout claimed, no mandate
 * stored, the month failed as after an unpaid first payment (the tipper may set it up again) — and
 * the answer is logged whole. Answers the provider-unavailable error the caller throws.
 */
async function failWithoutCheckout(
  ctx: AppContext,
  ledger: PaymentLedger,
  a: { charge: repo.ChargeRow; key: string; merchantUid: string; request: CreateMandateInput; mandate: OppMandate },
) {
  const err = new OppError(0, a.mandate.answer, `OPP answered mandate ${a.mandate.uid} without a checkout link`);
  ctx.log.error({ err, answer: err.body, chargeId: a.charge.id }, 'creating the mandate failed: no checkout link');
  await ctx.db.transaction(async (tx) => {
    // The one lock order of monthly tips (repo.lockMonth): the monthly tip, then its month.
    await repo.lockMonth(tx, a.charge.id);
    // Its first payment, made at the provider, stays ours: this row claims it (our metadata on it).
    const row = await recordAttempt(tx, {
      charge: a.charge,
      key: a.key,
      oppUid: null,
      status: 'failed',
      merchantUid: a.merchantUid,
      redirectUrl: null,
      request: a.request as unknown as Record<string, unknown>,
    });
    await repo.updateCharge(tx, a.charge.id, {
      oppTransactionId: row.id,
      lastAttemptAt: new Date(),
      claimedUntil: null,
    });
    // What a failed first payment means for the month, as the provider's answer would say it.
    await ledger.owners[CHARGE_KIND]?.(tx, row, { previous: null, current: 'failed' });
  });
  return providerUnavailable(err);
}

/**
 * The mandate of this attempt: looked up (GET /mandates, by the attempt's metadata, decision 071) and
 * adopted when it may exist already, else created. An unfinished lookup fails the send: never "not there".
 */
async function sendOrAdoptMandate(
  ctx: AppContext,
  charge: repo.ChargeRow,
  request: CreateMandateInput,
  key: string,
  sentBefore: boolean,
): Promise<OppMandate> {
  const find = () => findSentMandate(ctx, charge, key);
  const sent = sentBefore ? await find() : undefined;
  if (sent) return sent;
  try {
    return await ctx.opp.createMandate(request, key);
  } catch (err) {
    const adopted = isIdempotencyKeyUsed(err) ? await find() : undefined;
    if (adopted) return adopted;
    throw err;
  }
}

/**
 * Finishes a mandate attempt that never reached the provider (or whose answer was never recorded):
 * leases the month, looks the mandate up (an earlier request may have made it) and otherwise sends
 * the same request again under the same key. If another request holds the month, waits briefly for
 * its answer.
 * Used by a resubmit and by the repair in the reconcile job.
 */
export async function resumeMandatePayment(
  ctx: AppContext,
  ledger: PaymentLedger,
  charge: repo.ChargeRow,
): Promise<void> {
  const sent = async () => (await findLatestForOwner(ctx.db, CHARGE_KIND, charge.id))?.attempt === charge.attempt;
  if (await sent()) return;
  const leased = await repo.leaseCharge(ctx.db, charge.id, charge.attempt, MANDATE_LEASE_MS);
  if (!leased) {
    for (let waited = 0; waited < 5000; waited += 100) {
      if (await sent()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw AppError.because(ErrorCode.Conflict, 'paymentBeingSetUp');
  }
  const recurringTip = await repo.findRecurringTip(ctx.db, charge.recurringTipId);
  const tipjar = recurringTip && (await tipjarsQueries.findTipjar(ctx.db, recurringTip.tipjarId));
  if (!recurringTip || !tipjar) {
    await repo.releaseCharge(ctx.db, charge.id);
    return;
  }
  try {
    const merchantUid = await tipMerchantUid(ctx, tipjar);
    const method = { type: recurringTip.paymentMethod ?? 'ideal' };
    await sendMandatePayment(ctx, ledger, {
      recurringTip,
      charge: leased,
      tipjar,
      method,
      merchantUid,
      sentBefore: true,
    });
  } catch (err) {
    await repo.releaseCharge(ctx.db, charge.id);
    throw err;
  }
}

/**
 * Part of the reconcile job: a monthly tip whose first payment (or mandate retry) was committed at
 * our side but never reached the provider — the server was killed mid-checkout — is sent again
 * under its original key. The checkout the provider then answers has usually expired by the time
 * the next read comes, which turns the month into an ordinary failed first payment the tipper can
 * retry; either way it is no longer stuck.
 */
export async function repairHalfMadeMandates(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: { olderThan: Date; limit?: number },
) {
  const charges = await repo.listHalfMadeMandateCharges(ctx.db, options.olderThan, options.limit ?? 50);
  let repaired = 0;
  for (const charge of charges) {
    try {
      await resumeMandatePayment(ctx, ledger, charge);
      repaired += 1;
    } catch (err) {
      ctx.log.warn({ err, chargeId: charge.id }, 'reconcile: could not repair a half-made monthly tip');
    }
  }
  return repaired;
}

/**
 * Our row of an attempt's provider transaction, written with the provider's uid when we know it (its
 * status comes with the first apply; a mandate's first payment may get its uid later). The
 * idempotency key is unique: a second writer finds the first one's row.
 */
export async function recordAttempt(
  tx: Tx,
  a: {
    charge: repo.ChargeRow;
    key: string;
    oppUid: string | null;
    status?: string | null;
    merchantUid: string;
    redirectUrl: string | null;
    request: Record<string, unknown>;
  },
): Promise<OppTransactionRow> {
  const existing = await findLatestForOwner(tx, CHARGE_KIND, a.charge.id);
  if (existing && existing.attempt === a.charge.attempt) return existing;
  try {
    // A savepoint: on PostgreSQL a failed statement would otherwise abort the whole transaction.
    return await tx.transaction((sp) =>
      insertTransactionRow(sp, {
        kind: CHARGE_KIND,
        ownerId: a.charge.id,
        attempt: a.charge.attempt,
        idempotencyKey: a.key,
        oppUid: a.oppUid,
        status: a.status ?? null,
        amount: a.charge.amount,
        merchantUid: a.merchantUid,
        redirectUrl: a.redirectUrl,
        request: a.request,
      }),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another instance recorded the same attempt (same key → the same provider transaction).
    const winner = await findLatestForOwner(tx, CHARGE_KIND, a.charge.id);
    if (!winner) throw err;
    return winner;
  }
}
