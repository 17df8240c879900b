import { simulatePayment } from '@podpot/opp-simulator';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { oppTransactions, recurringTips, tipjars, tips } from '../db/schema/index.js';
import { findMerchantOfTipjar } from '../modules/merchants/merchants.repository.js';
import { tipProviderKey, tipTransactionRequest } from '../modules/tips/tips.service.js';
import { notifyUrlOf } from '../payments/payments.service.js';
import { DEMO_TIPJAR_SLUG } from './demo.js';

/**
 * The demo's history at the provider (issue 34.9): the seeded one-off tips were paid (or cancelled) at
 * the simulator as any tip is, and the active monthly tips hold a mandate the charge run can debit — so
 * a fresh demo database passes the money check, a maker can refund a demo tip, and the demo's monthly
 * tips are charged on their next day like any other.
 *
 *  - a one-off tip: its provider transaction is made through the provider's API (the tip's own reference
 *    and metadata), the simulator's checkout is finished with the tip's outcome without a notification
 *    (the tip is already final at our side), and our transaction row records the provider's answer;
 *  - a monthly tip: its mandate is imported at the provider (`mandate_method: import`, usable at once)
 *    and its uid and token are kept. Its past months stay our record only (no provider uid: nobody asks
 *    the provider about them).
 *
 * Runs once the demo merchant exists, with the simulator mounted in this process; each tip is done on
 * its own (the provider's idempotency key and our unique keys make a restart after a crash go on where
 * it stopped).
 */
export async function ensureDemoProviderHistory(ctx: AppContext): Promise<void> {
  if (!ctx.config.usesSimulator) return;
  const [jar] = await ctx.db.select().from(tipjars).where(eq(tipjars.slug, DEMO_TIPJAR_SLUG));
  if (!jar) return;
  const merchant = await findMerchantOfTipjar(ctx.db, jar.id);
  if (!merchant?.merchantUid) return;
  const merchantUid = merchant.merchantUid;

  const unpaid = await ctx.db
    .select({ id: tips.id, amount: tips.amount, fee: tips.fee, status: tips.status, paymentMethod: tips.paymentMethod })
    .from(tips)
    .where(
      and(
        eq(tips.tipjarId, jar.id),
        isNull(tips.recurringTipId),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(oppTransactions)
            .where(and(eq(oppTransactions.kind, 'tip'), eq(oppTransactions.ownerId, tips.id))),
        ),
      ),
    );
  for (const tip of unpaid) {
    const outcome = tip.status === 'completed' ? 'completed' : 'cancelled';
    const key = tipProviderKey(tip.id);
    const request = tipTransactionRequest(ctx, {
      tipId: tip.id,
      tipjar: jar,
      merchantUid,
      amount: tip.amount,
      fee: tip.fee,
      paymentMethod: tip.paymentMethod === 'bcmc' ? 'bcmc' : 'ideal',
      returnUrl: ctx.config.publicUrl,
    });
    const created = await ctx.opp.createTransaction(request, key);
    const paid = await simulatePayment(ctx, created.uid, outcome, { notify: false });
    await ctx.db
      .insert(oppTransactions)
      .values({
        kind: 'tip',
        ownerId: tip.id,
        idempotencyKey: key,
        oppUid: created.uid,
        status: String(paid.status),
        amount: tip.amount,
        merchantUid,
        request: request as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing();
  }

  // The monthly tips' months were seeded for the merchant the demo had not registered yet.
  await ctx.db
    .update(oppTransactions)
    .set({ merchantUid })
    .where(and(eq(oppTransactions.kind, 'recurring_charge'), eq(oppTransactions.merchantUid, 'demo')));
  const withoutMandate = await ctx.db
    .select({ id: recurringTips.id, amount: recurringTips.amount })
    .from(recurringTips)
    .where(
      and(eq(recurringTips.tipjarId, jar.id), eq(recurringTips.status, 'active'), isNull(recurringTips.mandateToken)),
    );
  for (const recurringTip of withoutMandate) {
    const key = `demo-mandate-${recurringTip.id}`;
    const mandate = await ctx.opp.createMandate(
      {
        merchant_uid: merchantUid,
        mandate_method: 'import',
        mandate_type: 'consumer',
        mandate_repeat: 'subscription',
        mandate_amount: recurringTip.amount,
        return_url: ctx.config.publicUrl,
        notify_url: notifyUrlOf(ctx),
        reference: key,
        metadata: { recurring_tip_id: recurringTip.id },
      },
      key,
    );
    await ctx.db
      .update(recurringTips)
      .set({ mandateUid: mandate.uid, mandateToken: mandate.token })
      .where(eq(recurringTips.id, recurringTip.id));
  }
}
