import type { AppContext } from '../context.js';
import { refreshMandateAttempt } from '../modules/recurring-tips/recurring-tips.mandate.js';
import { isMandatePayment } from '../modules/recurring-tips/recurring-tips.outcomes.js';
import { repairHalfMadeMandates } from '../modules/recurring-tips/recurring-tips.repair.js';
import { retryOpenRefunds } from '../payments/incidents.js';
import { claimStaleTransactions } from '../payments/payments.repository.js';
import { applyProviderTransaction, resendCreate } from '../payments/payments.service.js';

export interface ReconcileResult {
  checked: number;
  failed: number;
  /** Refunds of double collections made in this run (retries of ones that could not be sent). */
  refunded: number;
  /** Monthly tips whose first payment was left half-made by a crash, sent again. */
  repairedMandates: number;
}

export interface ReconcileOptions {
  /** A row is looked at when untouched (and unchecked) this long. */
  olderThanMinutes?: number;
  /** Rows claimed per batch. */
  batchSize?: number;
  /** The run keeps taking batches until nothing is left or this much time has passed. */
  budgetMs?: number;
  maxBatches?: number;
}

/**
 * Repairs what a lost notification (or a crash) left open (DESIGN.md §4.6): transactions still
 * created/pending at our side for more than `olderThanMinutes` are read back from the provider and
 * applied, least recently checked first and batch after batch within a time budget, so every open
 * row gets its turn; a create whose answer we never recorded is re-sent with its original
 * idempotency key (so the provider answers the transaction it already made, or makes it once).
 * Then refunds that could not be sent are retried, and half-made monthly-tip set-ups repaired.
 */
export async function reconcileTransactions(ctx: AppContext, options: ReconcileOptions = {}): Promise<ReconcileResult> {
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
        if (row.oppUid) await applyProviderTransaction(ctx, row.id, await ctx.opp.getTransaction(row.oppUid));
        // A mandate's first payment whose uid we do not know yet: its mandate is read instead (a
        // mandate row is only written once the provider answered, so there is no create to re-send).
        else if (isMandatePayment(row)) await refreshMandateAttempt(ctx, row);
        else await resendCreate(ctx, row);
      } catch (err) {
        failed += 1;
        ctx.log.warn({ err, transactionRowId: row.id }, 'reconcile: could not refresh transaction');
      }
    }
    checked += rows.length;
    if (rows.length < batchSize) break;
  }
  const refunded = await retryOpenRefunds(ctx);
  const repairedMandates = await repairHalfMadeMandates(ctx, { olderThan });
  return { checked, failed, refunded, repairedMandates };
}
