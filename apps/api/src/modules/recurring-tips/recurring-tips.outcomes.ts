import {
  appUrl,
  MAX_CHARGE_ATTEMPTS,
  type PaymentOwnerKind,
  paymentOutcome,
  platformFeeOf,
  type TipStatus,
  tipStatusesBefore,
} from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { queueMail, sendQueuedMail } from '../../mail/outbox.js';
import {
  chargebackMail,
  chargeFailedMail,
  chargeReceiptMail,
  monthlySupporterMail,
  recurringStartedMail,
} from '../../mail/recurring-mails.js';
import type { MailContent } from '../../mail/templates.js';
import { recordDoubleCollection, refundIncident } from '../../payments/incidents.js';
import type { AfterCommit } from '../../payments/ledger.js';
import type { OppTransactionRow } from '../../payments/payments.repository.js';
import { openFeedUrlOf } from '../bonus/bonus.feed.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as tipsQueries from '../tips/tips.queries.js';
import * as usersQueries from '../users/users.queries.js';
import { queueWebhookEvent, recurringTipObject, tipObject } from '../webhooks/webhooks.events.js';
import { manageLinkOf } from './manage-token.js';
import * as repo from './recurring-tips.repository.js';
import { cadenceOf, chargeDayOf, laterPeriod, nextChargeAfter, periodOf, retryAt } from './recurring-tips.schedule.js';

/**
 * Monthly tips (docs/domain-rules.md §5, docs/money-rules.md). Every payment of a month — the first payment that creates the
 * mandate, a monthly debit against it, a dunning retry, a mandate retry — is an attempt on that
 * month's ONE charge row and ONE provider transaction per attempt (opp_transactions kind
 * `recurring_charge`, owner = the charge row). Our rows are committed before the provider is
 * called; the provider's Idempotency-Key comes from our ids; statuses move forward only.
 */
export const CHARGE_KIND = 'recurring_charge' satisfies PaymentOwnerKind;

/** A mandate-creating payment (first payment, mandate retry), as opposed to a debit against the mandate. */

export function isMandatePayment(row: OppTransactionRow): boolean {
  return typeof (row.request as { mandate_method?: unknown }).mandate_method === 'string';
}

/* ---------- what a payment's status means (webhook, reconcile, the job) ---------- */

export async function moveTip(tx: Tx, tipId: string | null, to: TipStatus) {
  return tipId ? tipsQueries.moveTipStatus(tx, tipId, to, tipStatusesBefore(to)) : undefined;
}

/**
 * A failed try of a monthly debit: dunning. Tried again CHARGE_RETRY_DAYS after this try (the same
 * charge row, attempt + 1) until MAX_CHARGE_ATTEMPTS; after the last one the mandate is invalid and
 * the tipper has to set up the payment again (mandate retry). The tipper is mailed each time (the
 * mail queued in this transaction, once per try).
 */
