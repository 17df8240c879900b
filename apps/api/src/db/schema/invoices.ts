import type { InvoiceLineText } from '@podpot/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { addons, tipjars } from './tipjars.js';

export interface InvoiceLineJson {
  description: string;
  /** A platform-written line as data, worded in each reader's language (domain InvoiceLineText). */
  text?: InvoiceLineText;
  quantity: number;
  unitPriceExVat: number;
  totalExVat: number;
}

/**
 * Invoices from the platform to a tip jar's maker (docs/decisions/007-invoices.md). Amounts in cents,
 * totals stored as computed when the lines were written, so a later rule change never rewrites them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** `<year>-<seq padded to 4>`, e.g. 2026-0001. */
    number: text().notNull(),
    year: integer().notNull(),
    seq: integer().notNull(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM' for the platform-fee invoice of that month; null for other invoices. */
    period: text(),
    /** The paid add-on ({product} order) this invoice is for, made when its payment completed (decision 080). */
    addonId: uuid().references(() => addons.id, { onDelete: 'restrict' }),
    status: text({ enum: ['draft', 'sent', 'paid', 'void'] })
      .notNull()
      .default('draft'),
    lines: jsonb().$type<InvoiceLineJson[]>().notNull(),
    totalExVat: integer().notNull(),
    vat: integer().notNull(),
    totalInclVat: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true, mode: 'date' }),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_seq_key').on(t.year, t.seq),
    // One platform-fee invoice per tip jar and month (NULL periods do not collide); a voided one no
    // longer holds its month, so the month can be invoiced again (decision 068).
    uniqueIndex('invoices_tipjar_period_key').on(t.tipjarId, t.period).where(sql`status <> 'void'`),
    // One invoice per paid order, whatever the provider repeats (decision 080).
    uniqueIndex('invoices_addon_key').on(t.addonId),
    index('invoices_tipjar_created_idx').on(t.tipjarId, t.created),
    index('invoices_updated_idx').on(t.updated, t.id),
    index('invoices_drafts_idx').on(t.created).where(sql`status = 'draft'`),
  ],
);

/** The last invoice number handed out per year; its row lock serialises numbering (gap-free). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  last: integer().notNull().default(0),
});
