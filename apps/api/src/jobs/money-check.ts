import { ownerStatusOfPayment, tipStatusOfTransaction } from '@podpot/domain';
import { desc, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { rowsOf } from '../db/client.js';
import { type MoneyCheckCoverage, type MoneyCheckCursor, moneyCheckRuns } from '../db/schema/index.js';
import { tipsByMethod, tipTotals } from '../modules/statistics/statistics.repository.js';
import { aggregateDrift } from '../modules/statistics/statistics.scan.js';
import type { PaymentLedger } from '../payments/ledger.js';
import { providerOrphans } from './money-check.orphans.js';
import { periodLines } from './money-check.periods.js';
import { reversalExcessMismatches, reversalsAgainstProvider } from './money-check.reversals.js';
import type { MoneyViolation } from './money-violation.js';

/**
 * The standing money check (docs/money-check.md): the invariants that keep other people's money
 * safe, verified on a live database. `npm run check:money` prints every violation; the scheduled job
 * stores each run (money_check_runs) and logs at error level when one is found, and
 * `GET /api/v1/payments/moneycheck` shows the last run to platform admins.
 *
 *  1. one-collection-per-month — at most one completed, unrefunded collection per (recurring tip, month);
 *  2. one-owner — every provider transaction we know belongs to exactly one owner row (tip, add-on,
 *     month), and the provider has no transaction of ours that we do not know (an orphan);
 *  3. status-matches-provider — our status of a transaction equals the provider's (settled rows);
 *  4. totals-agree — tips, months, transactions and the statistics agree to the cent, and the
 *     aggregates kept beside the tips (tip_daily_totals, tip_status_counts, tip_list_positions) and the
 *     monthly tips (recurring_tip_totals) are what those rows say;
 *  5. reversals-match-provider — per payment, the provider's refunds and chargeback equal our refunds
 *     and reversals of it, and what the payer has back beyond the payment is a listed incident;
 *  6. months-not-stuck — no month of a monthly tip waits (`scheduled`, no send holding it) under a
 *     mandate that is not valid: nothing would ever send it (decision 066);
 *  7. one-debit-per-run — a monthly tip is debited at most once a day (one charge run sends one debit
 *     per monthly tip, and missed months and retries are not caught up; decisions 005, 008, 066);
 *  8. period-matches-interval and 9. one-collection-per-period — a monthly tip's periods are months,
 *     a yearly tip's years, and each is collected at most once (money-check.periods.ts, decision 092).
 */

export type { MoneyViolation } from './money-violation.js';

export interface MoneyCheckOptions {
  /** Also ask the provider (statuses, orphans). Default true. */
  provider?: boolean;
  /** Rows changed more recently than this are still settling (a notification on its way). Default 0. */
  settledMinutes?: number;
  /**
   * At most this many of our transactions are compared with the provider per run. The runs walk them
   * oldest first, each going on after `providerCursor`, so every one is compared within a lap of runs.
   */
  providerLimit?: number;
  /** Where the last run's walk stopped; absent or null: start with the oldest. */
  providerCursor?: MoneyCheckCursor | null;
  /** At most this many pages of the provider's transaction list are read for orphans (half recent, half the lap). */
  providerPages?: number;
  /** Transactions per page of those reads (1–100). Default 100. */
  providerPageSize?: number;
  /** Where the last run's lap over the provider's transactions stopped (a Unix second); null: the oldest. */
  orphanCursor?: number | null;
}

export interface MoneyCheckResult {
  violations: MoneyViolation[];
  checkedTransactions: number;
  /** Compared with the provider this run, of all our transactions with a provider uid (null: provider not asked). */
  coverage: MoneyCheckCoverage | null;
  /** Where the next run goes on (null: with the oldest again). */
  providerCursor: MoneyCheckCursor | null;
  /** Where the next run's lap over the provider's transactions goes on (null: with the oldest again). */
  orphanCursor: number | null;
  /** Provider transactions read for orphans this run (null: provider not asked). */
  providerRead: number | null;
  durationMs: number;
}

const OWNER_TABLES: Record<string, string> = {
  tip: 'tips',
  addon: 'addons',
  recurring_charge: 'recurring_tip_charges',
};

export async function checkMoney(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: MoneyCheckOptions = {},
): Promise<MoneyCheckResult> {
  const started = Date.now();
  const violations: MoneyViolation[] = [];
  const db = ctx.db;

  // 1. A month is collected once: extra collections count unless their refund was made.
  for (const r of await rowsOf<{ owner_id: string; n: number }>(
    db,
    sql`select o.owner_id, count(*)::int as n from opp_transactions o
        where o.kind = 'recurring_charge' and o.status = 'completed'
          and not exists (select 1 from payment_incidents i where i.transaction_id = o.id and i.refund_uid is not null)
        group by o.owner_id having count(*) > 1`,
  )) {
    violations.push({
      invariant: 'one-collection-per-month',
      subject: `recurring_tip_charges ${r.owner_id}`,
      detail: `${r.n} completed collections and no refund made`,
    });
  }
  for (const r of await rowsOf<{ id: string; status: string | null }>(
    db,
    sql`select c.id, o.status from recurring_tip_charges c
        left join opp_transactions o on o.id = c.paid_transaction_id
        where c.status = 'completed' and (o.id is null or o.status not in ('completed', 'refunded', 'chargeback'))`,
  )) {
    violations.push({
      invariant: 'one-collection-per-month',
      subject: `recurring_tip_charges ${r.id}`,
      detail: `completed, but its paying transaction is ${r.status ?? 'missing'}`,
    });
  }

  // 2. Every transaction has its owner row.
  for (const r of await rowsOf<{ id: string; kind: string; owner_id: string }>(
    db,
    sql`select o.id, o.kind, o.owner_id from opp_transactions o
        where (o.kind = 'tip' and not exists (select 1 from tips x where x.id = o.owner_id))
           or (o.kind = 'addon' and not exists (select 1 from addons x where x.id = o.owner_id))
           or (o.kind = 'recurring_charge' and not exists (select 1 from recurring_tip_charges x where x.id = o.owner_id))
           or o.kind not in (${sql.join(
             Object.keys(OWNER_TABLES).map((k) => sql`${k}`),
             sql`, `,
           )})`,
  )) {
    violations.push({
      invariant: 'one-owner',
      subject: `opp_transactions ${r.id}`,
      detail: `no ${r.kind} row ${r.owner_id}`,
    });
  }
  for (const r of await rowsOf<{ owner_id: string; n: number }>(
    db,
    sql`select owner_id, count(*)::int as n from opp_transactions where kind = 'tip' group by owner_id having count(*) > 1`,
  )) {
    violations.push({ invariant: 'one-owner', subject: `tips ${r.owner_id}`, detail: `${r.n} provider transactions` });
  }

  // 4. Totals agree to the cent. A payment the provider calls `refunded` that our completed refunds do
  // not cover yet was refunded in part: its tip is still completed (decision 070).
  const [tipSums] = await rowsOf<{ tips: string; transactions: string }>(
    db,
    sql`select
          (select coalesce(sum(amount), 0) from tips where status = 'completed' and recurring_tip_id is null)::bigint as tips,
          (select coalesce(sum(o.amount), 0) from opp_transactions o join tips t on t.id = o.owner_id
             where o.kind = 'tip'
               and (o.status = 'completed'
                    or (o.status = 'refunded'
                        and coalesce((select sum(r.amount) from refunds r where r.opp_transaction_id = o.id
                                      and r.kind = 'refund' and r.status = 'completed'), 0) < o.amount))
          )::bigint as transactions`,
  );
  if (Number(tipSums!.tips) !== Number(tipSums!.transactions)) {
    violations.push({
      invariant: 'totals-agree',
      subject: 'one-off tips',
      detail: `completed tips ${tipSums!.tips} ≠ completed tip transactions ${tipSums!.transactions} (cents)`,
    });
  }
  const [monthSums] = await rowsOf<{ tips: string; months: string; paid: string }>(
    db,
    sql`select
          (select coalesce(sum(amount), 0) from tips where status = 'completed' and recurring_tip_id is not null)::bigint as tips,
          (select coalesce(sum(amount), 0) from recurring_tip_charges where status = 'completed')::bigint as months,
          (select coalesce(sum(o.amount), 0) from recurring_tip_charges c join opp_transactions o on o.id = c.paid_transaction_id
             where c.status = 'completed')::bigint as paid`,
  );
  if (new Set([monthSums!.tips, monthSums!.months, monthSums!.paid].map(Number)).size !== 1) {
    violations.push({
      invariant: 'totals-agree',
      subject: 'monthly tips',
      detail: `completed monthly tips ${monthSums!.tips}, completed months ${monthSums!.months}, their payments ${monthSums!.paid} (cents)`,
    });
  }
  for (const r of await rowsOf<{ id: string; tip_status: string | null; status: string }>(
    db,
    sql`select c.id, t.status as tip_status, c.status from recurring_tip_charges c left join tips t on t.id = c.tip_id
        where (c.status = 'completed') <> (coalesce(t.status, '') = 'completed')`,
  )) {
    violations.push({
      invariant: 'totals-agree',
      subject: `recurring_tip_charges ${r.id}`,
      detail: `month ${r.status}, its tip ${r.tip_status ?? 'missing'}`,
    });
  }
  const [totals, byMethod] = await Promise.all([tipTotals(db), tipsByMethod(db)]);
  const [direct] = await rowsOf<{ n: number; sum: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as sum from tips where completed_at is not null`,
  );
  const methodSum = byMethod.reduce((s, m) => s + m.sum, 0);
  if (totals.sum !== Number(direct!.sum) || totals.count !== direct!.n || methodSum !== totals.sum) {
    violations.push({
      invariant: 'totals-agree',
      subject: 'statistics',
      detail: `statistics total ${totals.sum} (${totals.count} tips), by method ${methodSum}, tips ${direct!.sum} (${direct!.n} tips)`,
    });
  }

  // The aggregates the statistics, list counts and deep pages read (decisions 018, 050) are what the tips
  // say, key by key.
  for (const drift of await aggregateDrift(db)) {
    violations.push({
      invariant: 'totals-agree',
      subject: `${drift.table} ${drift.key}`,
      detail: `kept ${drift.kept}, the tips say ${drift.scanned}`,
    });
  }

  // A tip's refunded totals are its refund records (refused ones aside), never more than was paid; a
  // charged-back tip is reversed whole (its records may be more: the excess is an incident, below), and
  // its completed records give its fee back exactly once.
  for (const r of await rowsOf<{
    id: string;
    refunded_amount: number;
    refunded_fee: number;
    amount: number;
    fee: number;
    recorded: string;
    credited: string;
    charged_back: boolean;
  }>(
    db,
    sql`select t.id, t.refunded_amount, t.refunded_fee, t.amount, t.fee,
               coalesce((select sum(r.amount) from refunds r where r.tip_id = t.id and r.status <> 'failed'), 0)::bigint as recorded,
               coalesce((select sum(r.fee_credit) from refunds r where r.tip_id = t.id and r.status = 'completed'), 0)::bigint as credited,
               exists (select 1 from refunds r where r.tip_id = t.id and r.kind = 'chargeback' and r.status = 'completed') as charged_back
        from tips t
        where t.refunded_amount > 0
           or exists (select 1 from refunds r where r.tip_id = t.id and r.status <> 'failed')`,
  )) {
    const wrong = r.charged_back
      ? r.refunded_amount !== r.amount || r.refunded_fee !== r.fee || Number(r.credited) !== r.fee
      : Number(r.recorded) !== r.refunded_amount || r.refunded_amount > r.amount;
    if (wrong) {
      violations.push({
        invariant: 'totals-agree',
        subject: `tips ${r.id}`,
        detail: `refunded ${r.refunded_amount} of ${r.amount} (fee ${r.refunded_fee} of ${r.fee}), refund records ${r.recorded} (fee credits ${Number(r.credited)})${r.charged_back ? ', charged back' : ''} (cents)`,
      });
    }
  }
  violations.push(...(await reversalExcessMismatches(db)));
  violations.push(...(await monthlyTipLines(db)));
  violations.push(...(await periodLines(db)));

  // 3. (and the provider half of 2) Our statuses against the provider's.
  let checkedTransactions = 0;
  let coverage: MoneyCheckCoverage | null = null;
  let providerCursor: MoneyCheckCursor | null = null;
  let orphanCursor: number | null = null;
  let providerRead: number | null = null;
  if (options.provider !== false) {
    const settled = new Date(Date.now() - (options.settledMinutes ?? 0) * 60_000);
    const budget = options.providerLimit ?? 5000;
    const after = options.providerCursor;
    // The walk: oldest first, after where the last run stopped; a short page ends the lap (the next run
    // starts with the oldest again). Rows still settling are passed over until the next lap.
    const ours = await rowsOf<{
      id: string;
      kind: string;
      owner_id: string;
      opp_uid: string;
      status: string | null;
      created: string;
      settled: boolean;
    }>(
      db,
      sql`select id, kind, owner_id, opp_uid, status, created::text as created,
                 updated <= ${settled.toISOString()}::timestamptz as settled
          from opp_transactions
          where opp_uid is not null
            ${after ? sql`and (created, id) > (${after.created}::timestamptz, ${after.id}::uuid)` : sql``}
          order by created, id limit ${budget}`,
    );
    const [all] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from opp_transactions where opp_uid is not null`,
    );
    const lastRow = ours.at(-1);
    providerCursor = ours.length === budget && lastRow ? { created: lastRow.created, id: lastRow.id } : null;
    coverage = { compared: 0, of: all!.n, runs: Math.max(1, Math.ceil(all!.n / budget)) };
    // A payment the provider calls `refunded` is a refunded tip once our completed refunds cover it (decision 070).
    const tipStatuses = new Map(
      (
        await rowsOf<{ id: string; status: string; refunded_in_full: boolean }>(
          db,
          sql`select t.id, t.status,
                     coalesce((select sum(r.amount) from refunds r where r.opp_transaction_id = o.id
                               and r.kind = 'refund' and r.status = 'completed'), 0) >= o.amount as refunded_in_full
              from tips t join opp_transactions o on o.owner_id = t.id and o.kind = 'tip'`,
        )
      ).map((r) => [r.id, r]),
    );
    for (const row of ours) {
      if (!row.settled) continue;
      let provider: string;
      try {
        provider = (await ctx.opp.getTransaction(row.opp_uid)).status;
      } catch (err) {
        violations.push({
          invariant: 'status-matches-provider',
          subject: `opp_transactions ${row.id}`,
          detail: `the provider could not be read: ${(err as Error).message}`,
        });
        continue;
      }
      checkedTransactions += 1;
      if (provider !== row.status) {
        violations.push({
          invariant: 'status-matches-provider',
          subject: `opp_transactions ${row.id} (${row.opp_uid})`,
          detail: `ours ${row.status ?? 'none'}, the provider's ${provider}`,
        });
      }
      const tip = row.kind === 'tip' ? tipStatuses.get(row.owner_id) : undefined;
      if (
        tip &&
        row.status &&
        tipStatusOfTransaction(ownerStatusOfPayment(row.status, tip.refunded_in_full)) !== tip.status
      ) {
        violations.push({
          invariant: 'status-matches-provider',
          subject: `tips ${row.owner_id}`,
          detail: `tip ${tip.status}, its transaction ${row.status}`,
        });
      }
    }
    coverage.compared = checkedTransactions;
    const orphans = await providerOrphans(ctx, ledger, {
      cursor: options.orphanCursor ?? null,
      pages: options.providerPages ?? 50,
      pageSize: options.providerPageSize,
    });
    violations.push(...orphans.violations);
    orphanCursor = orphans.cursor;
    providerRead = orphans.read;
    violations.push(...(await reversalsAgainstProvider(ctx, settled, budget)));
  }
  return {
    violations,
    checkedTransactions,
    coverage,
    providerCursor,
    orphanCursor,
    providerRead,
    durationMs: Date.now() - started,
  };
}

