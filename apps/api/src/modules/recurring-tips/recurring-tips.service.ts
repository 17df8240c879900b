import {
  type CreateRecurringTipBody,
  type CreateRecurringTipResponse,
  ErrorCode,
  isOpenTransaction,
  MAX_CHARGE_ATTEMPTS,
  type PaymentChoice,
  paymentOutcome,
  platformFeeOf,
  type RecurringTip,
  type RecurringTipCharge,
  type TipStatus,
  tipStatusesBefore,
  type UpdateRecurringTipBody,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import { chargeFailedMail, chargeReceiptMail, recurringStartedMail } from '../../mail/recurring-mails.js';
import { recordDoubleCollection, refundIncident } from '../../payments/incidents.js';
import type { CreateMandateInput, CreateMandateTransactionInput } from '../../payments/opp-client.js';
import { OppError } from '../../payments/opp-client.js';
import {
  findLatestForOwner,
  findLatestForOwners,
  findTransactionRow,
  insertTransactionRow,
} from '../../payments/payments.repository.js';
import {
  type AfterCommit,
  applyProviderTransaction,
  notifyUrlOf,
  type OppNotificationBody,
  type OppTransactionRow,
} from '../../payments/payments.service.js';
import { resolvePaymentChoice } from '../addons/addons.service.js';
import { loadManagedTipjar } from '../tipjars/tipjar-access.js';
import * as tipjarsRepo from '../tipjars/tipjars.repository.js';
import * as tipsRepo from '../tips/tips.repository.js';
import { tipMerchantUid } from '../tips/tips.service.js';
import * as usersRepo from '../users/users.repository.js';
import { manageLinkOf } from './manage-token.js';
import * as repo from './recurring-tips.repository.js';
import { chargeDayOf, nextChargeAfter, periodOf, resumeNextChargeAt, retryAt } from './recurring-tips.schedule.js';

/**
 * Monthly tips (DESIGN.md §3, §4). Every payment of a month — the first payment that creates the
 * mandate, a monthly debit against it, a dunning retry, a mandate retry — is an attempt on that
 * month's ONE charge row and ONE provider transaction per attempt (opp_transactions kind
 * `recurring_charge`, owner = the charge row). Our rows are committed before the provider is
 * called; the provider's Idempotency-Key comes from our ids; statuses move forward only.
 */
export const CHARGE_KIND = 'recurring_charge';

/** Who may manage one recurring tip: its (signed-in) tipper, or a manage link for exactly that id. */
export type OwnerAccess = { kind: 'user'; actor: Actor } | { kind: 'token'; recurringTipId: string };

function providerUnavailable(): AppError {
  return new AppError(ErrorCode.PaymentProvider, 'The payment provider could not be reached; please try again');
}

/** How long one request holds a month while it calls the provider; a dead request's hold runs out. */
const MANDATE_LEASE_MS = 30_000;

function leaseEnd(): Date {
  return new Date(Date.now() + MANDATE_LEASE_MS);
}

function isLeased(charge: repo.ChargeRow): boolean {
  return charge.claimedUntil !== null && charge.claimedUntil.getTime() > Date.now();
}

/** Holds a locked month for this request's provider call (released when the answer is recorded). */
function lease(tx: Tx, charge: repo.ChargeRow): Promise<repo.ChargeRow> {
  return repo.updateCharge(tx, charge.id, { claimedUntil: leaseEnd() });
}

function isMandatePayment(row: OppTransactionRow): boolean {
  return typeof (row.request as { mandate_method?: unknown }).mandate_method === 'string';
}

/* ---------- answers ---------- */

function toCharge(charge: repo.ChargeRow, tipStatus: TipStatus | null): RecurringTipCharge {
  return {
    id: charge.id,
    period: charge.period,
    amount: charge.amount,
    attempt: charge.attempt,
    status: charge.status,
    tipId: charge.tipId,
    tipStatus,
    nextAttemptAt: charge.status === 'scheduled' ? (charge.nextAttemptAt?.toISOString() ?? null) : null,
    failureReason: charge.failureReason,
    completedAt: charge.completedAt?.toISOString() ?? null,
    created: charge.created.toISOString(),
    updated: charge.updated.toISOString(),
  };
}

/** Full answers for several recurring tips, with batched reads of their charges and mandate payments. */
async function toRecurringTips(
  db: DbOrTx,
  rows: repo.RecurringTipView[],
  options: { withEmail: boolean; hideAnonymousName: boolean },
): Promise<RecurringTip[]> {
  const charges = await repo.listCharges(
    db,
    rows.map((r) => r.id),
  );
  const byTip = new Map<string, typeof charges>();
  const latestMandateCharge = new Map<string, string>();
  for (const c of charges) {
    const list = byTip.get(c.charge.recurringTipId) ?? [];
    list.push(c);
    byTip.set(c.charge.recurringTipId, list);
  }
  for (const [id, list] of byTip) {
    const mandateCharge = [...list]
      .filter((c) => c.charge.via === 'mandate')
      .sort((a, b) => b.charge.updated.getTime() - a.charge.updated.getTime())[0];
    if (mandateCharge) latestMandateCharge.set(id, mandateCharge.charge.id);
  }
  const payments = await findLatestForOwners(db, CHARGE_KIND, [...latestMandateCharge.values()]);
  return rows.map((row) => {
    const chargeId = latestMandateCharge.get(row.id);
    const payment = chargeId ? payments.get(chargeId) : undefined;
    const anonymous = row.privacy === 'ANONYMOUS';
    return {
      id: row.id,
      tipjarId: row.tipjarId,
      tipjar: { id: row.tipjarId, slug: row.tipjarSlug, name: row.tipjarName },
      userId: row.userId,
      amount: row.amount,
      nextAmount: row.nextAmount,
      status: row.status,
      mandate: {
        status: row.mandateStatus,
        paymentMethod: row.paymentMethod,
        oppTransaction:
          payment?.oppUid && payment.status && isMandatePayment(payment)
            ? { status: payment.status, redirectUrl: payment.redirectUrl }
            : null,
      },
      chargeDay: row.chargeDay,
      nextChargeAt: row.nextChargeAt?.toISOString() ?? null,
      failedAttempts: row.failedAttempts,
      lastFailureReason: row.lastFailureReason,
      privacy: row.privacy,
      displayName: anonymous && options.hideAnonymousName ? null : (row.displayName ?? null),
      message: row.message,
      locale: row.locale,
      ...(options.withEmail ? { email: row.email } : {}),
      charges: (byTip.get(row.id) ?? []).map((c) => toCharge(c.charge, c.tipStatus)),
      created: row.created.toISOString(),
      updated: row.updated.toISOString(),
    };
  });
}

async function toRecurringTip(
  db: DbOrTx,
  row: repo.RecurringTipView,
  options: { withEmail: boolean; hideAnonymousName: boolean },
): Promise<RecurringTip> {
  const [one] = await toRecurringTips(db, [row], options);
  return one!;
}

const OWNER_VIEW = { withEmail: true, hideAnonymousName: false };

/* ---------- access ---------- */

/** The recurring tip if `access` may manage it; otherwise 404 (never a hint that the id exists). */
async function loadOwnRecurringTip(ctx: AppContext, access: OwnerAccess, id: string) {
  const row = await repo.findRecurringTip(ctx.db, id);
  if (!row) throw AppError.notFound('Recurring tip');
  const allowed = access.kind === 'token' ? access.recurringTipId === id : access.actor.userId === row.userId;
  if (!allowed) throw AppError.notFound('Recurring tip');
  return row;
}

/* ---------- creating: the first payment sets up the mandate ---------- */

async function loadTippableTipjar(ctx: AppContext, tipjarId: string) {
  const tipjar = await tipjarsRepo.findTipjar(ctx.db, tipjarId);
  if (tipjar?.status !== 'LIVE' || !tipjar.active) throw AppError.notFound('Tip jar');
  return tipjar;
}

/**
 * The answer for a recurring tip created before (same Idempotency-Key): its current first payment.
 * If the first request died before the provider answered (a server killed mid-checkout), the very
 * same mandate request is sent again under the same key, so the tipper gets a checkout after all.
 */
async function existingAnswer(ctx: AppContext, id: string): Promise<CreateRecurringTipResponse> {
  const latest = await repo.findLatestCharge(ctx.db, id);
  if (latest?.via === 'mandate' && latest.status === 'scheduled') await resumeMandatePayment(ctx, latest);
  const view = (await repo.findRecurringTip(ctx.db, id))!;
  const recurringTip = await toRecurringTip(ctx.db, view, OWNER_VIEW);
  return {
    recurringTip,
    oppTransaction: recurringTip.mandate.oppTransaction ?? { status: 'created', redirectUrl: null },
  };
}

/**
 * POST tipjars/{id}/recurringtips. The recurring tip, its first month's charge and tip are written
 * and committed in one transaction; only then is the mandate-creating first payment requested.
 */
export async function createRecurringTip(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  data: CreateRecurringTipBody['data'],
  idempotencyKey?: string,
): Promise<CreateRecurringTipResponse> {
  const tipjar = await loadTippableTipjar(ctx, tipjarId);
  // A resubmit (lost answer, second tab) with the same key answers the recurring tip made the first time.
  const repeated =
    idempotencyKey && (await repo.findRecurringTipByIdempotencyKey(ctx.db, actor.userId, idempotencyKey));
  if (repeated) return existingAnswer(ctx, repeated);
  const method = await resolvePaymentChoice(ctx, data.payment, 'data.payment.paymentmethod');
  const merchantUid = await tipMerchantUid(ctx, tipjar);
  const user = await usersRepo.findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  const anonymous = data.privacy === 'ANONYMOUS';
  const fee = platformFeeOf(data.amount, ctx.config.PLATFORM_FEE_BPS);
  const created = await ctx.db.transaction(async (tx) => {
    const recurringTip = await repo.insertRecurringTip(tx, {
      tipjarId,
      userId: actor.userId,
      idempotencyKey: idempotencyKey ?? null,
      amount: data.amount,
      paymentMethod: method.type,
      privacy: data.privacy,
      displayName: anonymous ? null : data.displayName,
      message: data.message,
      locale: data.locale,
    });
    if (!recurringTip) return undefined; // the same key won a race: answer that recurring tip below
    const charge = await newMonth(tx, recurringTip, {
      period: periodOf(new Date()),
      amount: data.amount,
      fee,
      via: 'mandate',
      email: user.email,
      nextAttemptAt: new Date(),
    });
    // Held for this request's provider call; a resubmit meanwhile waits for it (existingAnswer).
    return { recurringTip, charge: await lease(tx, charge!) };
  });
  if (!created) {
    const id = await repo.findRecurringTipByIdempotencyKey(ctx.db, actor.userId, idempotencyKey!);
    return existingAnswer(ctx, id!);
  }
  const { recurringTip, charge } = created;
  const payment = await sendMandatePayment(ctx, { recurringTip, charge, tipjar, method, merchantUid });
  const view = (await repo.findRecurringTip(ctx.db, recurringTip.id))!;
  return {
    recurringTip: await toRecurringTip(ctx.db, view, OWNER_VIEW),
    oppTransaction: { status: payment.status ?? 'created', redirectUrl: payment.redirectUrl },
  };
}

/** A month's charge row and its tip (tips.recurring_tip_id); undefined if the month already has one. */
export async function newMonth(
  tx: Tx,
  recurringTip: repo.RecurringTipRow,
  m: { period: string; amount: number; fee: number; via: 'mandate' | 'debit'; email: string; nextAttemptAt: Date },
) {
  const charge = await repo.insertCharge(tx, {
    recurringTipId: recurringTip.id,
    period: m.period,
    amount: m.amount,
    via: m.via,
    nextAttemptAt: m.nextAttemptAt,
  });
  if (!charge) return undefined;
  const tip = await tipsRepo.insertTip(tx, {
    tipjarId: recurringTip.tipjarId,
    amount: m.amount,
    fee: m.fee,
    status: 'created',
    privacy: recurringTip.privacy,
    displayName: recurringTip.privacy === 'ANONYMOUS' ? null : recurringTip.displayName,
    message: recurringTip.message,
    email: m.email,
    locale: recurringTip.locale,
    paymentMethod: m.via === 'debit' ? 'sepa' : recurringTip.paymentMethod,
    recurringTipId: recurringTip.id,
  });
  return repo.updateCharge(tx, charge.id, { tipId: tip!.id });
}

/**
 * Requests a mandate-creating payment for the current attempt of `charge` (Idempotency-Key
 * `mandate-<recurringTipId>-<period>-<attempt>`). Sending it again after a failure answers the same
 * mandate and transaction. The answer is recorded as the attempt's transaction row, then applied.
 */
async function sendMandatePayment(
  ctx: AppContext,
  input: {
    recurringTip: repo.RecurringTipRow;
    charge: repo.ChargeRow;
    tipjar: tipjarsRepo.TipjarRow;
    method: { type: string; issuer?: string };
    merchantUid: string;
  },
): Promise<OppTransactionRow> {
  const { recurringTip, charge, tipjar, method, merchantUid } = input;
  const existing = await findLatestForOwner(ctx.db, CHARGE_KIND, charge.id);
  if (existing && existing.attempt === charge.attempt) {
    await repo.releaseCharge(ctx.db, charge.id);
    return existing;
  }
  const key = `mandate-${recurringTip.id}-${charge.period}-${charge.attempt}`;
  const prefix = recurringTip.locale === 'nl' ? '/nl' : '';
  const request: CreateMandateInput = {
    merchant_uid: merchantUid,
    mandate_method: 'payment',
    mandate_type: 'consumer',
    mandate_repeat: 'subscription',
    mandate_amount: charge.amount,
    products: [{ name: `Monthly tip: ${tipjar.name}`, price: charge.amount, quantity: 1 }],
    total_price: charge.amount,
    payment_method: method.type,
    ...(method.issuer ? { issuer: method.issuer } : {}),
    return_url: `${ctx.config.publicUrl}${prefix}/account/recurringtips/${recurringTip.id}`,
    notify_url: notifyUrlOf(ctx),
    metadata: { recurring_tip_id: recurringTip.id, charge_id: charge.id, period: charge.period },
  };
  let mandate: Awaited<ReturnType<typeof ctx.opp.createMandate>>;
  try {
    mandate = await ctx.opp.createMandate(request, key);
  } catch (err) {
    // Our rows stay: the mandate retry (or the repair job) sends the very same request under the same key.
    ctx.log.error({ err, chargeId: charge.id }, 'creating the mandate failed');
    await repo.releaseCharge(ctx.db, charge.id);
    throw providerUnavailable();
  }
  if (!mandate.transactionUid) {
    ctx.log.error({ mandateUid: mandate.uid }, 'the provider answered a mandate without its first payment');
    await repo.releaseCharge(ctx.db, charge.id);
    throw providerUnavailable();
  }
  const row = await ctx.db.transaction(async (tx) => {
    await repo.updateRecurringTip(tx, recurringTip.id, {
      mandateUid: mandate.uid,
      mandateToken: mandate.token,
      paymentMethod: method.type,
    });
    const row = await recordAttempt(tx, {
      charge,
      key,
      oppUid: mandate.transactionUid!,
      merchantUid,
      redirectUrl: mandate.redirectUrl,
      request: request as unknown as Record<string, unknown>,
    });
    await repo.updateCharge(tx, charge.id, { oppTransactionId: row.id, lastAttemptAt: new Date(), claimedUntil: null });
    return row;
  });
  return refreshAttempt(ctx, row);
}

/**
 * Finishes a mandate attempt that never reached the provider (or whose answer was never recorded):
 * leases the month and sends the same request again (same key → the provider answers the mandate it
 * already made, or makes it once). If another request holds the month, waits briefly for its answer.
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
    await sendMandatePayment(ctx, { recurringTip, charge: leased, tipjar, method, merchantUid });
  } catch (err) {
    await repo.releaseCharge(ctx.db, charge.id);
    throw err;
  }
}

/**
 * Our row of an attempt's provider transaction, written with the provider's uid (its status comes
 * with the first apply). The idempotency key is unique: a second writer finds the first one's row.
 */
async function recordAttempt(
  tx: Tx,
  a: {
    charge: repo.ChargeRow;
    key: string;
    oppUid: string;
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

/** Reads the attempt's transaction from the provider and applies it; a failure is left to reconcile. */
async function refreshAttempt(ctx: AppContext, row: OppTransactionRow): Promise<OppTransactionRow> {
  if (!row.oppUid) return row;
  try {
    return await applyProviderTransaction(ctx, row.id, await ctx.opp.getTransaction(row.oppUid));
  } catch (err) {
    ctx.log.warn({ err, transactionRowId: row.id }, 'could not read the new transaction; reconcile will');
    return (await findTransactionRow(ctx.db, row.id)) ?? row;
  }
}

/* ---------- the charge job's provider call ---------- */

/**
 * Sends the current attempt of a claimed debit charge: `POST /mandates/{uid}/transactions` with
 * Idempotency-Key `charge-<recurringTipId>-<period>-<attempt>`, so sending it again (after a crash or
 * a lost answer) can never collect twice. Returns false when the provider could not be reached (the
 * claim is released and the next run tries again).
 */
export async function sendDebitCharge(ctx: AppContext, charge: repo.ChargeRow): Promise<boolean> {
  const recurringTip = await repo.findRecurringTip(ctx.db, charge.recurringTipId);
  const tipjar = recurringTip && (await tipjarsRepo.findTipjar(ctx.db, recurringTip.tipjarId));
  if (!recurringTip || !tipjar || !recurringTip.mandateUid || !recurringTip.mandateToken) {
    await repo.releaseCharge(ctx.db, charge.id);
    return false;
  }
  const existing = await findLatestForOwner(ctx.db, CHARGE_KIND, charge.id);
  if (existing && existing.attempt === charge.attempt) {
    // Sent and recorded before (the process died after recording): only refresh it.
    await repo.releaseCharge(ctx.db, charge.id);
    await refreshAttempt(ctx, existing);
    return true;
  }
  const key = `charge-${recurringTip.id}-${charge.period}-${charge.attempt}`;
  let merchantUid: string;
  try {
    merchantUid = await tipMerchantUid(ctx, tipjar);
  } catch {
    await repo.releaseCharge(ctx.db, charge.id);
    return false;
  }
  const request: CreateMandateTransactionInput = {
    merchant_uid: merchantUid,
    token: recurringTip.mandateToken,
    total_price: charge.amount,
    products: [{ name: `Monthly tip: ${tipjar.name} (${charge.period})`, price: charge.amount, quantity: 1 }],
    reference: key,
    notify_url: notifyUrlOf(ctx),
    metadata: { recurring_tip_id: recurringTip.id, charge_id: charge.id, period: charge.period },
  };
  let answer: Awaited<ReturnType<typeof ctx.opp.createMandateTransaction>>;
  try {
    answer = await ctx.opp.createMandateTransaction(recurringTip.mandateUid, request, key);
  } catch (err) {
    if (err instanceof OppError && err.status >= 400 && err.status < 500 && ![408, 409, 429].includes(err.status)) {
      // The provider refused this charge (e.g. the mandate is no longer usable): a failed try.
      ctx.log.warn({ err, chargeId: charge.id }, 'the provider refused a mandate charge');
      const effect = await ctx.db.transaction(async (tx) => {
        const locked = await repo.lockCharge(tx, charge.id);
        if (locked?.status !== 'scheduled' || locked.attempt !== charge.attempt) return undefined;
        return recordDebitFailure(tx, locked, 'rejected');
      });
      if (effect) await runEffect(ctx, effect, charge.id);
      return true;
    }
    ctx.log.error({ err, chargeId: charge.id }, 'sending a mandate charge failed; the next run retries it');
    await repo.releaseCharge(ctx.db, charge.id);
    return false;
  }
  const row = await ctx.db.transaction(async (tx) => {
    const row = await recordAttempt(tx, {
      charge,
      key,
      oppUid: answer.uid,
      merchantUid,
      redirectUrl: null,
      request: request as unknown as Record<string, unknown>,
    });
    await repo.updateCharge(tx, charge.id, { oppTransactionId: row.id, claimedUntil: null });
    return row;
  });
  await applyProviderTransaction(ctx, row.id, answer);
  return true;
}

async function runEffect(ctx: AppContext, effect: AfterCommit, chargeId: string) {
  try {
    await effect(ctx);
  } catch (err) {
    ctx.log.error({ err, chargeId }, 'recurring tip mail failed');
  }
}

/* ---------- what a payment's status means (webhook, reconcile, the job) ---------- */

async function moveTip(tx: Tx, tipId: string | null, to: TipStatus) {
  if (tipId) await tipsRepo.moveTipStatus(tx, tipId, to, tipStatusesBefore(to));
}

/**
 * A failed try of a monthly debit: dunning. Tried again CHARGE_RETRY_DAYS after this try (the same
 * charge row, attempt + 1) until MAX_CHARGE_ATTEMPTS; after the last one the mandate is invalid and
 * the tipper has to set up the payment again (mandate retry). The tipper is mailed each time.
 */
async function recordDebitFailure(tx: Tx, charge: repo.ChargeRow, reason: string): Promise<AfterCommit | undefined> {
  const recurringTip = await repo.lockRecurringTip(tx, charge.recurringTipId);
  if (!recurringTip) return undefined;
  const stillCharging = recurringTip.status === 'active';
  // No retry against a mandate that is gone (revoked meanwhile): the tipper sets up a new one.
  const mandateUsable = recurringTip.mandateStatus === 'valid';
  const last = charge.attempt >= MAX_CHARGE_ATTEMPTS || !mandateUsable;
  await repo.updateRecurringTip(tx, recurringTip.id, {
    failedAttempts: charge.attempt,
    lastFailureReason: reason,
    ...(last && stillCharging && mandateUsable ? { mandateStatus: 'invalid' } : {}),
  });
  if (!stillCharging) {
    await repo.updateCharge(tx, charge.id, { status: 'cancelled', failureReason: reason, claimedUntil: null });
    await moveTip(tx, charge.tipId, 'cancelled');
    return undefined;
  }
  let next: Date | null = null;
  if (last) {
    await repo.updateCharge(tx, charge.id, { status: 'failed', failureReason: reason, claimedUntil: null });
    await moveTip(tx, charge.tipId, 'failed');
  } else {
    next = retryAt(charge.lastAttemptAt ?? new Date());
    await repo.updateCharge(tx, charge.id, {
      status: 'scheduled',
      attempt: charge.attempt + 1,
      nextAttemptAt: next,
      failureReason: reason,
      claimedUntil: null,
    });
  }
  const tipjar = await tipjarsRepo.findTipjar(tx, recurringTip.tipjarId);
  const user = await usersRepo.findUserById(tx, recurringTip.userId);
  if (!tipjar || !user) return undefined;
  return async (ctx) => {
    await ctx.mailer.send({
      to: user.email,
      ...chargeFailedMail(recurringTip.locale, {
        brand: ctx.config.BRAND_NAME,
        tipjarName: tipjar.name,
        manageLink: await manageLinkOf(ctx, recurringTip.id, recurringTip.locale),
        amount: charge.amount,
        period: charge.period,
        retryAt: next,
      }),
    });
  };
}

/**
 * What a status change of one of our transactions means for its month, run inside the DB
 * transaction that recorded it. Each branch is guarded by the charge's current state, so a repeated
 * or late notification is a no-op.
 */
export async function onChargePayment(
  tx: Tx,
  row: OppTransactionRow,
  change: { current: string },
): Promise<AfterCommit | undefined> {
  const charge = await repo.lockCharge(tx, row.ownerId);
  if (!charge) return undefined;
  const isCurrent = row.attempt === charge.attempt;
  const viaMandate = isMandatePayment(row);
  switch (paymentOutcome(change.current)) {
    case 'open':
    case 'held':
      if (isCurrent && charge.status === 'scheduled') {
        await repo.updateCharge(tx, charge.id, { status: 'pending', claimedUntil: null });
        await moveTip(tx, charge.tipId, 'pending');
      }
      return undefined;
    case 'paid':
      return onChargePaid(tx, charge, row, viaMandate);
    case 'unpaid': {
      if (!isCurrent || (charge.status !== 'pending' && charge.status !== 'scheduled')) return undefined;
      if (!viaMandate) return recordDebitFailure(tx, charge, change.current);
      // The first payment (or a mandate retry) was not finished: no mandate. The tipper was at the
      // checkout and sees the outcome; the recurring tip waits for a mandate retry.
      await repo.updateCharge(tx, charge.id, { status: 'failed', failureReason: change.current });
      await moveTip(tx, charge.tipId, 'failed');
      const recurringTip = await repo.lockRecurringTip(tx, charge.recurringTipId);
      if (recurringTip && recurringTip.mandateStatus !== 'valid') {
        await repo.updateRecurringTip(tx, recurringTip.id, {
          mandateStatus: 'invalid',
          lastFailureReason: change.current,
        });
      }
      return undefined;
    }
    case 'reversed': {
      // A chargeback (SEPA payers may reverse for 8 weeks) or refund of the money that paid the month —
      // also when we never saw it completed (a notification lost, reconcile behind). The refund of an
      // extra collection (another transaction than the one that paid) leaves the month as it is.
      const paidByThis = charge.paidTransactionId === row.id;
      const neverPaid = charge.paidTransactionId === null && charge.status !== 'completed';
      if (!paidByThis && !neverPaid) return undefined;
      if (charge.status === change.current) return undefined;
      await repo.updateCharge(tx, charge.id, {
        status: change.current === 'chargeback' ? 'chargeback' : 'refunded',
        failureReason: change.current,
        paidTransactionId: row.id,
        claimedUntil: null,
      });
      await moveTip(tx, charge.tipId, change.current === 'chargeback' ? 'chargeback' : 'refunded');
      const recurringTip = await repo.lockRecurringTip(tx, charge.recurringTipId);
      if (recurringTip && change.current === 'chargeback') {
        await repo.updateRecurringTip(tx, recurringTip.id, { lastFailureReason: 'chargeback' });
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A month's money arrived. The first transaction to complete pays the month (paidTransactionId); any
 * other that completes for the same month — two open attempts both paid, a late bank confirmation —
 * is an extra collection: recorded as an incident in this transaction and refunded after the commit.
 */
async function onChargePaid(
  tx: Tx,
  charge: repo.ChargeRow,
  row: OppTransactionRow,
  viaMandate: boolean,
): Promise<AfterCommit | undefined> {
  if (charge.paidTransactionId === row.id) return undefined;
  if (charge.paidTransactionId !== null || charge.status === 'completed') {
    const incident = await recordDoubleCollection(tx, {
      transactionId: row.id,
      ownerKind: CHARGE_KIND,
      ownerId: charge.id,
      amount: row.amount,
    });
    return incident ? async (ctx) => void (await refundIncident(ctx, incident)) : undefined;
  }
  const now = new Date();
  const completed = await repo.updateCharge(tx, charge.id, {
    status: 'completed',
    completedAt: now,
    failureReason: null,
    claimedUntil: null,
    paidTransactionId: row.id,
  });
  await moveTip(tx, charge.tipId, 'completed');
  const recurringTip = await repo.lockRecurringTip(tx, charge.recurringTipId);
  if (!recurringTip) return undefined;
  const updates: Parameters<typeof repo.updateRecurringTip>[2] = { failedAttempts: 0, lastFailureReason: null };
  if (viaMandate) {
    // The mandate is usable: months are charged on the day of the month of the first payment.
    const chargeDay = recurringTip.chargeDay ?? chargeDayOf(now);
    updates.chargeDay = chargeDay;
    updates.mandateStatus = 'valid';
    if (recurringTip.status !== 'cancelled') {
      // The first debit is due one cycle after this payment at the earliest: a first payment started
      // on the 31st and completed on the 1st pays for the new month, not the old one.
      const paidPeriod = charge.period > periodOf(now) ? charge.period : periodOf(now);
      const next = nextChargeAfter(chargeDay, paidPeriod, now);
      if (!recurringTip.nextChargeAt || recurringTip.nextChargeAt < next) updates.nextChargeAt = next;
    }
  }
  const updated = await repo.updateRecurringTip(tx, recurringTip.id, updates);
  const tipjar = await tipjarsRepo.findTipjar(tx, recurringTip.tipjarId);
  const user = await usersRepo.findUserById(tx, recurringTip.userId);
  if (!tipjar || !user) return undefined;
  return async (ctx) => {
    const common = {
      brand: ctx.config.BRAND_NAME,
      tipjarName: tipjar.name,
      manageLink: await manageLinkOf(ctx, updated.id, updated.locale),
      amount: completed.amount,
      fee: platformFeeOf(completed.amount, ctx.config.PLATFORM_FEE_BPS),
      reference: completed.tipId ?? completed.id,
    };
    const mail =
      viaMandate && updated.chargeDay && updated.nextChargeAt
        ? recurringStartedMail(updated.locale, {
            ...common,
            chargeDay: updated.chargeDay,
            nextChargeAt: updated.nextChargeAt,
          })
        : chargeReceiptMail(updated.locale, { ...common, period: completed.period, paidAt: now });
    await ctx.mailer.send({ to: user.email, ...mail });
  };
}

/**
 * mandate.status.changed: read the mandate back from the provider; a revoked mandate (the payer's
 * bank, or our own revoke on cancel) stops the charges: mandate status `revoked`, retries waiting
 * are cancelled. The tipper can set up a new one (mandate retry). Repeats change nothing.
 */
export async function onMandateNotification(ctx: AppContext, body: OppNotificationBody): Promise<void> {
  let mandate: Awaited<ReturnType<typeof ctx.opp.getMandate>>;
  try {
    mandate = await ctx.opp.getMandate(body.object_uid);
  } catch (err) {
    ctx.log.error({ err, mandateUid: body.object_uid }, 'reading the notified mandate failed');
    throw providerUnavailable();
  }
  if (mandate.status !== 'revoked') return;
  await ctx.db.transaction(async (tx) => {
    for (const recurringTip of await repo.lockByMandate(tx, mandate.uid)) {
      if (recurringTip.mandateStatus === 'revoked' || recurringTip.mandateStatus === 'invalid') continue;
      await repo.updateRecurringTip(tx, recurringTip.id, { mandateStatus: 'revoked', lastFailureReason: 'revoked' });
      for (const charge of await repo.cancelScheduledCharges(tx, recurringTip.id)) {
        await moveTip(tx, charge.tipId, 'cancelled');
      }
    }
  });
}

/* ---------- the tipper's self-service ---------- */

export async function listMyRecurringTips(
  ctx: AppContext,
  actor: Actor,
  query: ParsedListQuery<repo.RecurringTipSortBy>,
) {
  const { rows, count } = await repo.listRecurringTips(ctx.db, { userId: actor.userId }, query);
  return { data: await toRecurringTips(ctx.db, rows, OWNER_VIEW), metadata: { count } };
}

export async function getMyRecurringTip(ctx: AppContext, access: OwnerAccess, id: string): Promise<RecurringTip> {
  const row = await loadOwnRecurringTip(ctx, access, id);
  return toRecurringTip(ctx.db, row, OWNER_VIEW);
}

/**
 * PUT user/me/recurringtips/{id}: amount (from the next month on), pause, resume, cancel. Never
 * charges anything itself, so it can never double a month; cancelled is final.
 */
export async function updateMyRecurringTip(
  ctx: AppContext,
  access: OwnerAccess,
  id: string,
  data: UpdateRecurringTipBody['data'],
): Promise<RecurringTip> {
  await loadOwnRecurringTip(ctx, access, id);
  const revoke = await ctx.db.transaction(async (tx) => {
    const row = (await repo.lockRecurringTip(tx, id))!;
    if (row.status === 'cancelled') {
      throw new AppError(ErrorCode.InvalidTransition, 'A cancelled monthly tip cannot be changed');
    }
    const updates: Parameters<typeof repo.updateRecurringTip>[2] = {};
    if (data.amount !== undefined) updates.nextAmount = data.amount === row.amount ? null : data.amount;
    if (data.status && data.status !== row.status) {
      if (data.status === 'cancelled') {
        updates.status = 'cancelled';
        updates.cancelledAt = new Date();
        updates.nextChargeAt = null;
      } else if (data.status === 'paused') {
        updates.status = 'paused';
      } else {
        updates.status = 'active';
        if (row.chargeDay) updates.nextChargeAt = resumeNextChargeAt(row.chargeDay, row.nextChargeAt, new Date());
      }
      if (data.status !== 'active') {
        // Retries still waiting are not sent any more (a payment already at the provider runs its course).
        for (const charge of await repo.cancelScheduledCharges(tx, id)) await moveTip(tx, charge.tipId, 'cancelled');
      }
    }
    if (Object.keys(updates).length > 0) await repo.updateRecurringTip(tx, id, updates);
    return updates.status === 'cancelled' && row.mandateStatus === 'valid' ? row.mandateUid : null;
  });
  if (revoke) {
    // After the commit: the mandate is of no further use. Best effort — we never charge a cancelled tip anyway.
    await ctx.opp.revokeMandate(revoke).catch((err) => ctx.log.warn({ err }, 'revoking the mandate failed'));
  }
  return toRecurringTip(ctx.db, (await repo.findRecurringTip(ctx.db, id))!, OWNER_VIEW);
}

/**
 * POST user/me/recurringtips/{id}/mandate/retry: a new mandate-creating payment. It pays the month
 * that failed (a further attempt on that charge row) or, if none failed, the next month due — so a
 * mandate retry can never pay a month twice.
 *
 * Every decision is taken on the locked, re-read month (issue: two tabs retrying at once both got a
 * checkout and the month was collected twice): an attempt already open is answered again; one being
 * sent right now by another request is a 409; only a locked *failed* month gets a new attempt, and
 * that attempt is leased (claimedUntil) for the duration of the provider call, as the debit path is.
 */
export async function retryMandate(
  ctx: AppContext,
  access: OwnerAccess,
  id: string,
  choice: PaymentChoice,
): Promise<RecurringTip> {
  const view = await loadOwnRecurringTip(ctx, access, id);
  if (view.status === 'cancelled') {
    throw new AppError(ErrorCode.InvalidTransition, 'A cancelled monthly tip has no payment to set up');
  }
  if (view.mandateStatus === 'valid') throw new AppError(ErrorCode.Conflict, 'The payment is already set up');
  const tipjar = await tipjarsRepo.findTipjar(ctx.db, view.tipjarId);
  if (!tipjar) throw AppError.notFound('Tip jar');

  // Our record of an open attempt may be behind (a notification on its way): ask the provider first,
  // outside any lock. Whatever it says is applied forward-only, so a concurrent request is harmless.
  const latest = await repo.findLatestCharge(ctx.db, id);
  if (latest?.via === 'mandate' && latest.status === 'pending') {
    const current = await findLatestForOwner(ctx.db, CHARGE_KIND, latest.id);
    if (current && current.attempt === latest.attempt) await refreshAttempt(ctx, current);
  }
  const method = await resolvePaymentChoice(ctx, choice, 'data.paymentmethod');
  const merchantUid = await tipMerchantUid(ctx, tipjar);
  const toSend = await ctx.db.transaction(async (tx) => {
    // Lock order month → recurring tip, the same as a notification's (onChargePayment), so the two never deadlock.
    const candidate = await repo.findLatestCharge(tx, id);
    const month = candidate ? await repo.lockCharge(tx, candidate.id) : undefined;
    const recurringTip = (await repo.lockRecurringTip(tx, id))!;
    if ((await repo.findLatestCharge(tx, id))?.id !== month?.id) {
      throw new AppError(ErrorCode.Conflict, 'The monthly tip changed meanwhile; reload');
    }
    if (recurringTip.mandateStatus === 'valid') throw new AppError(ErrorCode.Conflict, 'The payment is already set up');
    if (recurringTip.status === 'cancelled') {
      throw new AppError(ErrorCode.InvalidTransition, 'A cancelled monthly tip has no payment to set up');
    }
    if (month && (month.status === 'pending' || month.status === 'scheduled')) {
      if (month.via === 'debit') {
        // A debit of this month is still under way at the provider: paying it again could collect twice.
        throw new AppError(ErrorCode.Conflict, "This month's payment is still being processed; try again later");
      }
      const attempt = await findLatestForOwner(tx, CHARGE_KIND, month.id);
      // The attempt is at the provider and still open: the tipper gets its checkout again.
      if (attempt?.attempt === month.attempt) return undefined;
      if (isLeased(month)) {
        throw new AppError(ErrorCode.Conflict, 'This payment is being set up right now; reload in a moment');
      }
      // The previous request never reached the provider (a crash): send that attempt again, same key.
      return lease(tx, month);
    }
    await repo.updateRecurringTip(tx, id, { mandateStatus: 'pending' });
    if (month?.status === 'failed') {
      // The unpaid month gets a further attempt, now as a mandate-creating payment.
      const next = await repo.updateCharge(tx, month.id, {
        attempt: month.attempt + 1,
        via: 'mandate',
        status: 'scheduled',
        failureReason: null,
        claimedUntil: leaseEnd(),
        nextAttemptAt: new Date(),
      });
      await moveTip(tx, next.tipId, 'pending');
      return next;
    }
    // Every month so far is settled: this payment pays the next month due.
    const period = periodOf(recurringTip.nextChargeAt ?? new Date());
    const amount = recurringTip.nextAmount ?? recurringTip.amount;
    const created = await newMonth(tx, recurringTip, {
      period,
      amount,
      fee: platformFeeOf(amount, ctx.config.PLATFORM_FEE_BPS),
      via: 'mandate',
      email: view.email,
      nextAttemptAt: new Date(),
    });
    if (!created) throw new AppError(ErrorCode.Conflict, 'This month is already being paid; reload');
    await repo.updateRecurringTip(tx, id, { amount, nextAmount: null });
    return lease(tx, created);
  });
  if (toSend) {
    const recurringTip = (await repo.findRecurringTip(ctx.db, id))!;
    await sendMandatePayment(ctx, { recurringTip, charge: toSend, tipjar, method, merchantUid });
  }
  return getMyRecurringTip(ctx, access, id);
}

/* ---------- makers and platform admins ---------- */

export async function listTipjarRecurringTips(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  query: ParsedListQuery<repo.RecurringTipSortBy>,
) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows, count } = await repo.listRecurringTips(ctx.db, { tipjarId }, query);
  const options = { withEmail: actor.role === 'ADMIN', hideAnonymousName: true };
  return { data: await toRecurringTips(ctx.db, rows, options), metadata: { count } };
}

export async function getTipjarRecurringTip(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  id: string,
): Promise<RecurringTip> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const row = await repo.findRecurringTip(ctx.db, id);
  if (!row || row.tipjarId !== tipjarId) throw AppError.notFound('Recurring tip');
  return toRecurringTip(ctx.db, row, { withEmail: actor.role === 'ADMIN', hideAnonymousName: true });
}

export async function listAllRecurringTips(ctx: AppContext, query: ParsedListQuery<repo.RecurringTipSortBy>) {
  const { rows, count } = await repo.listRecurringTips(ctx.db, {}, query);
  return {
    data: await toRecurringTips(ctx.db, rows, { withEmail: true, hideAnonymousName: true }),
    metadata: { count },
  };
}

export async function getRecurringTip(ctx: AppContext, id: string): Promise<RecurringTip> {
  const row = await repo.findRecurringTip(ctx.db, id);
  if (!row) throw AppError.notFound('Recurring tip');
  return toRecurringTip(ctx.db, row, { withEmail: true, hideAnonymousName: true });
}

/** For the statistics: active recurring tips with a valid mandate and their monthly value. */
export function recurringStatistics(ctx: AppContext, tipjarId?: string) {
  return repo.recurringTotals(ctx.db, tipjarId);
}
