import { z } from 'zod';

/**
 * Settlement statuses as we show them. The provider says `current` (open period) and `paid`;
 * anything else it may send (e.g. pending) is shown as PENDING, `failed` as FAILED.
 */
export const SETTLEMENT_STATUSES = ['CURRENT', 'PENDING', 'PAID', 'FAILED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** Columns a settlement list may be sorted by. */
export const SETTLEMENT_SORTABLE = ['periodStart', 'status', 'gross', 'net', 'paidAt'] as const;

/** One payment in a settlement (a specification row). */
export const SettlementRowSchema = z.object({
  /** Our tip, when the provider's reference is one of our tip transactions. */
  tipId: z.uuid().nullable(),
  /** The provider's transaction (tra_…) or refund (ref_…) uid. */
  reference: z.string(),
  /** Gross amount, cents (negative for refunds). */
  amount: z.number().int(),
  /** Platform fee taken from it, cents. */
  fee: z.number().int(),
  /** What the maker receives for it, cents. */
  payable: z.number().int(),
});
export type SettlementRow = z.infer<typeof SettlementRowSchema>;

/** A payout from the payment provider to a tip jar's maker, for one period. All amounts in cents. */
export const SettlementSchema = z.object({
  /** The provider's settlement uid (set_…). */
  id: z.string(),
  tipjarId: z.uuid(),
  /** Only on the global (platform admin) list. */
  tipjarName: z.string().optional(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  status: z.enum(SETTLEMENT_STATUSES),
  /** Sum of the tips in the period. */
  gross: z.number().int(),
  /** Platform fees. */
  fees: z.number().int(),
  /** The provider's transaction costs (≥ 0). */
  costs: z.number().int().min(0),
  /** gross − fees − costs: what the maker receives. */
  net: z.number().int(),
  paidAt: z.string().nullable(),
  tipCount: z.number().int(),
  /** Only on the single-settlement read. */
  rows: z.array(SettlementRowSchema).optional(),
  /** Only on the single-settlement read, when not every row could be read from the provider. */
  incomplete: z.boolean().optional(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

/**
 * A page of settlements. `incomplete` when the provider's list could not be read to the end, or a
 * settlement in it could not be read at all: what is listed is then not every payout.
 */
export const SettlementListSchema = z.object({
  data: z.array(SettlementSchema),
  metadata: z.object({ count: z.number().int(), incomplete: z.boolean().optional() }),
});
export type SettlementList = z.infer<typeof SettlementListSchema>;
