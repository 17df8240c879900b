import { z } from 'zod';
import { MAX_TIP_CENTS, shareOf } from '../money.js';
import { singleLineText } from './fields.js';

/**
 * Refunds and chargebacks of paid tips (one-off tips and the tips of monthly charges). Our record per
 * reversal is a `refunds` row; the tip carries the running totals (refundedAmount, refundedFee).
 */

/** refund — money we (or the provider on our behalf) sent back; chargeback — the payer's bank took it back. */
export const REFUND_KINDS = ['refund', 'chargeback'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
/** admin — a platform admin's refund through our API; provider — seen at the provider (a chargeback, a refund made there). */
export const REFUND_SOURCES = ['admin', 'provider'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];
/**
 * pending — recorded, not paid out yet: either the provider has not answered it (`providerUid` null;
 * the reconcile job sends it again) or it has it but not paid it (`created`; the reconcile job follows
 * it); completed — the provider paid it out (docs/decisions/070); failed — the provider refused it, or
 * it failed there: its amount is refundable again.
 */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_REASON_MAX = 500;

/** POST tips/{id}/refunds. `amount` (cents) left out = everything that is left. */
export const CreateRefundDataSchema = z.object({
  // No tip is larger than MAX_TIP_CENTS, so neither is a refund (what is left of the tip is checked after).
  amount: z
    .number({ message: 'invalid' })
    .int({ message: 'notInteger' })
    .min(1, { message: 'tooSmall' })
    .max(MAX_TIP_CENTS)
    .optional(),
  reason: singleLineText(REFUND_REASON_MAX).refine((s) => s.length > 0, { message: 'required' }),
});
export const CreateRefundBodySchema = z.object({ data: CreateRefundDataSchema });
export type CreateRefundBody = z.infer<typeof CreateRefundBodySchema>;

export const RefundSchema = z.object({
  id: z.uuid(),
  tipId: z.uuid(),
  tipjarId: z.uuid(),
  /** The month of a monthly tip this tip paid (recurring_tip_charges.id), else null. */
  chargeId: z.uuid().nullable(),
  kind: z.enum(REFUND_KINDS),
  source: z.enum(REFUND_SOURCES),
  status: z.enum(REFUND_STATUSES),
  /** Cents returned to the tipper. */
  amount: z.number().int(),
  /** The part of the tip's platform fee given back to the maker with it (cents). */
  feeCredit: z.number().int(),
  reason: z.string(),
  /** The provider's refund (ref_…), once it answered. */
  providerUid: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/**
 * The platform fee a refund gives back. The fee kept on a tip is always the fee on what is left of it
 * (proportional, rounded by the one rounding rule), so a full refund gives back exactly the rest of the
 * fee and partial refunds never give back more than was taken.
 */
export function feeCreditOf(tip: { amount: number; fee: number }, refundedBefore: number, refund: number): number {
  const keptOn = (left: number) => shareOf(tip.fee, left, tip.amount);
  return keptOn(tip.amount - refundedBefore) - keptOn(tip.amount - refundedBefore - refund);
}

/**
 * What a provider refund's status says (docs/decisions/070): `completed` — paid out; `failed` — it will
 * never be (`failed`, `cancelled`, …); `open` — not yet (`created`, `pending`, or a word we do not know).
 */
export function refundOutcomeOf(status: string): 'completed' | 'failed' | 'open' {
  if (status === 'completed') return 'completed';
  return ['failed', 'cancelled', 'canceled', 'expired', 'refused'].includes(status) ? 'failed' : 'open';
}

/**
 * What a payment's status means for the tip or month it paid. The provider's `refunded` is "(partly)
 * refunded" — some source reads it as "refund initiated" — so for its owner the payment is refunded
 * only once our completed refunds of it cover it; until then it stays paid (docs/decisions/070).
 */
export function ownerStatusOfPayment(status: string, refundedInFull: boolean): string {
  return status === 'refunded' && !refundedInFull ? 'completed' : status;
}
