import { z } from 'zod';
import { DEFAULT_LOCALE } from '../locale.js';
import { MAX_TIP_CENTS, MIN_TIP_CENTS } from '../money.js';
import { BOOST_MOMENT_MAX, TIP_DISPLAY_NAME_MAX, TIP_MESSAGE_LIMIT, TIP_PRIVACY } from '../tip-rules.js';
import { TipEpisodeRefSchema } from './episode.js';
// Not from common.ts: that module carries the phone rules, which the storefront must not download.
import { EmailSchema, LocaleSchema, PaymentChoiceSchema, singleLineText } from './fields.js';

/** Our tip states (docs/domain-rules.md §4). */
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

/** Tips that count in totals and statistics: paid ones, also when later (partly) refunded or charged back. */
export const COUNTED_TIP_STATUSES: readonly TipStatus[] = ['completed', 'refunded', 'chargeback'];
/** Tips whose payment was reversed after it arrived. */
export const REVERSED_TIP_STATUSES: readonly TipStatus[] = ['refunded', 'chargeback'];
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

// Plain rules (no zod), also for the storefront's small entry.
export { platformFeeOf, TIP_PRIVACY, type TipPrivacy } from '../tip-rules.js';

export const TipAmountSchema = z
  .number({ message: 'amountRange' })
  .int({ message: 'notInteger' })
  .min(MIN_TIP_CENTS, { message: 'amountRange' })
  .max(MAX_TIP_CENTS, { message: 'amountRange' });

export const TIP_MESSAGE_MAX = TIP_MESSAGE_LIMIT;

/** The name a tipper shows (one line; empty for anonymous tips). */
export const TipDisplayNameSchema = singleLineText(TIP_DISPLAY_NAME_MAX).optional().default('');
/** The tipper's message to the maker: several lines allowed. */
export const TipMessageSchema = z.string().trim().max(TIP_MESSAGE_MAX).optional().default('');

/** POST tipjars/{id}/tips. */
export const CreateTipDataSchema = z
  .object({
    /** Cents, €1.00–€1,000.00. */
    amount: TipAmountSchema,
    displayName: TipDisplayNameSchema,
    message: TipMessageSchema,
    privacy: z.enum(TIP_PRIVACY).default('NAME_AND_AMOUNT'),
    /** For the receipt. */
    email: EmailSchema,
    payment: PaymentChoiceSchema,
    locale: LocaleSchema.default(DEFAULT_LOCALE),
    /** The episode tipped for (`/{slug}/e/{episodeId}`); must be one of this tip jar's episodes (422 otherwise). */
    episodeId: z.uuid({ message: 'episodeUnknown' }).optional(),
    /**
     * An episode boost (decision 097): the tipper asks for the message (then required) to be read on
     * air. Only with `episodeId`; the rules across fields (boostFieldErrors) are a 422 BOOST_INVALID.
     */
    readOnAir: z.boolean().optional(),
    /** Seconds into the episode the boost is about ("at 12:34" = 754); only with `readOnAir`; not past the episode's duration. */
    boostMoment: z
      .number()
      .int({ message: 'boostMoment' })
      .min(0, { message: 'boostMoment' })
      .max(BOOST_MOMENT_MAX, { message: 'boostMoment' })
      .optional(),
  })
  .superRefine((d, ctx) => {
    // A tip that shows a name needs one.
    if (d.privacy !== 'ANONYMOUS' && !d.displayName) {
      ctx.addIssue({ code: 'custom', path: ['displayName'], message: 'required' });
    }
  });
export const CreateTipBodySchema = z.object({ data: CreateTipDataSchema });
export type CreateTipBody = z.infer<typeof CreateTipBodySchema>;

/* ---------- answers ---------- */

