import type { Invoice } from '@podpot/domain';
import type * as repo from './invoices.repository.js';

export type InvoiceDbRow = NonNullable<repo.InvoiceRow>;

/** An invoice row as the API answers it. */
export function toInvoice(row: InvoiceDbRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    tipjarId: row.tipjarId,
    tipjarName: row.tipjarName,
    period: row.period,
    status: row.status,
    lines: row.lines,
    totalExVat: row.totalExVat,
    vat: row.vat,
    totalInclVat: row.totalInclVat,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}
