import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentIssuers, paymentMethods } from '../../db/schema/index.js';
import { orderOf, type ParsedListQuery, windowOf } from '../../lib/list-query.js';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export const PAYMENT_METHOD_SORTABLE = ['name', 'type', 'priority', 'active', 'created'] as const;

export async function listPaymentMethods(
  db: DbOrTx,
  query: ParsedListQuery<(typeof PAYMENT_METHOD_SORTABLE)[number]>,
  onlyActive: boolean,
) {
  const where = onlyActive ? eq(paymentMethods.active, true) : undefined;
  const { offset, limit } = windowOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentMethods)
      .where(where)
      .orderBy(
        ...orderOf(query, paymentMethods, [desc(paymentMethods.priority), asc(paymentMethods.name)], paymentMethods.id),
      )
      .offset(offset)
      .limit(limit),
    db.select({ count: count() }).from(paymentMethods).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** Issuers of several methods in one query. */
export async function listIssuers(db: DbOrTx, methodIds: string[]) {
  const byMethod = new Map<string, { bic: string; name: string }[]>();
  if (methodIds.length === 0) return byMethod;
  const rows = await db
    .select()
    .from(paymentIssuers)
    .where(inArray(paymentIssuers.paymentMethodId, methodIds))
    .orderBy(asc(paymentIssuers.name));
  for (const { paymentMethodId, bic, name } of rows) {
    const list = byMethod.get(paymentMethodId) ?? [];
    list.push({ bic, name });
    byMethod.set(paymentMethodId, list);
  }
  return byMethod;
}

export async function findPaymentMethod(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findActivePaymentMethod(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: paymentMethods.id, type: paymentMethods.type })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.active, true)));
  return row;
}

export async function insertPaymentMethod(db: DbOrTx, values: typeof paymentMethods.$inferInsert) {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row!;
}

export async function updatePaymentMethod(db: DbOrTx, id: string, values: Partial<typeof paymentMethods.$inferInsert>) {
  // Nothing to change (e.g. only unknown fields were sent): answer the row as it is.
  if (Object.values(values).every((v) => v === undefined)) return findPaymentMethod(db, id);
  const [row] = await db.update(paymentMethods).set(values).where(eq(paymentMethods.id, id)).returning();
  return row;
}

/** Deletes a payment method; the row it was, or undefined when there was none. */
export async function deletePaymentMethod(db: DbOrTx, id: string) {
  const [row] = await db.delete(paymentMethods).where(eq(paymentMethods.id, id)).returning();
  return row;
}

/** Replaces a method's issuers (call inside a transaction). */
export async function replaceIssuers(db: DbOrTx, methodId: string, issuers: { bic: string; name: string }[]) {
  await db.delete(paymentIssuers).where(eq(paymentIssuers.paymentMethodId, methodId));
  if (issuers.length) {
    await db
      .insert(paymentIssuers)
      .values(issuers.map((i) => ({ paymentMethodId: methodId, bic: i.bic, name: i.name })));
  }
}