/**
 * 6. and 7.: months left waiting under a mandate that is not valid, and monthly tips debited more than
 * once on one day. A debit's day is its month's `last_attempt_at` (the charge run's clock) for the
 * month's current attempt, counted when that attempt has its debit row (`charge-…`, not a mandate's
 * first payment, not a month a run held back).
 */
async function monthlyTipLines(db: AppContext['db']): Promise<MoneyViolation[]> {
  const found: MoneyViolation[] = [];
  for (const r of await rowsOf<{ id: string; recurring_tip_id: string; period: string; mandate_status: string }>(
    db,
    sql`select c.id, c.recurring_tip_id, c.period, r.mandate_status
        from recurring_tip_charges c join recurring_tips r on r.id = c.recurring_tip_id
        where c.status = 'scheduled' and r.mandate_status in ('invalid', 'revoked')
          and (c.claimed_until is null or c.claimed_until < now())
        order by c.recurring_tip_id, c.period`,
  )) {
    found.push({
      invariant: 'months-not-stuck',
      subject: `recurring_tip_charges ${r.id} (recurring_tips ${r.recurring_tip_id}, ${r.period})`,
      detail: `scheduled under ${r.mandate_status === 'invalid' ? 'an invalid' : 'a revoked'} mandate: nothing will send it`,
    });
  }
  for (const r of await rowsOf<{ recurring_tip_id: string; day: string; n: number; periods: string }>(
    db,
    sql`select c.recurring_tip_id, to_char(c.last_attempt_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               count(*)::int as n, string_agg(c.period, ', ' order by c.period) as periods
        from recurring_tip_charges c
        where c.last_attempt_at is not null
          and exists (select 1 from opp_transactions o
                      where o.kind = 'recurring_charge' and o.owner_id = c.id and o.attempt = c.attempt
                        and o.idempotency_key like 'charge-%')
        group by 1, 2 having count(*) > 1
        order by 1, 2`,
  )) {
    found.push({
      invariant: 'one-debit-per-run',
      subject: `recurring_tips ${r.recurring_tip_id}`,
      detail: `${r.n} debits on ${r.day} (${r.periods})`,
    });
  }
  return found;
}

