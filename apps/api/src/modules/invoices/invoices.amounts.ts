import { type InvoiceLineInput, percentOf, splitVat, VAT_RATE_BPS } from '@podpot/domain';
import type { InvoiceLineJson } from '../../db/schema/invoices.js';
import { t } from '../../i18n/translate.js';

/* Invoice amounts: pure arithmetic, rounding only through domain money.ts. */

export interface Amounts {
  lines: InvoiceLineJson[];
  totalExVat: number;
  vat: number;
  totalInclVat: number;
}

/** Lines priced excluding VAT: VAT is 21 % of the summed total, rounded once (percentOf). */
export function amountsOfLines(input: InvoiceLineInput[]): Amounts {
  const lines = input.map((l) => ({ ...l, totalExVat: l.quantity * l.unitPriceExVat }));
  const totalExVat = lines.reduce((sum, l) => sum + l.totalExVat, 0);
  const vat = percentOf(totalExVat, VAT_RATE_BPS);
  return { lines, totalExVat, vat, totalInclVat: totalExVat + vat };
}

/**
 * The invoice of a paid {product} order (decision 080): its price includes VAT (what the buyer paid,
 * addons.cost_total_with_tax), so the total incl. VAT is that price to the cent and splitVat derives
 * ex VAT and VAT from it, as for the platform fee.
 */
export function orderAmounts(product: string, tipjarName: string, priceInclVat: number): Amounts {
  const price = splitVat(priceInclVat);
  const text = { key: 'order' as const, product, tipjar: tipjarName };
  return {
    lines: [
      {
        description: t('en', 'invoice.line.order', { product, tipjar: tipjarName }),
        text,
        quantity: 1,
        unitPriceExVat: price.net,
        totalExVat: price.net,
      },
    ],
    totalExVat: price.net,
    vat: price.vat,
    totalInclVat: priceInclVat,
  };
}

/** The UTC calendar month of a 'YYYY-MM' period: [start, end). */
export function monthOf(period: string): { start: Date; end: Date } {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) };
}

/** Fee given back on refunds and chargebacks, taken into an invoice (decision 015). */
export interface FeeCredits {
  count: number;
  /** Cents incl. VAT, positive. */
  fee: number;
}

/**
 * The platform-fee invoice of a month. The fees the maker paid already include VAT (docs/domain-rules.md §8,
 * decision 007), so the summed fee is the total incl. VAT and splitVat derives ex and VAT from it:
 * the invoice total equals the fees taken to the cent. Fee given back on refunds and chargebacks
 * since the previous invoice is a negative line, split the same way (decision 015).
 */
export function platformFeeAmounts(
  period: string,
  tipCount: number,
  feeCents: number,
  credits: FeeCredits = { count: 0, fee: 0 },
): Amounts {
  const fee = splitVat(feeCents);
  const lines: InvoiceLineJson[] = [
    {
      // Stored as written in English, count and period plain; the PDF words `text` in the recipient's language.
      description: t('en', tipCount === 1 ? 'invoice.line.feeOne' : 'invoice.line.feeMany', {
        count: tipCount,
        period,
      }),
      text: { key: 'platformFee', tips: tipCount, period },
      quantity: 1,
      unitPriceExVat: fee.net,
      totalExVat: fee.net,
    },
  ];
  if (credits.count === 0) return { lines, totalExVat: fee.net, vat: fee.vat, totalInclVat: feeCents };
  const credit = splitVat(credits.fee);
  lines.push({
    description: t('en', credits.count === 1 ? 'invoice.line.creditOne' : 'invoice.line.creditMany', {
      count: credits.count,
    }),
    text: { key: 'feeCredit', count: credits.count },
    quantity: 1,
    unitPriceExVat: -credit.net,
    totalExVat: -credit.net,
  });
  return {
    lines,
    totalExVat: fee.net - credit.net,
    vat: fee.vat - credit.vat,
    totalInclVat: feeCents - credits.fee,
  };
}
