import type { AppContext } from '../context.js';
import { endMonthlyTipsOfArchived } from '../modules/recurring-tips/recurring-tips.cancel.js';
import { refreshMandateAttempt } from '../modules/recurring-tips/recurring-tips.mandate.js';
import { CHARGE_KIND, isMandatePayment } from '../modules/recurring-tips/recurring-tips.outcomes.js';
import { repairHalfMadeMandates } from '../modules/recurring-tips/recurring-tips.payments.js';
import { followPendingRefunds } from '../modules/refunds/refunds.follow.js';
import { retryOpenRefunds } from '../payments/incidents.js';
import type { PaymentLedger } from '../payments/ledger.js';
import { applyProviderTransaction } from '../payments/payments.apply.js';
import { resendCreate } from '../payments/payments.create.js';
import { claimReversibleDebits, claimStaleTransactions } from '../payments/payments.repository.js';

export interface ReconcileResult {
  checked: number;
  failed: number;
  /** Refunds of double collections made in this run (retries of ones that could not be sent). */
  refunded: number;
  /**
   * Refunds of tips sent or moved in this run: admin refunds the provider could not be reached for
   * before, refunds it has paid out or failed since, and refunds it made itself (decision 070).
   */
  tipRefunds: number;
  /** Monthly tips whose first payment was left half-made by a crash, sent again. */
  repairedMandates: number;
  /** Monthly tips still running on an archived tip jar or tipper, cancelled now (normally 0). */
  cancelledMonthlyTips: number;
  /** Mandates of cancelled monthly tips revoked at the provider now (a revoke that failed before). */
  revokedMandates: number;
  /** Completed SEPA debits read again for a late reversal (a chargeback up to eight weeks later). */
  recheckedDebits: number;
}

export interface ReconcileOptions {
  /** A row is looked at when untouched (and unchecked) this long. */
  olderThanMinutes?: number;
  /** Rows claimed per batch. */
  batchSize?: number;
  /** The run keeps taking batches until nothing is left or this much time has passed. */
  budgetMs?: number;
  maxBatches?: number;
  /** A completed debit is read again at most this often while it may still be reversed. */
  recheckDebitsEveryHours?: number;
  /** A payment's refunds are followed up when untouched this long (default a minute: the request's own send first). */
  refundsOlderThanMs?: number;
}

/**
 * How long a completed mandate debit may still be reversed: SEPA Core payers have eight weeks from
 * the debit, which is collected some days after our row was made (docs/provider.md §3).
 */
const REVERSAL_WINDOW_DAYS = 8 * 7 + 7;

/**
 * Repairs what a lost notification (or a crash) left open (docs/money-rules.md §6): transactions still
 * created/pending at our side for more than `olderThanMinutes` are read back from the provider and
 * applied, least recently checked first and batch after batch within a time budget, so every open
 * row gets its turn; a create whose answer we never recorded is re-sent with its original
 * idempotency key (so the provider answers the transaction it already made, or makes it once).
 * Completed mandate debits still inside the SEPA reversal window are read again (a late chargeback),
 * refunds that could not be sent (double collections, admin refunds of tips) are retried and refunds
 * not paid out yet followed (decision 070), half-made monthly-tip set-ups repaired, and the
 * mandates of cancelled monthly tips that are still valid revoked (docs/money-rules.md §9).
 */
export async function reconcileTransactions(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const olderThan = new Date(Date.now() - (options.olderThanMinutes ?? 30) * 60_000);
  const batchSize = options.batchSize ?? 50;
  const deadline = Date.now() + (options.budgetMs ?? 60_000);
  const maxBatches = options.maxBatches ?? 1000;
  let checked = 0;
  let failed = 0;
  for (let batch = 0; batch < maxBatches && Date.now() < deadline; batch++) {
    const rows = await claimStaleTransactions(ctx.db, olderThan, batchSize);
    for (const row of rows) {
      try {
        if (row.oppUid) await applyProviderTransaction(ctx, ledger, row.id, await ctx.opp.getTransaction(row.oppUid));
        // A mandate's first payment whose uid we do not know yet: its mandate is read instead (a
        // mandate row is only written once the provider answered, so there is no create to re-send).
        else if (isMandatePayment(row)) await refreshMandateAttempt(ctx, ledger, row);
        else await resendCreate(ctx, ledger, row);
      } catch (err) {
        failed += 1;
        ctx.log.warn({ err, transactionRowId: row.id }, 'reconcile: could not refresh transaction');
      }
    }
    checked += rows.length;
    if (rows.length < batchSize) break;
  }
  const recheckedDebits = await recheckReversibleDebits(ctx, ledger, options, deadline, batchSize, maxBatches);
  const refunded = await retryOpenRefunds(ctx);
  const tipRefunds = await followPendingRefunds(ctx, ledger, {
    olderThan: new Date(Date.now() - (options.refundsOlderThanMs ?? 60_000)),
  });
  const repairedMandates = await repairHalfMadeMandates(ctx, ledger, { olderThan });
  const ended = await endMonthlyTipsOfArchived(ctx);
  return {
    checked,
    failed,
    refunded,
    tipRefunds,
    repairedMandates,
    recheckedDebits,
    cancelledMonthlyTips: ended.cancelled,
    revokedMandates: ended.revoked,
  };
}

/**
 * Completed mandate debits younger than the SEPA reversal window are read again (about once a day
 * each, least recently checked first, batch after batch within the run's budget), so a reversal whose
 * notification was lost still moves its month to chargeback.
 */
async function recheckReversibleDebits(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: ReconcileOptions,
  deadline: number,
  batchSize: number,
  maxBatches: number,
): Promise<number> {
  const since = new Date(Date.now() - REVERSAL_WINDOW_DAYS * 24 * 60 * 60_000);
  const checkedBefore = new Date(Date.now() - (options.recheckDebitsEveryHours ?? 24) * 60 * 60_000);
  let rechecked = 0;
  for (let batch = 0; batch < maxBatches && Date.now() < deadline; batch++) {
    const rows = await claimReversibleDebits(ctx.db, { kind: CHARGE_KIND, since, checkedBefore, limit: batchSize });
    for (const row of rows) {
      try {
        await applyProviderTransaction(ctx, ledger, row.id, await ctx.opp.getTransaction(row.oppUid!));
        rechecked += 1;
      } catch (err) {
        ctx.log.warn({ err, transactionRowId: row.id }, 'reconcile: could not re-read a completed debit');
      }
    }
    if (rows.length < batchSize) break;
  }
  return rechecked;
}