/** The scheduled job: one run, stored (the metric), logged at error level when anything is wrong. */
export async function runMoneyCheck(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: MoneyCheckOptions = {},
): Promise<MoneyCheckResult> {
  // Go on where the last run that asked the provider stopped.
  const [previous] = await ctx.db
    .select({ providerCursor: moneyCheckRuns.providerCursor, orphanCursor: moneyCheckRuns.orphanCursor })
    .from(moneyCheckRuns)
    .where(isNotNull(moneyCheckRuns.coverage))
    .orderBy(desc(moneyCheckRuns.created))
    .limit(1);
  const result = await checkMoney(ctx, ledger, {
    settledMinutes: 10,
    providerCursor: previous?.providerCursor ?? null,
    orphanCursor: previous?.orphanCursor ?? null,
    ...options,
  });
  await ctx.db.insert(moneyCheckRuns).values({
    violations: result.violations.length,
    details: result.violations.slice(0, 500),
    durationMs: result.durationMs,
    providerCursor: result.providerCursor,
    orphanCursor: result.orphanCursor,
    coverage: result.coverage,
  });
  if (result.coverage) {
    ctx.log.info(
      { coverage: result.coverage, providerRead: result.providerRead, orphanCursor: result.orphanCursor },
      `money check: ${coverageLine(result.coverage)}; ${result.providerRead} provider transactions read for strangers`,
    );
  }
  if (result.violations.length > 0) {
    ctx.log.error(
      { violations: result.violations.slice(0, 50) },
      `money check: ${result.violations.length} violations`,
    );
  }
  return result;
}

/** "5000 of 60004 transactions compared with the provider; all compared within 13 runs". */
export function coverageLine(coverage: MoneyCheckCoverage): string {
  return `${coverage.compared} of ${coverage.of} transactions compared with the provider; all compared within ${coverage.runs} run${coverage.runs === 1 ? '' : 's'}`;
}
