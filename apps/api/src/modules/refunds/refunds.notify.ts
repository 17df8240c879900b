import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { queueMail } from '../../mail/outbox.js';
import { tipRefundedMail } from '../../mail/refund-mails.js';
import * as tipjarsQueries from '../tipjars/tipjars.queries.js';
import * as tipsQueries from '../tips/tips.queries.js';
import { queueWebhookEvent, tipObject } from '../webhooks/webhooks.events.js';
import type * as repo from './refunds.repository.js';

/*
 * Who hears of a refund paid out (refunds.follow.ts decides when): the tipper by mail, and the tip
 * jar's webhooks by a `tip.refunded` event, both queued in the transaction that records it.
 */

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
  // Signed webhooks (decision 095): once per refund paid out, with the tip's refunded total as now.
  await queueWebhookEvent(tx, {
    tipjarId: tip.tipjarId,
    type: 'tip.refunded',
    cause: refund.id,
    data: { ...tipObject(tip), refund: refundObject(tip.privacy, refund) },
  });
}

/** A refund as a webhook tells of it: its amount only where the tip's privacy shows amounts (decision 095). */
function refundObject(privacy: tipsQueries.TipRow['privacy'], refund: repo.RefundRow) {
  return { id: refund.id, ...(privacy === 'NAME_AND_AMOUNT' ? { amount: refund.amount } : {}) };
}
