import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { oppMerchants } from '../../db/schema/merchants.js';
import { prepared } from '../../lib/prepared.js';

export type MerchantRow = typeof oppMerchants.$inferSelect;
export type NewMerchantRow = typeof oppMerchants.$inferInsert;

export async function findMerchantOfTipjar(db: DbOrTx, tipjarId: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(oppMerchants).where(eq(oppMerchants.tipjarId, tipjarId));
  return row;
}

const ofTipjarStatement = prepared((db) =>
  db
    .select()
    .from(oppMerchants)
    .where(eq(oppMerchants.tipjarId, sql.placeholder('tipjarId')))
    .prepare('merchant_of_tipjar'),
);

/** findMerchantOfTipjar outside a transaction, as a statement built once: the storefront's lookup. */
export async function readMerchantOfTipjar(db: Db, tipjarId: string): Promise<MerchantRow | undefined> {
  const [row] = await ofTipjarStatement(db).execute({ tipjarId });
  return row;
}

export async function findMerchantByUid(db: DbOrTx, merchantUid: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(oppMerchants).where(eq(oppMerchants.merchantUid, merchantUid));
  return row;
}

/** The merchants of several tip jars in one query (tip jar lists). */
export async function merchantsOfTipjars(db: DbOrTx, tipjarIds: string[]): Promise<Map<string, MerchantRow>> {
  if (tipjarIds.length === 0) return new Map();
  const rows = await db.select().from(oppMerchants).where(inArray(oppMerchants.tipjarId, tipjarIds));
  return new Map(rows.map((r) => [r.tipjarId, r]));
}

/** Inserts the link; on a concurrent insert for the same tip jar, keeps the first one. */
export async function insertMerchant(db: DbOrTx, values: NewMerchantRow): Promise<MerchantRow | undefined> {
  const [row] = await db.insert(oppMerchants).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMerchant(db: DbOrTx, id: string, values: Partial<NewMerchantRow>) {
  const [row] = await db.update(oppMerchants).set(values).where(eq(oppMerchants.id, id)).returning();
  return row;
}

/** Unlinks the tip jar's merchant; the row it was, or undefined when there was none. */
export async function deleteMerchantOfTipjar(db: DbOrTx, tipjarId: string): Promise<MerchantRow | undefined> {
  const [row] = await db.delete(oppMerchants).where(eq(oppMerchants.tipjarId, tipjarId)).returning();
  return row;
}
