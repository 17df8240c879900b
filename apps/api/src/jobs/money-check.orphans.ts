import { paymentOutcome } from '@podpot/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { rowsOf } from '../db/client.js';
import type { PaymentLedger } from '../payments/ledger.js';
import type { OppTransaction } from '../payments/opp-types.js';
import type { MoneyViolation } from './money-violation.js';

/**
 * The provider half of `one-owner`: transactions at the provider that nobody at our side knows (a second
 * create that slipped through). The provider is read by date window (docs/money-check.md, coverage):
 *
 *  - the recent window, every run: what was created in the last `RECENT_SECONDS`, so a new stranger is
 *    reported within a run;
 *  - the lap, over successive runs: oldest first from where the last run stopped (`cursor`, a Unix
 *    second), so every transaction the provider has is read within a lap; a run that reaches the newest
 *    ends the lap and the next starts with the oldest again.
 *
 * Both read OPP's `filter[created]` oldest first. A provider that answers without honouring it (a row
 * older than asked, or newest first) is logged, and that run reads only what it was given: the first
 * pages of the list in the provider's own order — the newest, for a provider that ignores both (the
 * simulator's `references: dropped`), or the oldest, for one that keeps the order but not the filter.
 */
export const RECENT_SECONDS = 2 * 24 * 3600;

export interface OrphanScan {
  violations: MoneyViolation[];
  /** Where the next run's lap goes on (a Unix second); null: with the oldest again. */
  cursor: number | null;
  /** Provider transactions read this run (both windows, each once). */
  read: number;
  /** False when the provider ignored the created filter or its order. */
  honoured: boolean;
}

interface WindowRead {
  transactions: OppTransaction[];
  /** The provider said there is nothing more after the last page read. */
  complete: boolean;
  /** No transaction older than asked for came back. */
  filtered: boolean;
  /** The order the transactions came in: oldest first as asked, newest first, or none. */
  order: 'oldest-first' | 'newest-first' | 'none';
  honoured: boolean;
}

/** What the transactions a provider answered first are, by the order it answered in. */
const FIRST_ANSWERED: Record<WindowRead['order'], string> = {
  'oldest-first': 'its oldest',
  'newest-first': 'its newest',
  none: 'in no order',
};

export async function providerOrphans(
  ctx: AppContext,
  ledger: PaymentLedger,
  options: { cursor: number | null; pages: number; pageSize?: number; now?: number },
): Promise<OrphanScan> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const recentPages = Math.max(1, Math.floor(options.pages / 2));
  const perpage = options.pageSize ?? 100;
  const recent = await readWindow(ctx, now - RECENT_SECONDS, recentPages, perpage);
  const from = options.cursor ?? 0;
  const lapPages = Math.max(1, options.pages - recentPages);
  const lap = recent.honoured ? await readWindow(ctx, from, lapPages, perpage) : recent;
  const honoured = recent.honoured && lap.honoured;

  let cursor: number | null = null;
  const last = lap.transactions.at(-1);
  if (honoured && !lap.complete && last) {
    // Go on at the last second read (`gte`: its other transactions are read again, never skipped); a
    // budget spent within one second moves on by a second rather than standing still.
    cursor = last.created > from ? last.created : from + 1;
  }

  const known = new Set(
    (
      await rowsOf<{ opp_uid: string }>(ctx.db, sql`select opp_uid from opp_transactions where opp_uid is not null`)
    ).map((r) => r.opp_uid),
  );
  const read = new Map<string, OppTransaction>();
  for (const transaction of [...recent.transactions, ...lap.transactions]) read.set(transaction.uid, transaction);
  if (!honoured) {
    const { filtered, order } = recent.honoured ? lap : recent;
    ctx.log.warn(
      { filtered, order, read: read.size },
      `money check: the provider ignored the created filter or the order of its transaction list; orphans were read from the ${read.size} transactions it answered first (${FIRST_ANSWERED[order]}) only`,
    );
  }
  const violations: MoneyViolation[] = [];
  for (const transaction of read.values()) {
    // A completed-and-paid stranger is money we hold without a record; an open one is a checkout nobody tracks.
    // A mandate's first payment whose uid we have not learnt yet is tracked: its attempt claims it.
    if (
      !known.has(transaction.uid) &&
      paymentOutcome(transaction.status) !== null &&
      !(await isClaimedByAdopter(ledger, transaction))
    ) {
      violations.push({
        invariant: 'one-owner',
        subject: `provider transaction ${transaction.uid}`,
        detail: `${transaction.status} ${transaction.amount} cents at the provider, unknown to us`,
      });
    }
  }
  return { violations, cursor, read: read.size, honoured };
}

/** Up to `pages` pages of the transactions created at or after `from`, oldest first; stops on a repeated page. */
async function readWindow(ctx: AppContext, from: number, pages: number, perpage: number): Promise<WindowRead> {
  const transactions: OppTransaction[] = [];
  let filtered = true;
  let fell = false;
  let rose = false;
  let complete = false;
  for (let page = 1; page <= pages; page++) {
    let list: Awaited<ReturnType<typeof ctx.opp.listTransactions>>;
    try {
      list = await ctx.opp.listTransactions({ page, perpage, createdFrom: from });
    } catch {
      break;
    }
    for (const transaction of list.data) {
      const previous = transactions.at(-1);
      if (transaction.created < from) filtered = false;
      if (previous && transaction.created < previous.created) fell = true;
      if (previous && transaction.created > previous.created) rose = true;
      transactions.push(transaction);
    }
    if (!list.hasMore || list.data.length === 0) {
      complete = true;
      break;
    }
  }
  const order = !fell ? 'oldest-first' : rose ? 'none' : 'newest-first';
  return { transactions, complete, filtered, order, honoured: filtered && !fell };
}

/** True when one of our rows still learning its provider uid claims `transaction` (read-only). */
async function isClaimedByAdopter(ledger: PaymentLedger, transaction: OppTransaction): Promise<boolean> {
  for (const adopter of ledger.adopters) {
    if (await adopter.adopt(transaction)) return true;
  }
  return false;
}
