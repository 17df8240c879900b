import type { Locale } from '@podpot/domain';
import type { Config } from '../../config/env.js';
import type { AppContext } from '../../context.js';
import { t } from '../../i18n/translate.js';
import { type CsvColumn, type CsvSeparatorName, csvHeaders, toCsv } from '../../lib/csv.js';
import * as refundsQueries from '../refunds/refunds.queries.js';
import type { InvoiceSeller } from './invoice-pdf.js';
import { monthOf } from './invoices.amounts.js';
import * as repo from './invoices.repository.js';
import { type InvoiceDbRow as Row, toInvoice } from './invoices.views.js';

/* The files of an invoice: its PDF and the settlement specification of a platform-fee invoice. */

export interface InvoiceFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

/** The seller on every invoice: the platform's company, from the configuration. */
function sellerOf(config: Config): InvoiceSeller {
  return {
    name: config.SELLER_NAME,
    address: config.SELLER_ADDRESS.split(';')
      .map((line) => line.trim())
      .filter(Boolean),
    coc: config.SELLER_COC,
    vatNumber: config.SELLER_VAT_NUMBER,
    iban: config.SELLER_IBAN,
    paymentTermDays: config.SELLER_PAYMENT_TERM_DAYS,
  };
}

/** The PDF in the language of the tip jar's first admin (as the invoice mail), addressed to the tip jar. */
export async function pdfOf(ctx: AppContext, row: Row, known?: repo.Recipient): Promise<InvoiceFile> {
  const recipient = known ?? (await repo.findRecipient(ctx.db, row.tipjarId));
  return {
    filename: `invoice-${row.number}.pdf`,
    contentType: 'application/pdf',
    // pdfkit (with its fonts) loads with the first invoice a process draws (decision 040).
    body: await (await import('./invoice-pdf.js')).invoicePdf({
      locale: recipient?.locale ?? 'en',
      invoice: toInvoice(row),
      seller: sellerOf(ctx.config),
      recipient: {
        name: recipient?.name ?? row.tipjarName,
        email: recipient?.email ?? '',
        companyName: recipient?.companyName,
        address: recipient?.address,
        cocNumber: recipient?.cocNumber,
        vatNumber: recipient?.vatNumber,
      },
    }),
  };
}

interface SpecificationRow {
  date: Date | null;
  tipId: string;
  amount: number;
  fee: number;
}
const SPECIFICATION_KEYS = ['date', 'tipId', 'amount', 'fee'] as const;

/** In a file for a program: keys, UTC; for a Dutch spreadsheet: words, Amsterdam time (decision 084). */
function specificationColumns(separator: CsvSeparatorName, locale: Locale): CsvColumn<SpecificationRow>[] {
  const h = csvHeaders(SPECIFICATION_KEYS, separator, (key) => t(locale, `csv.specification.${key}`));
  return [
    { header: h.date, time: (r) => r.date },
    { header: h.tipId, text: (r) => r.tipId },
    { header: h.amount, cents: (r) => r.amount },
    { header: h.fee, cents: (r) => r.fee },
  ];
}

/**
 * The settlement specification of a platform-fee invoice as CSV: the month's paid tips, then each
 * refund or chargeback the invoice credits (negative amount and fee, dated when it was made).
 */
async function settlementsCsvOf(
  ctx: AppContext,
  row: Row,
  separator: CsvSeparatorName = 'comma',
  locale: Locale = 'en',
): Promise<InvoiceFile> {
  const month = row.period ? monthOf(row.period) : null;
  const paid = month ? await repo.completedTipsOf(ctx.db, row.tipjarId, month.start, month.end) : [];
  const credited = month ? await refundsQueries.listInvoiceCredits(ctx.db, row.id) : [];
  const tips: SpecificationRow[] = [
    ...paid.map((tip) => ({ date: tip.completedAt, tipId: tip.id, amount: tip.amount, fee: tip.fee })),
    ...credited.map((r) => ({ date: r.created, tipId: r.tipId, amount: -r.amount, fee: -r.feeCredit })),
  ];
  return {
    filename: `invoice-${row.number}-settlements.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: toCsv(specificationColumns(separator, locale), tips, separator),
  };
}

export type InvoiceDownload = { what: 'pdf' } | { what: 'settlements'; separator?: CsvSeparatorName; locale?: Locale };

export function fileOf(ctx: AppContext, row: Row, download: InvoiceDownload) {
  return download.what === 'pdf' ? pdfOf(ctx, row) : settlementsCsvOf(ctx, row, download.separator, download.locale);
}