export async function recordDebitFailure(
  ctx: AppContext,
  tx: Tx,
  charge: repo.ChargeRow,
  reason: string,
  options: { last?: boolean } = {},
): Promise<AfterCommit | undefined> {
  const recurringTip = await repo.lockRecurringTip(tx, charge.recurringTipId);
  if (!recurringTip) return undefined;
  const stillCharging = recurringTip.status === 'active';
  // No retry against a mandate that is gone (revoked meanwhile): the tipper sets up a new one.
  const mandateUsable = recurringTip.mandateStatus === 'valid';
  const last = charge.attempt >= MAX_CHARGE_ATTEMPTS || !mandateUsable || options.last === true;
  const invalidates = last && stillCharging && mandateUsable;
  await repo.updateRecurringTip(tx, recurringTip.id, {
    failedAttempts: charge.attempt,
    lastFailureReason: reason,
    ...(invalidates ? { mandateStatus: 'invalid' } : {}),
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
    if (invalidates) await endWaitingDebits(tx, recurringTip.id, reason);
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
  return queueTipperMail(
    ctx,
    tx,
    recurringTip,
    (common) =>
      chargeFailedMail(recurringTip.locale, {
        ...common,
        amount: charge.amount,
        period: charge.period,
        retryAt: next,
        late: reason === LATE,
      }),
    `charge-failed:${charge.id}:${charge.attempt}`,
  );
}

/**
 * The mandate just became invalid: the months still waiting for a debit against it (a retry of
 * another month, a month not sent yet) end now, in the same transaction, instead of waiting for
 * ever (issue 34.1; a revoked mandate cancels them the same way). Their tips fail; the tipper's
 * mandate retry pays the latest month. A month whose send is in flight is settled by its answer.
 */
async function endWaitingDebits(tx: Tx, recurringTipId: string, reason: string) {
  for (const month of await repo.endWaitingDebits(tx, recurringTipId, reason)) {
    await moveTip(tx, month.tipId, 'failed');
  }
}

/** The failure reason of a try whose day passed more than the grace ago (issue 34.5). */
export const LATE = 'late';

/**
 * A try the charge run can no longer make in time (isPastGrace: the job or the provider was down past
 * its day; issue 34.5). A month's first debit is skipped as the claim skips a missed month: not
 * charged, nobody mailed, the mandate as it was. A dunning retry ends the dunning: the month failed,
 * the mandate invalid, the tipper mailed as after the last try to set up the payment again.
 * Call with the month locked (repo.lockMonth), still scheduled and not leased.
 */
export async function recordLateTry(ctx: AppContext, tx: Tx, charge: repo.ChargeRow): Promise<AfterCommit | undefined> {
  if (charge.attempt > 1) return recordDebitFailure(ctx, tx, charge, LATE, { last: true });
  await repo.updateCharge(tx, charge.id, { status: 'cancelled', failureReason: LATE, claimedUntil: null });
  await moveTip(tx, charge.tipId, 'cancelled');
  return undefined;
}

/** Queues a mail about a monthly tip to its tipper (with the manage link), once per dedupe key. */
async function queueTipperMail(
  ctx: AppContext,
  tx: Tx,
  recurringTip: repo.RecurringTipRow,
  build: (common: { brand: string; tipjarName: string; manageLink: string }) => MailContent,
  dedupeKey: string,
): Promise<AfterCommit | undefined> {
  const tipjar = await tipjarsQueries.findTipjar(tx, recurringTip.tipjarId);
  const user = await usersQueries.findUserById(tx, recurringTip.userId);
  if (!tipjar || !user) return undefined;
  const mail = build({
    brand: ctx.config.BRAND_NAME,
    tipjarName: tipjar.name,
    manageLink: await manageLinkOf(ctx, recurringTip.id, recurringTip.locale, tx),
  });
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey });
  return () => sendQueuedMail(ctx);
}

/**
 * A month's debit was charged back by the payer's bank: the dunning of a failed debit at its end
 * (decision 015). Debiting a disputed mandate again would most likely be reversed again (and cost a
 * fee each time), so no retry is made against it: the mandate is marked invalid (the charge job
 * skips it), the recurring tip shows the chargeback as its last failure to maker and tipper, and the
 * tipper is mailed (once per month) to set up the payment again (mandate retry).
 */
