import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { rowsOf } from '../db/client.js';
import type { MoneyViolation } from './money-violation.js';

/**
 * The money check's line 5, `reversals-match-provider` (docs/money-check.md): money given back from a
 * payment, as we recorded it, as the provider holds it, and beyond the payment (decision 067).
 */

/**
 * 5. What the payer has back from a payment beyond its amount (our completed refunds and reversals of
 * it) is listed as an `excess_reversal` incident of that amount (decision 067).
 */
export async function reversalExcessMismatches(db: AppContext['db']): Promise<MoneyViolation[]> {
  const rows = await rowsOf<{ id: string; ours: string; amount: number; listed: string }>(
    db,
    sql`select o.id, o.amount, b.ours, coalesce(i.listed, 0)::bigint as listed
        from (select opp_transaction_id, sum(amount)::bigint as ours from refunds
              where status = 'completed' group by opp_transaction_id) b
        join opp_transactions o on o.id = b.opp_transaction_id
        left join (select transaction_id, sum(amount)::bigint as listed from payment_incidents
                   where kind = 'excess_reversal' group by transaction_id) i on i.transaction_id = o.id
        where greatest(b.ours - o.amount, 0) <> coalesce(i.listed, 0)`,
  );
  return rows.map((r) => ({
    invariant: 'reversals-match-provider' as const,
    subject: `opp_transactions ${r.id}`,
    detail: `${r.ours} of ${r.amount} cents given back, ${r.listed} listed as excess`,
  }));
}

/**
 * 5. (the provider half) Per payment the provider reversed or we refunded: the provider's refunds of
 * it, plus the whole payment when it was charged back, equal our completed refunds and reversals of it
 * (with the refund of a month's extra collection, made for its incident).
 * A payment with a refund still pending at our side (not paid out yet), or whose refunds at the provider
 * are still to be read and booked (refund_reads: the reconcile job reads them again), is settling and
 * left for a later run (decision 070).
 */
export async function reversalsAgainstProvider(
  ctx: AppContext,
  settled: Date,
  limit: number,
): Promise<MoneyViolation[]> {
  const rows = await rowsOf<{ id: string; opp_uid: string; amount: number; ours: string }>(
    ctx.db,
    sql`select o.id, o.opp_uid, o.amount,
               (coalesce((select sum(r.amount) from refunds r
                          where r.opp_transaction_id = o.id and r.status = 'completed'), 0)
                + coalesce((select sum(i.amount) from payment_incidents i
                            where i.transaction_id = o.id and i.kind = 'double_collection' and i.refund_uid is not null), 0)
               )::bigint as ours
        from opp_transactions o
        where o.opp_uid is not null and o.updated <= ${settled.toISOString()}::timestamptz
          and (o.status in ('refunded', 'chargeback') or exists (select 1 from refunds r where r.opp_transaction_id = o.id))
          and not exists (select 1 from refunds r where r.opp_transaction_id = o.id and r.status = 'pending')
          and not exists (select 1 from refund_reads d where d.opp_transaction_id = o.id)
        order by o.updated desc limit ${limit}`,
  );
  const found: MoneyViolation[] = [];
  for (const row of rows) {
    let theirs: number;
    try {
      const [transaction, refunds] = await Promise.all([
        ctx.opp.getTransaction(row.opp_uid),
        ctx.opp.listRefunds(row.opp_uid),
      ]);
      const refunded = refunds.data
        .filter((r) => !['failed', 'cancelled'].includes(r.status))
        .reduce((sum, r) => sum + r.amount, 0);
      theirs = refunded + (transaction.status === 'chargeback' ? (transaction.amount ?? row.amount) : 0);
    } catch (err) {
      found.push({
        invariant: 'reversals-match-provider',
        subject: `opp_transactions ${row.id}`,
        detail: `the provider could not be read: ${(err as Error).message}`,
      });
      continue;
    }
    if (theirs !== Number(row.ours)) {
      found.push({
        invariant: 'reversals-match-provider',
        subject: `opp_transactions ${row.id} (${row.opp_uid})`,
        detail: `the provider gave back ${theirs} cents, our refunds and reversals ${row.ours}`,
      });
    }
  }
  return found;
}
