import { appUrl, mandateState } from '@podpot/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queueMail } from '../../mail/outbox.js';
import { monthlyTipEndedMail } from '../../mail/recurring-mails.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as usersQueries from '../users/users.queries.js';
import { queueWebhookEvent, recurringTipObject } from '../webhooks/webhooks.events.js';
import * as ending from './recurring-tips.ending.repository.js';
import { moveTip } from './recurring-tips.outcomes.js';
import * as repo from './recurring-tips.repository.js';

/**
 * Ending monthly tips: by their tipper (self-service), or because their tip jar or their tipper's
 * account was archived (docs/money-rules.md §9). Cancelling is one database change — final status, every
 * manage link ended, retries still waiting not sent — and the mail to the tipper is queued in the
 * same transaction. Revoking the mandate is a provider call, so it comes after the commit; one that
 * failed is made by the reconcile job, which revokes every cancelled monthly tip whose mandate is
 * still valid. So nothing is ever left half-done, and running it again changes nothing.
 */

/** The changes that cancel a (locked) monthly tip: final, no next charge, every manage link ended. */
export function cancellation(row: repo.RecurringTipRow, now: Date) {
  return {
    status: 'cancelled' as const,
    cancelledAt: now,
    nextChargeAt: null,
    manageTokenVersion: row.manageTokenVersion + 1,
  };
}

/** Months still waiting for a try are not sent any more (a payment already at the provider runs its course). */
export async function cancelWaitingCharges(tx: Tx, recurringTipId: string): Promise<void> {
  for (const charge of await repo.cancelScheduledCharges(tx, recurringTipId))
    await moveTip(tx, charge.tipId, 'cancelled');
}

/**
 * Cancels every monthly tip still running of a tip jar or tipper being archived — or, for the
 * reconcile job, of any archived tip jar or tipper — in the caller's transaction, and queues one
 * mail per monthly tip to its tipper, in the language of the monthly tip. Returns the ids cancelled.
 */
export async function cancelMonthlyTipsOf(
  tx: Tx,
  filter: ending.RunningFilter,
  options: { brand: string; now?: Date },
): Promise<string[]> {
  const now = options.now ?? new Date();
  const rows = await ending.lockRunningRecurringTips(tx, filter);
  for (const row of rows) {
    await repo.updateRecurringTip(tx, row.id, cancellation(row, now));
    await cancelWaitingCharges(tx, row.id);
    const mail = monthlyTipEndedMail(row.locale, {
      brand: options.brand,
      tipjarName: row.tipjarName,
      amount: row.nextAmount ?? row.amount,
      reason: row.tipjarArchived ? 'tipjar' : 'account',
    });
    await queueMail(tx, { to: row.email, ...mail }, { dedupeKey: `monthly-tip-ended:${row.id}` });
    await queueEndedEvent(tx, { ...row, status: 'cancelled' });
  }
  return rows.map((row) => row.id);
}

/**
 * The tipper cancelled their monthly tip (logged in or through the manage link): their confirmation,
 * queued in the cancelling transaction, with where to start again. The same dedupe key as the
 * platform's ending mail: a monthly tip ends once, so its tipper hears of it once.
 */
export async function queueCancelledByTipperMail(ctx: AppContext, tx: Tx, row: repo.RecurringTipRow): Promise<void> {
  await queueEndedEvent(tx, { ...row, status: 'cancelled' });
  const [tipjar, user] = await Promise.all([
    tipjarsQueries.findTipjar(tx, row.tipjarId),
    usersQueries.findUserById(tx, row.userId),
  ]);
  if (!tipjar || !user) return;
  const mail = monthlyTipEndedMail(row.locale, {
    brand: ctx.config.BRAND_NAME,
    tipjarName: tipjar.name,
    amount: row.nextAmount ?? row.amount,
    reason: 'tipper',
    startAgainLink: appUrl(ctx.config.publicUrl, 'storefront', { tipjarslug: tipjar.slug }, row.locale),
  });
  await queueMail(tx, { to: user.email, ...mail }, { dedupeKey: `monthly-tip-ended:${row.id}` });
}

/** How many monthly tips archiving would cancel (the deletion preview). */
export function countRunningMonthlyTips(db: DbOrTx, filter: { tipjarId: string } | { userId: string }) {
  return ending.countRunningRecurringTips(db, filter);
}

/**
 * Revokes at the provider the mandates of cancelled monthly tips that are still valid at our side —
 * of `of` (some ids, a tip jar's, a tipper's), or the oldest `limit` of all (the reconcile job) — and
 * records each revocation from the provider's answer. A failure is logged and left for the next run.
 * Returns how many were revoked.
 */
export async function revokeCancelledMandates(
  ctx: AppContext,
  options: { of?: ending.CancelledFilter; limit?: number } = {},
): Promise<number> {
  if (options.of && 'ids' in options.of && options.of.ids.length === 0) return 0;
  const rows = await ending.listCancelledWithValidMandate(ctx.db, options.limit ?? 100, options.of);
  let revoked = 0;
  for (const row of rows) {
    const uid = row.mandateUid!;
    try {
      await revokeAtProvider(ctx, uid);
      await ending.markMandateRevoked(ctx.db, row.id, uid);
      revoked += 1;
    } catch (err) {
      ctx.log.warn({ err, recurringTipId: row.id }, 'revoking the mandate failed; the reconcile job tries again');
    }
  }
  return revoked;
}

/** Revokes a mandate; done once the provider's answer (or its read of the mandate) says it is dead. */
async function revokeAtProvider(ctx: AppContext, mandateUid: string): Promise<void> {
  try {
    // An answer without a body (204) accepted the revoke: the mandate's own read says whether it took.
    const mandate = (await ctx.opp.revokeMandate(mandateUid)) ?? (await ctx.opp.getMandate(mandateUid));
    if (mandateState(mandate.status) === 'dead') return;
  } catch (err) {
    // Revoked before (by the payer's bank, or by us with the answer lost): the provider may refuse a
    // second revoke. Its own read of the mandate decides.
    const read = await ctx.opp.getMandate(mandateUid).catch(() => undefined);
    if (mandateState(read?.status) === 'dead') return;
    throw err;
  }
  throw new Error(`the provider did not revoke mandate ${mandateUid}`);
}

/**
 * Part of the reconcile job: monthly tips that must not run any more. One still running on an
 * archived tip jar or tipper (it slipped in while they were being archived) is cancelled as archiving
 * does; every cancelled monthly tip whose mandate is still valid — the revoke after the cancel failed,
 * or a first payment completed after the cancel — has its mandate revoked.
 */
export async function endMonthlyTipsOfArchived(ctx: AppContext, options: { limit?: number } = {}) {
  const cancelled = await ctx.db.transaction((tx) =>
    cancelMonthlyTipsOf(tx, { ofArchived: true }, { brand: ctx.config.BRAND_NAME }),
  );
  if (cancelled.length > 0) ctx.outbox.kick();
  const revoked = await revokeCancelledMandates(ctx, { limit: options.limit });
  return { cancelled: cancelled.length, revoked };
}

/** `recurring_tip.ended` to the tip jar's webhooks (decision 095): once per monthly tip, as it ends once. */
async function queueEndedEvent(tx: Tx, row: repo.RecurringTipRow) {
  await queueWebhookEvent(tx, {
    tipjarId: row.tipjarId,
    type: 'recurring_tip.ended',
    cause: row.id,
    data: recurringTipObject(row),
  });
}
