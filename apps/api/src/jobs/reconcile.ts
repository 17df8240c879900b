import type { AppContext } from '../context.js';
import type { CreateTransactionInput } from '../payments/opp-client.js';
import { claimStaleTransactions } from '../payments/payments.repository.js';
import { applyProviderTransaction } from '../payments/payments.service.js';

export interface ReconcileResult {
  checked: number;
  failed: number;
}

/**
 * Repairs what a lost notification (or a crash) left open (DESIGN.md §4.6): transactions still
 * created/pending at our side for more than `olderThanMinutes` are read back from the provider and
 * applied; a create whose answer we never recorded is re-sent with its original idempotency key
 * (so the provider answers the transaction it already made, or makes it once).
 */
export async function reconcileTransactions(
  ctx: AppContext,
  options: { olderThanMinutes?: number; limit?: number } = {},
): Promise<ReconcileResult> {
  const olderThan = new Date(Date.now() - (options.olderThanMinutes ?? 30) * 60_000);
  const rows = await claimStaleTransactions(ctx.db, olderThan, options.limit ?? 50);
  let failed = 0;
  for (const row of rows) {
    try {
      const answer = row.oppUid
        ? await ctx.opp.getTransaction(row.oppUid)
        : await ctx.opp.createTransaction(row.request as unknown as CreateTransactionInput, row.idempotencyKey);
      await applyProviderTransaction(ctx, row.id, answer);
    } catch (err) {
      failed += 1;
      ctx.log.warn({ err, transactionRowId: row.id }, 'reconcile: could not refresh transaction');
    }
  }
  return { checked: rows.length, failed };
}
