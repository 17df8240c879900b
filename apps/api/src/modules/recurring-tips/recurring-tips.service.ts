import {
  type CreateRecurringTipBody,
  type CreateRecurringTipResponse,
  ErrorCode,
  isTipjarTippable,
  levelOf,
  OPEN_RECURRING_TIP_STATUSES,
  platformFeeOf,
  type RecurringTip,
  type RetryPaymentChoice,
  type UpdateRecurringTipBody,
} from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import { isAdmin, loadManagedTipjar, ownsRecurringTip, type RecurringTipOwner } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { assertSameRequest, type ClientIdempotency } from '../../lib/idempotency.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import { applyProviderTransaction } from '../../payments/payments.apply.js';
import { findAttemptRow, findLatestForOwner } from '../../payments/payments.repository.js';
import { providerUnavailable } from '../../payments/payments.service.js';
import { listLevels } from '../levels/levels.queries.js';
import { resolvePaymentChoice } from '../paymentmethods/paymentmethods.service.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import { tipMerchantUid } from '../tips/tips.service.js';
import * as usersQueries from '../users/users.queries.js';
import {
  cancellation,
  cancelWaitingCharges,
  queueCancelledByTipperMail,
  revokeCancelledMandates,
} from './recurring-tips.cancel.js';
import { debitKey, findSentDebit } from './recurring-tips.lookups.js';
import { refreshAttempt } from './recurring-tips.mandate.js';
import { CHARGE_KIND, moveTip } from './recurring-tips.outcomes.js';
import {
  isLeased,
  lease,
  leaseEnd,
  newMonth,
  recordAttempt,
  resumeMandatePayment,
  sendMandatePayment,
} from './recurring-tips.payments.js';
import * as repo from './recurring-tips.repository.js';
import { cadenceOf, periodOf, resumeNextChargeAt } from './recurring-tips.schedule.js';
import { OWNER_VIEW, toRecurringTip, toRecurringTips } from './recurring-tips.views.js';

/**
 * Monthly tips: creating one (the first payment sets up the mandate), the tipper's self-service
 * (with a sign-in or a manage link), and the lists of makers and platform admins. How the payments
 * are sent is in recurring-tips.payments.ts, what their statuses mean in recurring-tips.outcomes.ts,
 * the monthly charge run in charge/run.ts (docs/domain-rules.md §5, docs/money-rules.md, decisions 005 and 008).
 */
/** Who may manage one recurring tip: its (signed-in) tipper, or a manage link for exactly that id (lib/access.ts). */
export type OwnerAccess = RecurringTipOwner;

/* ---------- access ---------- */

/** The recurring tip if `access` may manage it; otherwise 404 (never a hint that the id exists). */
async function loadOwnRecurringTip(ctx: AppContext, access: OwnerAccess, id: string) {
  const row = await repo.findRecurringTip(ctx.db, id);
  if (!row) throw AppError.notFound('Recurring tip');
  if (!ownsRecurringTip(access, row)) throw AppError.notFound('Recurring tip');
  return row;
}

/* ---------- creating: the first payment sets up the mandate ---------- */

async function loadTippableTipjar(ctx: AppContext, tipjarId: string) {
  const tipjar = await tipjarsQueries.findTipjar(ctx.db, tipjarId);
  if (!tipjar || !isTipjarTippable(tipjar)) throw AppError.notFound('Tip jar');
  return tipjar;
}

/**
 * The answer for a recurring tip created before (same Idempotency-Key): its current first payment.
 * If the first request died before the provider answered (a server killed mid-checkout), the very
 * same mandate request is sent again under the same key, so the tipper gets a checkout after all.
 */
