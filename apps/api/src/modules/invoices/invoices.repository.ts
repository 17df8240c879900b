import type { InvoiceStatus } from '@podpot/domain';
import { and, asc, count, desc, eq, exists, gte, ilike, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { invoiceCounters, invoices, oppMerchants, tipjarAdmins, tipjars, tips, users } from '../../db/schema/index.js';
import { likePattern, orderOf, type ParsedListQuery, windowOf } from '../../lib/list-query.js';

/** The only code touching invoices and invoice_counters (plus reads of tips for the month's fees). */
export const INVOICE_SORTABLE_COLUMNS = {
  number: invoices.number,
  period: invoices.period,
  status: invoices.status,
  totalInclVat: invoices.totalInclVat,
  created: invoices.created,
  updated: invoices.updated,
};
export type InvoiceSortBy = keyof typeof INVOICE_SORTABLE_COLUMNS;

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  year: invoices.year,
  seq: invoices.seq,
  tipjarId: invoices.tipjarId,
  tipjarName: tipjars.name,
  period: invoices.period,
  status: invoices.status,
  lines: invoices.lines,
  totalExVat: invoices.totalExVat,
  vat: invoices.vat,
  totalInclVat: invoices.totalInclVat,
  issuedAt: invoices.issuedAt,
  sentAt: invoices.sentAt,
  created: invoices.created,
  updated: invoices.updated,
};

export interface InvoiceFilter {
  tipjarId?: string;
  status?: InvoiceStatus;
  period?: string;
}

export async function listInvoices(db: DbOrTx, query: ParsedListQuery<InvoiceSortBy>, filter: InvoiceFilter) {
  const search = query.search
    ? or(ilike(invoices.number, likePattern(query.search)), ilike(tipjars.name, likePattern(query.search)))
    : undefined;
  const where = and(
    search,
    filter.tipjarId ? eq(invoices.tipjarId, filter.tipjarId) : undefined,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.period ? eq(invoices.period, filter.period) : undefined,
  );
  const { offset, limit } = windowOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(invoiceColumns)
      .from(invoices)
      .innerJoin(tipjars, eq(tipjars.id, invoices.tipjarId))
      .where(where)
      .orderBy(...orderOf(query, INVOICE_SORTABLE_COLUMNS, [desc(invoices.year), desc(invoices.seq)], invoices.id))
      .offset(offset)
      .limit(limit),
    db.select({ count: count() }).from(invoices).innerJoin(tipjars, eq(tipjars.id, invoices.tipjarId)).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export type InvoiceRow = Awaited<ReturnType<typeof findInvoice>> & {};

export async function findInvoice(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(tipjars, eq(tipjars.id, invoices.tipjarId))
    .where(eq(invoices.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: invoices }) : await query;
  return row;
}

/** The month's invoice that counts: a voided one does not (the month may be invoiced again). */
export async function findInvoiceForPeriod(db: DbOrTx, tipjarId: string, period: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tipjarId, tipjarId), eq(invoices.period, period), ne(invoices.status, 'void')));
  return row;
}

/** The invoice of a paid {product} order (decision 080), if it was made. */
export async function findInvoiceOfAddon(db: DbOrTx, addonId: string) {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.addonId, addonId));
  return row;
}

/**
 * Locks the year's counter row (made on first use) until the transaction ends: every numbering of
 * that year waits here, so checks made after it (one invoice per tip jar and month) cannot race.
 */
export async function lockCounter(db: DbOrTx, year: number): Promise<number> {
  await db.insert(invoiceCounters).values({ year, last: 0 }).onConflictDoNothing();
  const [row] = await db.select().from(invoiceCounters).where(eq(invoiceCounters.year, year)).for('update');
  return row!.last;
}

export async function setCounter(db: DbOrTx, year: number, last: number) {
  await db.update(invoiceCounters).set({ last }).where(eq(invoiceCounters.year, year));
}

export async function insertInvoice(db: DbOrTx, values: typeof invoices.$inferInsert) {
  const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
  return row!.id;
}

export async function updateInvoice(db: DbOrTx, id: string, values: Partial<typeof invoices.$inferInsert>) {
  await db.update(invoices).set(values).where(eq(invoices.id, id));
}

export async function deleteInvoice(db: DbOrTx, id: string) {
  await db.delete(invoices).where(eq(invoices.id, id));
}

export async function listDraftIds(db: DbOrTx) {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.status, 'draft'))
    .orderBy(asc(invoices.year), asc(invoices.seq));
  return rows.map((r) => r.id);
}

/* ---------- reads of shared tables ---------- */

/**
 * Tips paid in a month [start, end) — completed, also when refunded or charged back later (their fee
 * is credited by the invoice after the refund, decision 015): count and summed platform fee, per tip jar.
 */
export async function feesPerTipjar(
  db: DbOrTx,
  start: Date,
  end: Date,
  tipjarId?: string,
  options: { withMerchantOnly?: boolean } = {},
) {
  return db
    .select({
      tipjarId: tips.tipjarId,
      tips: count(),
      fee: sql<number>`coalesce(sum(${tips.fee}), 0)`.mapWith(Number),
    })
    .from(tips)
    .where(
      and(
        gte(tips.completedAt, start),
        lt(tips.completedAt, end),
        tipjarId ? eq(tips.tipjarId, tipjarId) : undefined,
        // Tip jars with a merchant at the provider: those whose tips are paid out.
        options.withMerchantOnly
          ? exists(db.select({ one: sql`1` }).from(oppMerchants).where(eq(oppMerchants.tipjarId, tips.tipjarId)))
          : undefined,
      ),
    )
    .groupBy(tips.tipjarId)
    .orderBy(asc(tips.tipjarId));
}

/** The tips paid in a month (as feesPerTipjar) for the settlement specification, oldest first. */
export async function completedTipsOf(db: DbOrTx, tipjarId: string, start: Date, end: Date) {
  return db
    .select({ id: tips.id, completedAt: tips.completedAt, amount: tips.amount, fee: tips.fee })
    .from(tips)
    .where(and(eq(tips.tipjarId, tipjarId), gte(tips.completedAt, start), lt(tips.completedAt, end)))
    .orderBy(asc(tips.completedAt), asc(tips.id));
}

/**
 * Whom an invoice is for: the tip jar (its contact address, company and registration numbers) and its
 * first admin, whose language and postal address the invoice uses.
 */
export async function findRecipient(db: DbOrTx, tipjarId: string) {
  const [row] = await db
    .select({
      email: tipjars.contactEmail,
      name: tipjars.name,
      companyName: tipjars.companyName,
      cocNumber: tipjars.cocNumber,
      vatNumber: tipjars.vatNumber,
      locale: users.locale,
      address: users.address,
    })
    .from(tipjars)
    .leftJoin(tipjarAdmins, eq(tipjarAdmins.tipjarId, tipjars.id))
    .leftJoin(users, eq(users.id, tipjarAdmins.userId))
    .where(eq(tipjars.id, tipjarId))
    .orderBy(asc(tipjarAdmins.created))
    .limit(1);
  return row;
}

export type Recipient = Awaited<ReturnType<typeof findRecipient>>;
