import { z } from 'zod';
import { MAX_TIP_CENTS, MIN_TIP_CENTS, percentOf } from './money.js';
import { EmailSchema, LocaleSchema, PaymentChoiceSchema } from './schemas.js';

/** Our tip states (DESIGN.md §3). */
export const TIP_STATUSES = [
  'created',
  'pending',
  'completed',
  'cancelled',
  'expired',
  'failed',
  'refunded',
  'chargeback',
] as const;
export type TipStatus = (typeof TIP_STATUSES)[number];

/** Tips that count in totals and statistics. */
export const COUNTED_TIP_STATUSES: readonly TipStatus[] = ['completed'];
/** Final states in which no money arrived: the thank-you page offers "try again". */
export const UNPAID_TIP_STATUSES: readonly TipStatus[] = ['cancelled', 'expired', 'failed'];

export const TIP_STATUS_COLOR: Record<TipStatus, 'info' | 'warning' | 'error' | 'success' | 'default'> = {
  created: 'default',
  pending: 'info',
  completed: 'success',
  cancelled: 'warning',
  expired: 'warning',
  failed: 'error',
  refunded: 'default',
  chargeback: 'error',
};

/**
 * What the public may see of a tip, chosen per tip by the tipper:
 * NAME_AND_AMOUNT — name and amount shown; NAME_ONLY — name shown, amount hidden; ANONYMOUS — neither.
 * The maker's backoffice always sees the amount (it is their money) but never the name of an anonymous tip.
 */
export const TIP_PRIVACY = ['NAME_AND_AMOUNT', 'NAME_ONLY', 'ANONYMOUS'] as const;
export type TipPrivacy = (typeof TIP_PRIVACY)[number];

export const TipAmountSchema = z
  .number({ message: 'amountRange' })
  .int({ message: 'notInteger' })
  .min(MIN_TIP_CENTS, { message: 'amountRange' })
  .max(MAX_TIP_CENTS, { message: 'amountRange' });

export const TIP_MESSAGE_MAX = 500;

/** POST tipjars/{id}/tips. */
export const CreateTipDataSchema = z
  .object({
    /** Cents, €1.00–€1,000.00. */
    amount: TipAmountSchema,
    displayName: z.string().trim().max(80).optional().default(''),
    message: z.string().trim().max(TIP_MESSAGE_MAX).optional().default(''),
    privacy: z.enum(TIP_PRIVACY).default('NAME_AND_AMOUNT'),
    /** For the receipt. */
    email: EmailSchema,
    payment: PaymentChoiceSchema,
    locale: LocaleSchema.default('en'),
  })
  .superRefine((d, ctx) => {
    // A tip that shows a name needs one.
    if (d.privacy !== 'ANONYMOUS' && !d.displayName) {
      ctx.addIssue({ code: 'custom', path: ['displayName'], message: 'required' });
    }
  });
export const CreateTipBodySchema = z.object({ data: CreateTipDataSchema });
export type CreateTipBody = z.infer<typeof CreateTipBodySchema>;

/** The platform fee on a tip, in cents: one rounding rule for storefront, receipt and invoice. */
export function platformFeeOf(amountCents: number, feeBps: number): number {
  return percentOf(amountCents, feeBps);
}