/** A tip as its tip jar's admins (and platform admins) see it. The tipper's e-mail only for platform admins. */
export const TipSchema = z.object({
  id: z.uuid(),
  tipjarId: z.uuid(),
  amount: z.number().int(),
  /** Platform fee on this tip, cents. */
  fee: z.number().int(),
  /** Cents returned to the tipper so far (refunds and chargebacks); a partly refunded tip stays completed. */
  refundedAmount: z.number().int(),
  /** The part of `fee` given back to the maker with those refunds (cents). */
  refundedFee: z.number().int(),
  status: z.enum(TIP_STATUSES),
  privacy: z.enum(TIP_PRIVACY),
  /** null for anonymous tips. */
  displayName: z.string().nullable(),
  message: z.string(),
  /** The maker shows this tip's message on the storefront's supporter wall (default false; decision 032). */
  messageShown: z.boolean(),
  paymentMethod: z.string().nullable(),
  recurringTipId: z.uuid().nullable(),
  /** The episode the tip was given for, or null. */
  episode: TipEpisodeRefSchema.nullable().optional(),
  email: z.string().optional(),
  /**
   * Only on a platform admin's read of one tip: whether a refund can work — the payment is known at
   * the provider (a demo tip, seeded without a provider payment, is not).
   */
  refundable: z.boolean().optional(),
  created: z.string(),
  updated: z.string(),
});
export type Tip = z.infer<typeof TipSchema>;

/** PUT tipjars/{id}/tips/{tipId}/wall: whether the maker shows the tip's message on the supporter wall. */
export const TipWallBodySchema = z.object({ data: z.object({ messageShown: z.boolean() }) });
export type TipWallBody = z.infer<typeof TipWallBodySchema>;

export const CreateTipResponseSchema = z.object({
  tip: z.object({ id: z.uuid(), status: z.enum(TIP_STATUSES), amount: z.number().int(), fee: z.number().int() }),
  oppTransaction: z.object({ status: z.string(), redirectUrl: z.string().nullable() }),
});
export type CreateTipResponse = z.infer<typeof CreateTipResponseSchema>;

/** The public read for the thank-you page: the outcome and nothing else. */
export const TipOutcomeSchema = z.object({
  status: z.enum(TIP_STATUSES),
  /** True once the status will not change by itself any more (paid or definitely unpaid). */
  final: z.boolean(),
  /**
   * Cents, once paid (the thank-you page names the amount from our record, never from its address).
   * Only the one who came back from the checkout knows the tip's random id.
   */
  amount: z.number().int().optional(),
});
export type TipOutcome = z.infer<typeof TipOutcomeSchema>;

/* ---------- status rules ---------- */

/** States a tip leaves only through a later provider event (refund, chargeback, late bank confirmation). */
export const FINAL_TIP_STATUSES: readonly TipStatus[] = [
  'completed',
  'cancelled',
  'expired',
  'failed',
  'refunded',
  'chargeback',
];

export function isFinalTipStatus(status: TipStatus): boolean {
  return FINAL_TIP_STATUSES.includes(status);
}

/**
 * The tip status a provider transaction status means, or null for values we do not know.
 * Open (created/pending/planned) and held (reserved) payments are `pending` for the tipper.
 */
export function tipStatusOfTransaction(status: string): TipStatus | null {
  switch (status) {
    case 'created':
    case 'pending':
    case 'planned':
    case 'reserved':
      return 'pending';
    case 'completed':
    case 'cancelled':
    case 'expired':
    case 'failed':
    case 'refunded':
    case 'chargeback':
      return status;
    default:
      return null;
  }
}

/**
 * Forward-only ladder of tips, mirroring the transaction ladder (a late bank confirmation may still
 * complete; a refunded tip may still be charged back).
 */
const TIP_RANK: Record<TipStatus, number> = {
  created: 0,
  pending: 1,
  cancelled: 2,
  expired: 2,
  failed: 2,
  completed: 3,
  refunded: 4,
  chargeback: 5,
};

/** True when a tip now `from` may move to `to` (docs/money-rules.md §3: a late or repeated event is a no-op). */
export function canAdvanceTip(from: TipStatus, to: TipStatus): boolean {
  return TIP_RANK[to] > TIP_RANK[from];
}

/** The statuses a tip may move to `to` from (for conditional UPDATEs). */
export function tipStatusesBefore(to: TipStatus): TipStatus[] {
  return TIP_STATUSES.filter((from) => canAdvanceTip(from, to));
}
