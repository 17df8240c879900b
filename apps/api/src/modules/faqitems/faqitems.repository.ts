import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { faqItems } from '../../db/schema/index.js';
import { orderOf, type ParsedListQuery, windowOf } from '../../lib/list-query.js';

export type FaqItemRow = typeof faqItems.$inferSelect;
export const FAQ_SORTABLE = ['priority', 'created', 'updated', 'active'] as const;

export async function listFaqItems(
  db: DbOrTx,
  query: ParsedListQuery<(typeof FAQ_SORTABLE)[number]>,
  onlyActive: boolean,
) {
  const where = onlyActive ? eq(faqItems.active, true) : undefined;
  const { offset, limit } = windowOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(faqItems)
      .where(where)
      .orderBy(...orderOf(query, faqItems, [desc(faqItems.priority), desc(faqItems.created)], faqItems.id))
      .offset(offset)
      .limit(limit),
    db.select({ count: count() }).from(faqItems).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function findFaqItem(db: DbOrTx, id: string) {
  const [row] = await db.select().from(faqItems).where(eq(faqItems.id, id));
  return row;
}

export async function insertFaqItem(db: DbOrTx, values: typeof faqItems.$inferInsert) {
  const [row] = await db.insert(faqItems).values(values).returning();
  return row!;
}

export async function updateFaqItem(db: DbOrTx, id: string, values: Partial<typeof faqItems.$inferInsert>) {
  // Nothing to change (e.g. only unknown fields were sent): answer the row as it is.
  if (Object.values(values).every((v) => v === undefined)) return findFaqItem(db, id);
  const [row] = await db.update(faqItems).set(values).where(eq(faqItems.id, id)).returning();
  return row;
}

export async function deleteFaqItem(db: DbOrTx, id: string) {
  const rows = await db.delete(faqItems).where(eq(faqItems.id, id)).returning({ id: faqItems.id });
  return rows.length > 0;
}
