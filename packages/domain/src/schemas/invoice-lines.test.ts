import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../errors.js';
import { INT32_MAX, percentOf, VAT_RATE_BPS } from '../money.js';
import { CreateInvoiceBodySchema, MAX_INVOICE_CENTS } from './invoice.js';

const tipjarId = '00000000-0000-4000-8000-000000000000';
const fieldsOf = (lines: { quantity: number; unitPriceExVat: number }[]) => {
  const parsed = CreateInvoiceBodySchema.safeParse({
    data: { tipjarId, lines: lines.map((l) => ({ description: 'Line', ...l })) },
  });
  return parsed.success ? {} : issuesToFields(parsed.error.issues);
};

describe('invoice lines', () => {
  it('bound an invoice so that its total with VAT fits a 32-bit integer column', () => {
    expect(MAX_INVOICE_CENTS + percentOf(MAX_INVOICE_CENTS, VAT_RATE_BPS)).toBeLessThanOrEqual(INT32_MAX);
  });

  it("refuse a line whose total passes the largest amount, naming the line's price", () => {
    expect(fieldsOf([{ quantity: 1_000_000, unitPriceExVat: 100_000_000 }])).toMatchObject({
      'data.lines.0.unitPriceExVat': { key: 'tooBig', params: { max: MAX_INVOICE_CENTS } },
    });
    expect(fieldsOf([{ quantity: 11, unitPriceExVat: -100_000_000 }])).toHaveProperty(['data.lines.0.unitPriceExVat']);
  });

  it('refuse lines whose sum passes it, and keep the largest amount itself', () => {
    const line = { quantity: 1, unitPriceExVat: 100_000_000 };
    expect(fieldsOf(Array.from({ length: 11 }, () => line))).toEqual({
      'data.lines': { key: 'tooBig', params: { max: MAX_INVOICE_CENTS } },
    });
    expect(fieldsOf(Array.from({ length: 10 }, () => line))).toEqual({});
    // A credit line brings the sum back within bounds.
    expect(
      fieldsOf([...Array.from({ length: 11 }, () => line), { quantity: 1, unitPriceExVat: -100_000_000 }]),
    ).toEqual({});
  });
});