async function existingAnswer(ctx: AppContext, ledger: PaymentLedger, id: string): Promise<CreateRecurringTipResponse> {
  const latest = await repo.findLatestCharge(ctx.db, id);
  if (latest?.via === 'mandate' && latest.status === 'scheduled') await resumeMandatePayment(ctx, ledger, latest);
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
  ledger: PaymentLedger,
  actor: Actor,
  tipjarId: string,
  data: CreateRecurringTipBody['data'],
  idempotency?: ClientIdempotency,
): Promise<CreateRecurringTipResponse> {
  const tipjar = await loadTippableTipjar(ctx, tipjarId);
  // A resubmit (lost answer, second tab) with the same key answers the recurring tip made the first
  // time — if it is the same request (tip jar and body); another request under that key is a 422.
  const repeated = idempotency && (await repo.findRecurringTipByIdempotencyKey(ctx.db, actor.userId, idempotency.key));
  if (repeated) {
    assertSameRequest(repeated.fingerprint, idempotency);
    return existingAnswer(ctx, ledger, repeated.id);
  }
  const method = await resolvePaymentChoice(ctx, data.payment, 'data.payment.paymentmethod');
  const merchantUid = await tipMerchantUid(ctx, tipjar);
  const user = await usersQueries.findUserById(ctx.db, actor.userId);
  if (!user) throw AppError.unauthorized();
  const anonymous = data.privacy === 'ANONYMOUS';
  const fee = platformFeeOf(data.amount, ctx.config.PLATFORM_FEE_BPS);
  const created = await ctx.db.transaction(async (tx) => {
    // Read again under a shared lock: a tip jar archived meanwhile takes no monthly tip, and one
    // being archived right now waits for this one and then cancels it (docs/money-rules.md §9).
    const current = await tipjarsQueries.lockTipjarShared(tx, tipjarId);
    if (!current || !isTipjarTippable(current)) throw AppError.notFound('Tip jar');
    const recurringTip = await repo.insertRecurringTip(tx, {
      tipjarId,
      userId: actor.userId,
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.fingerprint ?? null,
      amount: data.amount,
      interval: data.interval,
      paymentMethod: method.type,
      privacy: data.privacy,
      displayName: anonymous ? null : data.displayName,
      message: data.message,
      locale: data.locale,
    });
    if (!recurringTip) return undefined; // the same key won a race: answer that recurring tip below
    const charge = await newMonth(tx, recurringTip, {
      period: periodOf(new Date(), data.interval),
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
    const winner = await repo.findRecurringTipByIdempotencyKey(ctx.db, actor.userId, idempotency!.key);
    if (!winner) throw AppError.because(ErrorCode.Conflict, 'recurringTipBeingCreated');
    assertSameRequest(winner.fingerprint, idempotency!);
    return existingAnswer(ctx, ledger, winner.id);
  }
  const { recurringTip, charge } = created;
  const payment = await sendMandatePayment(ctx, ledger, { recurringTip, charge, tipjar, method, merchantUid });
  const view = (await repo.findRecurringTip(ctx.db, recurringTip.id))!;
  return {
    recurringTip: await toRecurringTip(ctx.db, view, OWNER_VIEW),
    oppTransaction: { status: payment.status ?? 'created', redirectUrl: payment.redirectUrl },
  };
}

/* ---------- the tipper's self-service ---------- */

export async function listMyRecurringTips(
  ctx: AppContext,
  actor: Actor,
  query: ParsedListQuery<repo.RecurringTipSortBy> & { tipjarId?: string; open?: boolean },
) {
  // Always the asker's own account: never matched by an e-mail address typed anywhere.
  const filter: repo.RecurringTipFilter = {
    userId: actor.userId,
    tipjarId: query.tipjarId,
    statuses: query.open ? OPEN_RECURRING_TIP_STATUSES : undefined,
  };
  const { rows, count } = await repo.listRecurringTips(ctx.db, filter, query);
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
      throw AppError.because(ErrorCode.InvalidTransition, 'monthlyCancelled');
    }
    const updates: Parameters<typeof repo.updateRecurringTip>[2] = {};
    if (access.kind === 'token' && data.amount !== undefined && data.amount > row.amount) {
      // A link in a mail (7 days, no password) must not be able to raise a debit: that needs the tipper.
      throw AppError.because(ErrorCode.LoginRequired, 'monthlyRaiseLogin');
    }
    if (data.amount !== undefined) updates.nextAmount = data.amount === row.amount ? null : data.amount;
    if (data.status && data.status !== row.status) {
      if (data.status === 'cancelled') {
        // Final; every manage link sent so far stops working.
        Object.assign(updates, cancellation(row, new Date()));
        await queueCancelledByTipperMail(ctx, tx, row);
      } else if (data.status === 'paused') {
        updates.status = 'paused';
      } else {
        updates.status = 'active';
        if (row.chargeDay) {
          const now = new Date();
          updates.nextChargeAt = resumeNextChargeAt(cadenceOf(row, row.chargeDay, now), row.nextChargeAt, now);
        }
      }
      if (data.status !== 'active') await cancelWaitingCharges(tx, id);
    }
    if (Object.keys(updates).length > 0) await repo.updateRecurringTip(tx, id, updates);
    return updates.status === 'cancelled' && row.mandateStatus === 'valid';
  });
  if (data.status === 'cancelled') ctx.outbox.kick();
  // After the commit: the mandate is of no further use. If the provider cannot be reached now the
  // reconcile job revokes it later; a cancelled monthly tip is never charged meanwhile.
  if (revoke) await revokeCancelledMandates(ctx, { of: { ids: [id] } });
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
  ledger: PaymentLedger,
  access: OwnerAccess,
  id: string,
  choice: RetryPaymentChoice,
): Promise<RecurringTip> {
  const view = await loadOwnRecurringTip(ctx, access, id);
  if (view.status === 'cancelled') {
    throw AppError.because(ErrorCode.InvalidTransition, 'monthlyCancelledNoPayment');
  }
  if (view.mandateStatus === 'valid') throw AppError.because(ErrorCode.Conflict, 'monthlyPaymentSet');
  const tipjar = await tipjarsQueries.findTipjar(ctx.db, view.tipjarId);
  if (!tipjar) throw AppError.notFound('Tip jar');

  // Our record of an open attempt may be behind (a notification on its way): ask the provider first,
  // outside any lock. Whatever it says is applied forward-only, so a concurrent request is harmless.
  const latest = await repo.findLatestCharge(ctx.db, id);
  if (latest?.via === 'mandate' && latest.status === 'pending') {
    const current = await findLatestForOwner(ctx.db, CHARGE_KIND, latest.id);
    if (current && current.attempt === latest.attempt) await refreshAttempt(ctx, ledger, current);
  }
  // A debit month waiting under the dead mandate is taken over below; if a run may have sent its
  // try (its answer lost), that debit is looked up (decision 071) and recorded first.
  if (latest && isWaitingForDeadMandate(latest)) await adoptLostDebit(ctx, ledger, view, latest);
  const method = await resolvePaymentChoice(ctx, choice, 'data.paymentmethod');
  const merchantUid = await tipMerchantUid(ctx, tipjar);
  const toSend = await ctx.db.transaction(async (tx) => {
    // The one lock order of monthly tips (repo.lockMonth): the recurring tip, then its month. Months
    // are only made under the recurring tip's lock, so the latest read after it stays the latest.
    const recurringTip = (await repo.lockRecurringTip(tx, id))!;
    const latestMonth = await repo.findLatestCharge(tx, id);
    const month = latestMonth ? await repo.lockCharge(tx, latestMonth.id) : undefined;
    if (recurringTip.mandateStatus === 'valid') throw AppError.because(ErrorCode.Conflict, 'monthlyPaymentSet');
    if (recurringTip.status === 'cancelled') {
      throw AppError.because(ErrorCode.InvalidTransition, 'monthlyCancelledNoPayment');
    }
    if (month && isWaitingForDeadMandate(month) && !(await findAttemptRow(tx, CHARGE_KIND, month.id, month.attempt))) {
      // A debit month left waiting when the mandate turned invalid (before issue 34.1 ended such months):
      // the charge run will never send it, so this payment takes it over as the failed month below.
      month.status = 'failed';
    }
    if (month && (month.status === 'pending' || month.status === 'scheduled')) {
      if (month.via === 'debit') {
        // A debit of this month is still under way at the provider: paying it again could collect twice.
        throw AppError.because(ErrorCode.Conflict, 'monthlyProcessing');
      }
      const attempt = await findLatestForOwner(tx, CHARGE_KIND, month.id);
      // The attempt is at the provider and still open: the tipper gets its checkout again.
      if (attempt?.attempt === month.attempt) return undefined;
      if (isLeased(month)) {
        throw AppError.because(ErrorCode.Conflict, 'paymentBeingSetUp');
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
    const period = periodOf(recurringTip.nextChargeAt ?? new Date(), recurringTip.interval);
    const amount = recurringTip.nextAmount ?? recurringTip.amount;
    const created = await newMonth(tx, recurringTip, {
      period,
      amount,
      fee: platformFeeOf(amount, ctx.config.PLATFORM_FEE_BPS),
      via: 'mandate',
      email: view.email,
      nextAttemptAt: new Date(),
    });
    if (!created) throw AppError.because(ErrorCode.Conflict, 'monthlyPaying');
    await repo.updateRecurringTip(tx, id, { amount, nextAmount: null });
    return lease(tx, created);
  });
  if (toSend) {
    const recurringTip = (await repo.findRecurringTip(ctx.db, id))!;
    await sendMandatePayment(ctx, ledger, {
      recurringTip,
      charge: toSend,
      tipjar,
      method,
      merchantUid,
      locale: choice.locale,
      returnTo: 'manage',
    });
  }
  return getMyRecurringTip(ctx, access, id);
}

/**
 * A debit month still scheduled, not held by a send, while the mandate is not valid (the caller
 * checked that): the charge run leases only months of valid mandates, so nothing else will send it.
 */
function isWaitingForDeadMandate(month: repo.ChargeRow): boolean {
  return month.via === 'debit' && month.status === 'scheduled' && !isLeased(month);
}

/** A debit a charge run may have sent for `month` and whose answer it lost, recorded if the provider holds it. */
async function adoptLostDebit(
  ctx: AppContext,
  ledger: PaymentLedger,
  recurringTip: repo.RecurringTipRow,
  month: repo.ChargeRow,
) {
  const claimedBefore = month.lastAttemptAt && month.nextAttemptAt && month.lastAttemptAt >= month.nextAttemptAt;
  if (!claimedBefore || (await findAttemptRow(ctx.db, CHARGE_KIND, month.id, month.attempt))) return;
  const key = debitKey(month);
  const sent = await findSentDebit(ctx, month).catch((err: unknown) => {
    throw providerUnavailable(err);
  });
  if (!sent) return;
  const row = await ctx.db.transaction((tx) =>
    recordAttempt(tx, {
      charge: month,
      key,
      oppUid: sent.uid,
      merchantUid: sent.merchantUid,
      redirectUrl: null,
      request: { token: recurringTip.mandateToken, total_price: month.amount, reference: key },
    }),
  );
  await applyProviderTransaction(ctx, ledger, row.id, sent);
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
  const options = { withEmail: isAdmin(actor), hideAnonymousName: true };
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
  return toRecurringTip(ctx.db, row, { withEmail: isAdmin(actor), hideAnonymousName: true });
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

/**
 * For the statistics: active recurring tips with a valid mandate and their monthly value; for one tip
 * jar also how many of them are at each of its levels (issue 40), cheapest first, then those below all.
 */
export async function recurringStatistics(ctx: AppContext, tipjarId?: string) {
  const totals = await repo.recurringTotals(ctx.db, tipjarId);
  if (!tipjarId) return totals;
  const [levels, amounts] = await Promise.all([listLevels(ctx.db, tipjarId), repo.activeByAmount(ctx.db, tipjarId)]);
  if (levels.length === 0) return totals;
  const counts = new Map<string | null, number>();
  for (const row of amounts) {
    const id = levelOf(levels, row.amount, row.interval ?? 'month')?.id ?? null;
    counts.set(id, (counts.get(id) ?? 0) + row.count);
  }
  const byLevel = levels.map((l) => ({
    level: { id: l.id, name: l.name, amount: l.amount },
    count: counts.get(l.id) ?? 0,
  }));
  return { ...totals, byLevel: [...byLevel, { level: null, count: counts.get(null) ?? 0 }] };
}
