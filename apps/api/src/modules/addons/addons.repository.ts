import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { addons } from '../../db/schema/index.js';
import { type ParsedListQuery, windowOf } from '../../lib/list-query.js';

/** The only code touching the addons table. */
export type AddonRow = typeof addons.$inferSelect;

export async function insertAddon(db: DbOrTx, values: typeof addons.$inferInsert) {
  const [row] = await db.insert(addons).values(values).returning();
  return row!;
}

export async function findAddon(db: DbOrTx, id: string, tipjarId?: string) {
  const [row] = await db
    .select()
    .from(addons)
    .where(and(eq(addons.id, id), tipjarId ? eq(addons.tipjarId, tipjarId) : undefined));
  return row;
}

/** Add-ons of a tip jar, newest first (docs/product.md §9). */
export async function listAddons(db: DbOrTx, tipjarId: string, query: ParsedListQuery) {
  const { offset, limit } = windowOf(query);
  const where = eq(addons.tipjarId, tipjarId);
  const [rows, [total]] = await Promise.all([
    db.select().from(addons).where(where).orderBy(desc(addons.created), desc(addons.id)).offset(offset).limit(limit),
    db.select({ count: count() }).from(addons).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function listAddonsOfTipjars(db: DbOrTx, tipjarIds: string[]) {
  if (tipjarIds.length === 0) return [];
  return db
    .select()
    .from(addons)
    .where(inArray(addons.tipjarId, tipjarIds))
    .orderBy(desc(addons.created), desc(addons.id));
}
