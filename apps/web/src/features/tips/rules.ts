import { CreateRefundDataSchema, parseEuroToCents, type Refund } from '@podpot/domain';
import { z } from 'zod';

/** What is left to refund of a tip, in cents. */
export const refundableOf = (tip: { amount: number; refundedAmount: number; status: string }) =>
  tip.status === 'completed' ? Math.max(0, tip.amount - tip.refundedAmount) : 0;

/** The refund dialog's values: everything that is left, or a part typed in euros. */
export interface RefundFormValues {
  mode: 'full' | 'partial';
  amount: string;
  reason: string;
}

/**
 * The refund form's rules, with the API's validation keys: a partial amount is a euro amount of at
 * least one cent and at most what is left (`refundTooLarge`); the reason as the API wants it.
 */
export function refundFormSchema(left: number) {
  return z
    .object({
      mode: z.enum(['full', 'partial']),
      amount: z.string(),
      reason: CreateRefundDataSchema.shape.reason,
    })
    .superRefine((values, ctx) => {
      if (values.mode !== 'partial') return;
      if (!values.amount.trim()) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'required' });
        return;
      }
      const cents = parseEuroToCents(values.amount);
      if (cents === null || cents < 1) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'format' });
      else if (cents > left) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'refundTooLarge' });
    });
}

/** The cents a valid form refunds. */
export function refundCentsOf(values: RefundFormValues, left: number): number {
  return values.mode === 'full' ? left : (parseEuroToCents(values.amount) ?? 0);
}

export type RefundStage = 'pending' | 'processing' | 'completed' | 'failed';

/**
 * Where a refund stands, as the tip's refund list says it (decision 070): done, being sent (the
 * provider has not answered), being paid out (the provider has it, not paid out yet), or failed (not
 * refunded; its amount is refundable again).
 */
export function refundStage(refund: Pick<Refund, 'status' | 'providerUid'>): RefundStage {
  if (refund.status === 'pending') return refund.providerUid ? 'processing' : 'pending';
  return refund.status;
}
