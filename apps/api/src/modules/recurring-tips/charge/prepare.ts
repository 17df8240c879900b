import type { AppContext } from '../../../context.js';
import type { PaymentLedger } from '../../../payments/ledger.js';
import type { CreateMandateTransactionInput } from '../../../payments/opp-client.js';
import { applyProviderTransaction } from '../../../payments/payments.apply.js';
import { findLatestForOwners, type OppTransactionRow } from '../../../payments/payments.repository.js';
import { notifyUrlOf } from '../../../payments/payments.service.js';
import { merchantsOfTipjars } from '../../merchants/merchants.queries.js';
import { acceptsTips } from '../../merchants/merchants.service.js';
import { attemptMetadata, debitKey } from '../recurring-tips.lookups.js';
import { CHARGE_KIND } from '../recurring-tips.outcomes.js';
import * as repo from '../recurring-tips.repository.js';
import type { ClaimedCharge } from './repository.js';

/**
 * What becomes of each charge the run leased (decisions 019 and 023): a batch made ready with three
 * reads, then each charge sent (debit.ts), settled without a send, or held back by a rule.
 */

/** A leased debit ready to be sent: its key and request (prepareDebits reads them for a whole batch). */
export interface DebitToSend {
  charge: ClaimedCharge;
  mandateUid: string;
  merchantUid: string;
  key: string;
  request: CreateMandateTransactionInput;
}

/**
 * Why the run may not send a leased month now (issue 34.2): no mandate token to debit, a tip jar
 * whose merchant takes no payments (suspended, blocked…), or a monthly tip that already had a debit
 * sent in this run (one debit per monthly tip per run, issue 34.5).
 */
export type HoldReason = 'no_mandate_token' | 'merchant_not_taking_payments' | 'one_debit_per_run';

/** A leased month the rules hold back: not sent, not "provider unreachable" (send.ts: holdBackCharges). */
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
      return release(charge, true, () => refreshDebit(ctx, ledger, existing));
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
 * Reads a debit recorded before from the provider and applies it. The leased months are debit months
 * (claimChargeWork), whose attempts are all debits, recorded with the provider's uid from its answer:
 * a mandate's first payment (refreshAttempt's other case) is never one of them. A failure is left to
 * reconcile.
 */
async function refreshDebit(ctx: AppContext, ledger: PaymentLedger, row: OppTransactionRow): Promise<void> {
  try {
    if (row.oppUid) await applyProviderTransaction(ctx, ledger, row.id, await ctx.opp.getTransaction(row.oppUid));
  } catch (err) {
    ctx.log.warn({ err, transactionRowId: row.id }, 'could not read the new transaction; reconcile will');
  }
}
