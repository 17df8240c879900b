import { randomUUID } from 'node:crypto';
import { appUrl, ErrorCode, type Locale } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import {
  type CreateMandateInput,
  type CreateMandateTransactionInput,
  isIdempotencyKeyUsed,
  OppError,
  type OppMandate,
  type OppTransaction,
} from '../../payments/opp-client.js';
import {
  findLatestForOwner,
  findLatestForOwners,
  findTransactionRow,
  insertTransactionRow,
} from '../../payments/payments.repository.js';
import {
  type AfterCommit,
  applyProviderTransaction,
  findByReference,
  notifyUrlOf,
  type OppTransactionRow,
  providerUnavailable,
} from '../../payments/payments.service.js';
import { merchantsOfTipjars } from '../merchants/merchants.repository.js';
import { acceptsTips } from '../merchants/merchants.service.js';
import * as tipjarsRepo from '../tipjars/tipjars.repository.js';
import * as tipsRepo from '../tips/tips.repository.js';
import { tipMerchantUid } from '../tips/tips.service.js';
import { refreshMandateAttempt } from './recurring-tips.mandate.js';
import { CHARGE_KIND, isMandatePayment, recordDebitFailure } from './recurring-tips.outcomes.js';
import * as repo from './recurring-tips.repository.js';

/**
 * Sending the payments of monthly tips to the provider: the mandate-creating first payment (or a
 * mandate retry) and the monthly debit of the charge job. Each attempt is leased while its provider
 * call is in flight, its Idempotency-Key comes from our ids, and the answer is recorded as the
 * attempt's transaction row before it is applied (recurring-tips.outcomes.ts says what it means).
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
  const tip = await tipsRepo.insertTip(tx, tipOf(recurringTip, m));
  return repo.updateCharge(tx, charge.id, { tipId: tip!.id });
}

/**
 * newMonth for several monthly tips in three statements (the charge run's claim): the charge rows
 * (a month that has one already is left out), their tips, and each month's tip named. Answers how
 * many months were made.
 */
export async function newMonths(tx: Tx, months: { recurringTip: repo.RecurringTipRow; month: MonthInput }[]) {
  const charges = await repo.insertCharges(
    tx,
    months.map((m) => chargeOf(m.recurringTip, m.month)),
  );
  const byTip = new Map(months.map((m) => [m.recurringTip.id, m]));
  const made = charges.map((charge) => {
    const { recurringTip, month } = byTip.get(charge.recurringTipId)!;
    return { charge, tip: { id: randomUUID(), ...tipOf(recurringTip, month) } };
  });
  await tipsRepo.insertTips(
    tx,
    made.map((m) => m.tip),
  );
  await repo.setChargeTips(
    tx,
    made.map((m) => ({ id: m.charge.id, tipId: m.tip.id })),
  );
  return made.length;
}

function chargeOf(recurringTip: repo.RecurringTipRow, m: MonthInput) {
  return {
    recurringTipId: recurringTip.id,
    period: m.period,
    amount: m.amount,
    via: m.via,
    nextAttemptAt: m.nextAttemptAt,
  };
}

function tipOf(recurringTip: repo.RecurringTipRow, m: MonthInput) {
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
 * reference `mandate-<recurringTipId>-<period>-<attempt>`). An attempt that may have been sent before
 * (`sentBefore`) is looked up by that reference first and adopted (DESIGN.md §4.8), as is one whose
 * create is refused because the key was used. The answer is recorded as the attempt's transaction
 * row, then applied.
 */
export async function sendMandatePayment(
  ctx: AppContext,
  input: {
    recurringTip: repo.RecurringTipRow;
    charge: repo.ChargeRow;
    tipjar: tipjarsRepo.TipjarRow;
    method: { type: string };
    merchantUid: string;
    /** A repair or resubmit: an earlier request may have made this mandate, its answer lost. */
    sentBefore?: boolean;
    /** The language of the page that asked (a mandate retry); else the monthly tip's. */
    locale?: Locale;
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
    return_url: appUrl(ctx.config.publicUrl, 'accountRecurringtips', { recurringtipid: recurringTip.id }, locale),
    notify_url: notifyUrlOf(ctx),
    // The first payment's checkout in the tipper's language (the provider passes it on to it).
    locale,
    reference: key,
    // Read back on the mandate and (if the provider passes it on) its first payment: our way to tell
    // which attempt a first payment belongs to when the mandate's answer does not name it.
    metadata: {
      recurring_tip_id: recurringTip.id,
      charge_id: charge.id,
      period: charge.period,
      attempt: String(charge.attempt),
    },
  };
  let mandate: OppMandate;
  try {
    mandate = await sendOrAdoptMandate(ctx, request, key, input.sentBefore ?? false);
  } catch (err) {
    // Our rows stay: the mandate retry (or the repair job) sends the very same request under the same key.
    ctx.log.error({ err, chargeId: charge.id }, 'creating the mandate failed');
    await repo.releaseCharge(ctx.db, charge.id);
    throw providerUnavailable(err);
  }
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
  return row.oppUid ? refreshAttempt(ctx, row) : row;
}

