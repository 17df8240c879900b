import { z } from 'zod';
import { singleLineText } from './fields.js';

/**
 * Invoices: Podpot invoices a maker for its platform fee on a month's tips (docs/domain-rules.md §8,
 * docs/decisions/007-invoices.md). All amounts are integer cents.
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Columns an invoice list may be sorted by. */
export const INVOICE_SORTABLE = ['number', 'period', 'status', 'totalInclVat', 'created', 'updated'] as const;

/** Allowed moves: draft → sent (by sending it), sent → paid, draft or sent → void. */
const INVOICE_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent', 'void'],
  sent: ['paid', 'void'],
  paid: [],
  void: [],
};

export function canTransitionInvoice(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return INVOICE_TRANSITIONS[from].includes(to);
}

/** Lines (and so totals) may only change while the invoice is a draft. */
export function isInvoiceEditable(status: InvoiceStatus): boolean {
  return status === 'draft';
}

/** Whether a month 'YYYY-MM' is over (UTC, as invoice periods are): its invoices may be made in one batch. */
export function isFinishedPeriod(period: string, now: Date = new Date()): boolean {
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return period < current;
}

/** A calendar month, 'YYYY-MM'. */
export const PeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'format' });

export const InvoiceLineInputSchema = z.object({
  description: singleLineText(200).min(1),
  quantity: z.number().int().min(1).max(1_000_000),
  /** Cents excluding VAT; negative for a credit line. */
  unitPriceExVat: z.number().int().min(-100_000_000).max(100_000_000),
});
export type InvoiceLineInput = z.infer<typeof InvoiceLineInputSchema>;

/**
 * What a line the platform writes itself says, as data: each reader (the web page, the PDF in the
 * recipient's language) words it in their own language. `description` keeps the English wording.
 */
export const InvoiceLineTextSchema = z.discriminatedUnion('key', [
  /** The platform fee on `tips` tips paid in `period` ('YYYY-MM'). */
  z.object({ key: z.literal('platformFee'), tips: z.number().int(), period: z.string() }),
  /** Fee given back on `count` refunds and chargebacks (decision 015). */
  z.object({ key: z.literal('feeCredit'), count: z.number().int() }),
  /** A {product} (`product`, the brand's name) ordered for the tip jar `tipjar` (decision 080). */
  z.object({ key: z.literal('order'), product: z.string(), tipjar: z.string() }),
]);
export type InvoiceLineText = z.infer<typeof InvoiceLineTextSchema>;

/** A line in an answer: no input rules, so a line stored before one was added still serializes. */
export const InvoiceLineSchema = z.object({
  description: z.string(),
  text: InvoiceLineTextSchema.optional(),
  quantity: z.number().int(),
  unitPriceExVat: z.number().int(),
  totalExVat: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceSchema = z.object({
  id: z.uuid(),
  /** Sequential per year: 2026-0001. */
  number: z.string(),
  tipjarId: z.uuid(),
  tipjarName: z.string(),
  /** The month a platform-fee invoice covers; null for other invoices. */
  period: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  lines: z.array(InvoiceLineSchema),
  totalExVat: z.number().int(),
  vat: z.number().int(),
  totalInclVat: z.number().int(),
  issuedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  /** Only on a platform admin's read of one invoice: the address sending mails it to (null: none). */
  recipientEmail: z.string().nullable().optional(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/**
 * The largest amount of an invoice line and of an invoice, excluding VAT: €10 million in cents. With
 * 21 % VAT on top it still fits the database's 32-bit integer columns (at most 2,147,483,647), which
 * a line of 1,000,000 × €1,000,000 did not (issue 33). Each line's input is within its own bounds;
 * this bounds their product and their sum, either way (credit lines are negative).
 */
export const MAX_INVOICE_CENTS = 1_000_000_000;

const LinesSchema = z
  .array(InvoiceLineInputSchema)
  .min(1)
  .max(100)
  .superRefine((lines, ctx) => {
    const tooBig = { code: 'custom', message: 'tooBig', params: { max: MAX_INVOICE_CENTS } } as const;
    let total = 0;
    for (const [i, line] of lines.entries()) {
      const lineTotal = line.quantity * line.unitPriceExVat;
      if (Math.abs(lineTotal) > MAX_INVOICE_CENTS) ctx.addIssue({ ...tooBig, path: [i, 'unitPriceExVat'] });
      total += lineTotal;
    }
    if (Math.abs(total) > MAX_INVOICE_CENTS) ctx.addIssue({ ...tooBig, path: [] });
  });

/**
 * POST invoices (platform admins): an invoice with the given lines. POST tipjars/{id}/invoices takes
 * the same body without tipjarId; with a period and no lines it is that month's platform-fee invoice.
 */
export const CreateInvoiceBodySchema = z.object({
  data: z.object({
    tipjarId: z.uuid({ message: 'invalid' }),
    period: PeriodSchema.nullish(),
    lines: LinesSchema,
  }),
});
export type CreateInvoiceBody = z.infer<typeof CreateInvoiceBodySchema>;

export const CreateTipjarInvoiceBodySchema = z.object({
  data: z
    .object({ period: PeriodSchema.nullish(), lines: LinesSchema.optional() })
    .refine((d) => d.lines !== undefined || !!d.period, { message: 'required', path: ['period'] }),
});
export type CreateTipjarInvoiceBody = z.infer<typeof CreateTipjarInvoiceBodySchema>;

/** PUT invoices/{id}: new lines (drafts only) and/or a status move (paid, void; sending is POST …/send). */
export const UpdateInvoiceBodySchema = z.object({
  data: z
    .object({ lines: LinesSchema.optional(), status: z.enum(['paid', 'void']).optional() })
    .refine((d) => d.lines !== undefined || d.status !== undefined, { message: 'required', path: ['status'] }),
});
export type UpdateInvoiceBody = z.infer<typeof UpdateInvoiceBodySchema>;

export const BatchCreateInvoicesBodySchema = z.object({ data: z.object({ period: PeriodSchema }) });
export type BatchCreateInvoicesBody = z.infer<typeof BatchCreateInvoicesBodySchema>;

export const BatchResultSchema = z.object({ count: z.number().int() });
export type BatchResult = z.infer<typeof BatchResultSchema>;