async function recordChargeback(ctx: AppContext, tx: Tx, charge: repo.ChargeRow): Promise<AfterCommit | undefined> {
  const recurringTip = await repo.lockRecurringTip(tx, charge.recurringTipId);
  if (!recurringTip) return undefined;
  const stillCharging = recurringTip.status !== 'cancelled';
  const invalidates = stillCharging && recurringTip.mandateStatus === 'valid';
  await repo.updateRecurringTip(tx, recurringTip.id, {
    lastFailureReason: 'chargeback',
    ...(invalidates ? { mandateStatus: 'invalid', failedAttempts: MAX_CHARGE_ATTEMPTS } : {}),
  });
  if (invalidates) await endWaitingDebits(tx, recurringTip.id, 'chargeback');
  if (!stillCharging) return undefined;
  return queueTipperMail(
    ctx,
    tx,
    recurringTip,
    (common) => chargebackMail(recurringTip.locale, { ...common, amount: charge.amount, period: charge.period }),
    `charge-chargeback:${charge.id}`,
  );
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
  ctx: AppContext,
): Promise<AfterCommit | undefined> {
  // The monthly tip first, then the month (repo.lockMonth): the one lock order of monthly tips.
  const charge = (await repo.lockMonth(tx, row.ownerId))?.charge;
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
      return onChargePaid(ctx, tx, charge, row, viaMandate);
    case 'unpaid': {
      if (!isCurrent || (charge.status !== 'pending' && charge.status !== 'scheduled')) return undefined;
      if (!viaMandate) return recordDebitFailure(ctx, tx, charge, change.current);
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
      if (change.current === 'chargeback') return recordChargeback(ctx, tx, charge);
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
  ctx: AppContext,
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
    return incident ? async () => void (await refundIncident(ctx, incident)) : undefined;
  }
  const now = new Date();
  const completed = await repo.updateCharge(tx, charge.id, {
    status: 'completed',
    completedAt: now,
    failureReason: null,
    claimedUntil: null,
    paidTransactionId: row.id,
  });
  const paidTip = await moveTip(tx, charge.tipId, 'completed');
  // Signed webhooks (decision 095): a paid month is a paid tip.
  if (paidTip?.status === 'completed') {
    await queueWebhookEvent(tx, {
      tipjarId: paidTip.tipjarId,
      type: 'tip.completed',
      cause: paidTip.id,
      data: tipObject(paidTip),
    });
  }
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
      // A yearly tip (decision 092): the same day one year on, in the month of this payment.
      const paidPeriod = laterPeriod(charge.period, periodOf(now, recurringTip.interval));
      const next = nextChargeAfter(cadenceOf(recurringTip, chargeDay, now), paidPeriod, now);
      if (!recurringTip.nextChargeAt || recurringTip.nextChargeAt < next) updates.nextChargeAt = next;
    }
  }
  const updated = await repo.updateRecurringTip(tx, recurringTip.id, updates);
  const tipjar = await tipjarsQueries.findTipjar(tx, recurringTip.tipjarId);
  const user = await usersQueries.findUserById(tx, recurringTip.userId);
  if (!tipjar || !user) return undefined;
  const common = {
    brand: ctx.config.BRAND_NAME,
    tipjarName: tipjar.name,
    manageLink: await manageLinkOf(ctx, updated.id, updated.locale, tx),
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
          interval: updated.interval,
          // The private supporter feed, when the tip jar offers one and this tip's level unlocks it.
          feedUrl: await openFeedUrlOf(ctx, tx, updated.id),
        })
      : chargeReceiptMail(updated.locale, { ...common, period: completed.period, paidAt: now });
  // The month is paid once (paidTransactionId above); the key keeps it to one mail whatever repeats.
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `charge-paid:${completed.id}` });
  if (viaMandate && recurringTip.mandateStatus !== 'valid' && recurringTip.status !== 'cancelled') {
    await queueNewSupporterMails(ctx, tx, updated, tipjar);
    await queueWebhookEvent(tx, {
      tipjarId: updated.tipjarId,
      type: 'recurring_tip.started',
      cause: updated.id,
      data: recurringTipObject(updated),
    });
  }
  return () => sendQueuedMail(ctx);
}

/**
 * "A new monthly supporter" to each admin of the tip jar (when it mails its makers about tips), once
 * its mandate became usable. Once per monthly tip and admin (the dedupe key): a mandate set up again
 * after failed months is not a new supporter.
 */
async function queueNewSupporterMails(
  ctx: AppContext,
  tx: Tx,
  recurringTip: repo.RecurringTipRow,
  tipjar: tipjarsQueries.TipjarRow,
) {
  if (!tipjar.notifyOnTip) return;
  for (const admin of await tipjarsQueries.listAdminRecipients(tx, tipjar.id)) {
    const mail = monthlySupporterMail(admin.locale, {
      brand: ctx.config.BRAND_NAME,
      tipjarName: tipjar.name,
      amount: recurringTip.amount,
      fee: platformFeeOf(recurringTip.amount, ctx.config.PLATFORM_FEE_BPS),
      fromName: recurringTip.privacy === 'ANONYMOUS' ? null : recurringTip.displayName || null,
      link: appUrl(ctx.config.publicUrl, 'backofficeRecurringtips', { tipjarslug: tipjar.slug }, admin.locale),
    });
    await queueMail(
      tx,
      { to: admin.email, ...mail },
      { dedupeKey: `monthly-supporter:${recurringTip.id}:${admin.userId}` },
    );
  }
}
