import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { addons, invoices, oppTransactions, recurringTips, tips } from '../../db/schema/index.js';

/**
 * Whether money records hang on a tip jar or a user (docs/money-rules.md §9): read-only questions across
 * the money tables, so that deleting can choose between delete and archive. Nothing here writes.
 */

async function anyRow(query: { limit(n: number): Promise<unknown[]> }): Promise<boolean> {
  return (await query.limit(1)).length > 0;
}

/** Any provider transaction (any status, also one never answered) of the add-ons matching `which`. */
function addonTransactions(db: DbOrTx, which: SQL) {
  return db
    .select({ id: oppTransactions.id })
    .from(oppTransactions)
    .where(
      and(
        eq(oppTransactions.kind, 'addon'),
        inArray(oppTransactions.ownerId, db.select({ id: addons.id }).from(addons).where(which)),
      ),
    );
}

/**
 * A tip jar has money records when it has any tip, monthly tip or invoice (a draft too: it holds a
 * number), or any provider transaction of its order, paid or not (one still open may yet be paid).
 */
export async function tipjarHasMoneyRecords(db: DbOrTx, tipjarId: string): Promise<boolean> {
  const found = await Promise.all([
    anyRow(db.select({ id: tips.id }).from(tips).where(eq(tips.tipjarId, tipjarId))),
    anyRow(db.select({ id: recurringTips.id }).from(recurringTips).where(eq(recurringTips.tipjarId, tipjarId))),
    anyRow(db.select({ id: invoices.id }).from(invoices).where(eq(invoices.tipjarId, tipjarId))),
    anyRow(addonTransactions(db, eq(addons.tipjarId, tipjarId))),
  ]);
  return found.some(Boolean);
}

/** A user has money records when they have any monthly tip, or ordered an add-on that saw a provider transaction. */
export async function userHasMoneyRecords(db: DbOrTx, userId: string): Promise<boolean> {
  const found = await Promise.all([
    anyRow(db.select({ id: recurringTips.id }).from(recurringTips).where(eq(recurringTips.userId, userId))),
    anyRow(addonTransactions(db, eq(addons.orderedBy, userId))),
  ]);
  return found.some(Boolean);
}
