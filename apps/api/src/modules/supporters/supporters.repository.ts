import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recurringTips, tipDailyTotals, tips } from '../../db/schema/index.js';
import { publicReadsChanged } from '../../lib/public-cache.js';

/**
 * What the storefront shows of a tip jar's supporters and goal (decision 032), read from tips, their
 * daily totals and monthly tips. The SQL itself leaves out what a tip's privacy hides: a hidden name,
 * amount or message is never read, so no mapping mistake can put it in an answer.
 */

/**
 * The `limit` tips paid last (newest first) that stand in full: completed and nothing returned
 * (refunded, charged back, or partly refunded tips leave the wall). Name only unless anonymous, amount
 * only with NAME_AND_AMOUNT, message only when the maker chose to show it.
 */
export async function recentSupporterTips(db: DbOrTx, tipjarId: string, limit: number) {
  return db
    .select({
      name: sql<string | null>`case when ${tips.privacy} <> 'ANONYMOUS' then ${tips.displayName} end`,
      amount: sql<number | null>`case when ${tips.privacy} = 'NAME_AND_AMOUNT' then ${tips.amount} end`,
      message: sql<string | null>`case when ${tips.messageShown} and ${tips.message} <> '' then ${tips.message} end`,
      monthly: sql<boolean>`${tips.recurringTipId} is not null`,
      completedAt: tips.completedAt,
      // The monthly tip's amount now (its level, issue 40), read only where the name may be shown.
      levelAmount: sql<
        number | null
      >`case when ${tips.privacy} <> 'ANONYMOUS' then coalesce(${recurringTips.nextAmount}, ${recurringTips.amount}) end`,
      interval: recurringTips.interval,
    })
    .from(tips)
    .leftJoin(recurringTips, eq(recurringTips.id, tips.recurringTipId))
    .where(
      and(
        eq(tips.tipjarId, tipjarId),
        eq(tips.status, 'completed'),
        eq(tips.refundedAmount, 0),
        sql`${tips.completedAt} is not null`,
      ),
    )
    .orderBy(desc(tips.completedAt), desc(tips.id))
    .limit(limit);
}

/**
 * Cents paid to the tip jar on the Amsterdam days [from, until): one-off tips and months of monthly
 * tips, minus what was refunded or charged back of them (their daily totals, kept by triggers).
 */
export async function paidBetween(db: DbOrTx, tipjarId: string, from: string, until: string): Promise<number> {
  const d = tipDailyTotals;
  const [row] = await db
    .select({ net: sql<string>`coalesce(sum(${d.amount} - ${d.refundedAmount}), 0)::bigint` })
    .from(d)
    .where(and(eq(d.tipjarId, tipjarId), gte(d.day, from), lt(d.day, until)));
  return Number(row?.net ?? 0);
}

/** Tippers with an active monthly tip on a valid mandate (one per person, however many tips they keep). */
export async function activeMonthlyTippers(db: DbOrTx, tipjarId: string): Promise<number> {
  const r = recurringTips;
  const [row] = await db
    .select({ count: sql<string>`count(distinct ${r.userId})` })
    .from(r)
    .where(and(eq(r.tipjarId, tipjarId), eq(r.status, 'active'), eq(r.mandateStatus, 'valid')));
  return Number(row?.count ?? 0);
}

/** Shows or hides a tip's message on the wall; undefined when the tip is not this tip jar's. */
export async function setMessageShown(db: DbOrTx, tipjarId: string, tipId: string, shown: boolean) {
  const [row] = await db
    .update(tips)
    // Not a change of the tip itself: it keeps its place in the lists, which sort by `updated`.
    .set({ messageShown: shown, updated: sql`${tips.updated}` })
    .where(and(eq(tips.id, tipId), eq(tips.tipjarId, tipjarId)))
    .returning();
  // The storefront's cached answer carries the wall: the maker sees the change at once. Said here:
  // the database's write hook drops public answers on no write of tips (lib/public-cache.ts).
  publicReadsChanged();
  return row;
}
