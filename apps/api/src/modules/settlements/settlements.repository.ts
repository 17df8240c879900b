import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  announcedPayouts,
  oppMerchants,
  oppTransactions,
  recurringTipCharges,
  refunds,
  tipjars,
} from '../../db/schema/index.js';

/**
 * Settlements live at the payment provider; we store none. This file holds the two reads that tie
 * the provider's settlements back to our data — which tip jars have a merchant, and which tips a
 * provider transaction paid for — and the record of which paid ones were announced (decision 098).
 */

export interface RegisteredMerchant {
  tipjarId: string;
  tipjarName: string;
  merchantUid: string;
}

/** Every tip jar with a registered (or connected) merchant, in one query (the global list). */
export async function listRegisteredMerchants(db: DbOrTx): Promise<RegisteredMerchant[]> {
  return db
    .select({ tipjarId: oppMerchants.tipjarId, tipjarName: tipjars.name, merchantUid: oppMerchants.merchantUid })
    .from(oppMerchants)
    .innerJoin(tipjars, eq(tipjars.id, oppMerchants.tipjarId))
    .orderBy(asc(tipjars.name), asc(tipjars.id));
}

/**
 * Our tip for each provider transaction uid, in one query: a one-off tip's transaction is owned by
 * the tip (kind `tip`), a monthly charge's by the charge row, which names the tip it produced; a
 * refund (ref_…) by our refund record (decision 015). Uids that are not ours (or not tips) are absent.
 */
export async function tipIdsOfTransactions(db: DbOrTx, oppUids: string[]): Promise<Map<string, string>> {
  if (oppUids.length === 0) return new Map();
  const refundRows = await db
    .select({ providerUid: refunds.providerUid, tipId: refunds.tipId })
    .from(refunds)
    .where(inArray(refunds.providerUid, oppUids));
  const rows = await db
    .select({
      oppUid: oppTransactions.oppUid,
      kind: oppTransactions.kind,
      ownerId: oppTransactions.ownerId,
      chargeTipId: recurringTipCharges.tipId,
    })
    .from(oppTransactions)
    .leftJoin(recurringTipCharges, eq(recurringTipCharges.id, oppTransactions.ownerId))
    .where(inArray(oppTransactions.oppUid, oppUids));
  const map = new Map<string, string>();
  for (const row of refundRows) if (row.providerUid) map.set(row.providerUid, row.tipId);
  for (const row of rows) {
    const tipId = row.kind === 'tip' ? row.ownerId : row.kind === 'recurring_charge' ? row.chargeTipId : null;
    if (row.oppUid && tipId) map.set(row.oppUid, tipId);
  }
  return map;
}

/** The payouts of a tip jar the `payout.paid` job has recorded already (announced or not). */
export async function recordedPayoutIds(db: DbOrTx, tipjarId: string): Promise<Set<string>> {
  const rows = await db
    .select({ payoutId: announcedPayouts.payoutId })
    .from(announcedPayouts)
    .where(eq(announcedPayouts.tipjarId, tipjarId));
  return new Set(rows.map((r) => r.payoutId));
}

/**
 * Records a paid payout once: the row's id when this call wrote it, undefined when it was there (a
 * re-run, or another process got there first; that one waits here until the other commits).
 */
export async function insertRecordedPayout(
  db: DbOrTx,
  values: typeof announcedPayouts.$inferInsert,
): Promise<string | undefined> {
  const [row] = await db
    .insert(announcedPayouts)
    .values(values)
    .onConflictDoNothing({ target: [announcedPayouts.tipjarId, announcedPayouts.payoutId] })
    .returning({ id: announcedPayouts.id });
  return row?.id;
}

export async function setPayoutEvent(db: DbOrTx, id: string, eventId: string): Promise<void> {
  await db.update(announcedPayouts).set({ eventId }).where(eq(announcedPayouts.id, id));
}