/** The mandate of this attempt: adopted by its reference when it may exist already, else created. */
async function sendOrAdoptMandate(
  ctx: AppContext,
  request: CreateMandateInput,
  key: string,
  sentBefore: boolean,
): Promise<OppMandate> {
  const find = async () => {
    const [first, ...more] = await ctx.opp.findMandatesByReference(key);
    if (more.length > 0) {
      ctx.log.error({ reference: key, adopted: first!.uid, extra: more.map((m) => m.uid) }, 'two mandates for one key');
    }
    return first;
  };
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
 * leases the month, looks the mandate up by its reference (an earlier request may have made it) and
 * otherwise sends the same request again under the same key. If another request holds the month,
 * waits briefly for its answer.
 * Used by a resubmit and by the repair in the reconcile job.
 */
export async function resumeMandatePayment(ctx: AppContext, charge: repo.ChargeRow): Promise<void> {
  const sent = async () => (await findLatestForOwner(ctx.db, CHARGE_KIND, charge.id))?.attempt === charge.attempt;
  if (await sent()) return;
  const leased = await repo.leaseCharge(ctx.db, charge.id, charge.attempt, MANDATE_LEASE_MS);
  if (!leased) {
    for (let waited = 0; waited < 5000; waited += 100) {
      if (await sent()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new AppError(ErrorCode.Conflict, 'This payment is being set up right now; reload in a moment');
  }
  const recurringTip = await repo.findRecurringTip(ctx.db, charge.recurringTipId);
  const tipjar = recurringTip && (await tipjarsRepo.findTipjar(ctx.db, recurringTip.tipjarId));
  if (!recurringTip || !tipjar) {
    await repo.releaseCharge(ctx.db, charge.id);
    return;
  }
  try {
    const merchantUid = await tipMerchantUid(ctx, tipjar);
    const method = { type: recurringTip.paymentMethod ?? 'ideal' };
    await sendMandatePayment(ctx, { recurringTip, charge: leased, tipjar, method, merchantUid, sentBefore: true });
  } catch (err) {
    await repo.releaseCharge(ctx.db, charge.id);
    throw err;
  }
}

/**
 * Our row of an attempt's provider transaction, written with the provider's uid when we know it (its
 * status comes with the first apply; a mandate's first payment may get its uid later). The
 * idempotency key is unique: a second writer finds the first one's row.
 */
async function recordAttempt(
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

/**
 * Reads the attempt's transaction from the provider and applies it — or, for a mandate's first payment
 * whose uid we do not know yet, its mandate. A failure is left to reconcile.
 */
export async function refreshAttempt(ctx: AppContext, row: OppTransactionRow): Promise<OppTransactionRow> {
  try {
    if (row.oppUid) return await applyProviderTransaction(ctx, row.id, await ctx.opp.getTransaction(row.oppUid));
    if (isMandatePayment(row)) await refreshMandateAttempt(ctx, row);
    return (await findTransactionRow(ctx.db, row.id)) ?? row;
  } catch (err) {
    ctx.log.warn({ err, transactionRowId: row.id }, 'could not read the new transaction; reconcile will');
    return (await findTransactionRow(ctx.db, row.id)) ?? row;
  }
}

/* ---------- the charge job's provider call ---------- */

/** A leased debit ready to be sent: its key and request (prepareDebits reads them for a whole batch). */
export interface DebitToSend {
  charge: repo.ClaimedCharge;
  mandateUid: string;
  merchantUid: string;
  key: string;
  request: CreateMandateTransactionInput;
}

/** A debit the provider answered, to be recorded (one at a time: recordDebitAnswer; a batch: charge-batch). */
export interface DebitAnswer extends DebitToSend {
  answer: OppTransaction;
}

/** What becomes of a leased charge: sent, or settled without a send (`settle` says if it reached the provider). */
export type PreparedDebit = { send: DebitToSend } | { settle: () => Promise<boolean> };

/**
 * The leased debits of a batch made ready with three reads for all of them (the monthly tips with
 * their tip jars, the tip jars' merchants, the attempts recorded before). Each charge becomes what it
 * became one at a time: without its monthly tip, tip jar or mandate, or with a merchant that takes no
 * payments, it is released (not sent; the next run tries again); an attempt recorded before (the
 * process died after recording) is released and only refreshed; any other is sent with
 * Idempotency-Key and reference `charge-<recurringTipId>-<period>-<attempt>`.
 */
export async function prepareDebits(ctx: AppContext, charges: repo.ClaimedCharge[]): Promise<PreparedDebit[]> {
  const [recurringTips, recorded] = await Promise.all([
    repo.findRecurringTips(ctx.db, [...new Set(charges.map((c) => c.recurringTipId))]),
    findLatestForOwners(
      ctx.db,
      CHARGE_KIND,
      charges.map((c) => c.id),
    ),
  ]);
  const merchants = await merchantsOfTipjars(ctx.db, [...new Set([...recurringTips.values()].map((r) => r.tipjarId))]);
  const release = (charge: repo.ClaimedCharge, reached: boolean, then?: () => Promise<unknown>) => ({
    settle: async () => {
      await repo.releaseCharge(ctx.db, charge.id);
      await then?.();
      return reached;
    },
  });
  return charges.map((charge): PreparedDebit => {
    const recurringTip = recurringTips.get(charge.recurringTipId);
    if (!recurringTip?.mandateUid || !recurringTip.mandateToken) return release(charge, false);
    const existing = recorded.get(charge.id);
    // Sent and recorded before (the process died after recording): only refresh it.
    if (existing && existing.attempt === charge.attempt)
      return release(charge, true, () => refreshAttempt(ctx, existing));
    const merchant = merchants.get(recurringTip.tipjarId);
    if (!acceptsTips(merchant)) {
      ctx.log.warn(
        { tipjarId: recurringTip.tipjarId, merchantStatus: merchant?.merchantStatus ?? null, chargeId: charge.id },
        'the tip jar has no merchant that takes payments; the month waits',
      );
      return release(charge, false);
    }
    const key = `charge-${recurringTip.id}-${charge.period}-${charge.attempt}`;
    const request: CreateMandateTransactionInput = {
      merchant_uid: merchant!.merchantUid,
      token: recurringTip.mandateToken,
      total_price: charge.amount,
      products: [
        { name: `Monthly tip: ${recurringTip.tipjarName} (${charge.period})`, price: charge.amount, quantity: 1 },
      ],
      reference: key,
      notify_url: notifyUrlOf(ctx),
      metadata: { recurring_tip_id: recurringTip.id, charge_id: charge.id, period: charge.period },
    };
    return { send: { charge, mandateUid: recurringTip.mandateUid, merchantUid: merchant!.merchantUid, key, request } };
  });
}

/**
 * Sends a prepared debit: `POST /mandates/{uid}/transactions`; an attempt an earlier run claimed is
 * looked up by its reference before it is sent again (sendOrAdoptDebit), so a crash or a lost answer
 * can never collect twice, whatever the provider does with the key. The answer is handed to `record`
 * (the charge run records a batch at once; until it is recorded the month stays leased, and a run
 * after a crash adopts the debit by its reference). Returns false when the provider could not be
 * reached (the claim is released and the next run tries again).
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
        const locked = await repo.lockCharge(tx, charge.id);
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

/** Records one debit's answer as its attempt's transaction row, then applies it (the one-at-a-time path). */
export async function recordDebitAnswer(ctx: AppContext, a: DebitAnswer): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await recordAttempt(tx, {
      charge: a.charge,
      key: a.key,
      oppUid: a.answer.uid,
      merchantUid: a.merchantUid,
      redirectUrl: null,
      request: a.request as unknown as Record<string, unknown>,
    });
    await repo.updateCharge(tx, a.charge.id, { oppTransactionId: row.id, claimedUntil: null });
    return row;
  });
  await applyProviderTransaction(ctx, row.id, a.answer);
}

/**
 * The provider's debit for this attempt. Adopt before you create (DESIGN.md §4.8): when an earlier run
 * claimed the attempt (it may have sent it and lost the answer, or died) it is looked up by its
 * reference first, so a provider that ignores the Idempotency-Key cannot collect the month twice; a
 * create refused because its key was used is looked up too. A failed lookup is no answer (status 0):
 * the claim is released and the next run tries again.
 */
async function sendOrAdoptDebit(
  ctx: AppContext,
  charge: repo.ClaimedCharge,
  mandateUid: string,
  request: CreateMandateTransactionInput,
  key: string,
): Promise<OppTransaction> {
  const find = () =>
    findByReference(ctx, key, { chargeId: charge.id }).catch((err: Error) => {
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
    await effect(ctx);
  } catch (err) {
    ctx.log.error({ err, chargeId }, 'after-commit effect of a refused charge failed');
  }
}
