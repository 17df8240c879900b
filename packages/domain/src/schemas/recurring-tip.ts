import { z } from 'zod';
import { DEFAULT_LOCALE } from '../locale.js';
import { OppTransactionRefSchema } from '../payment-status.js';
import { RECURRING_INTERVALS } from '../supporter-levels.js';
// fields and payment-status, not common and tipjar: those bring the phone rules
// (libphonenumber's metadata) into the storefront's first visit.
import { LocaleSchema, PaymentChoiceSchema, RetryPaymentChoiceSchema } from './fields.js';
import { LevelRefSchema } from './supporters.js';
import { TIP_PRIVACY, TIP_STATUSES, TipAmountSchema, TipDisplayNameSchema, TipMessageSchema } from './tip.js';

/**
 * Monthly (recurring) tips (docs/domain-rules.md §5): the first payment sets up a mandate, later months are
 * charged against it on the same day of the month. A month is charged at most once, ever.
 */

export const RECURRING_TIP_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type RecurringTipStatus = (typeof RECURRING_TIP_STATUSES)[number];

/**
 * A monthly tip that is still the tipper's (not cancelled): starting another one to the same tip jar
 * is most likely a mistake, so the storefront asks first (`?open=true` on GET user/me/recurringtips).
 */
export const OPEN_RECURRING_TIP_STATUSES = ['active', 'paused'] as const satisfies readonly RecurringTipStatus[];

/**
 * Our state of a monthly tip's mandate: pending (its first payment is being made), valid (charged
 * monthly), invalid (not set up: the tipper pays again), revoked (ended at the provider), held (the
 * provider answered a status word we do not know: neither charged nor given up until a person looked).
 */
export const MANDATE_STATUSES = ['pending', 'valid', 'invalid', 'revoked', 'held'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

/**
 * One month's charge: scheduled (to be sent), pending (at the provider), completed, failed (every
 * try failed), cancelled (not tried again after a pause/cancel), refunded/chargeback (reversed later).
 */
export const RECURRING_CHARGE_STATUSES = [
  'scheduled',
  'pending',
  'completed',
  'failed',
  'cancelled',
  'refunded',
  'chargeback',
] as const;
export type RecurringChargeStatus = (typeof RECURRING_CHARGE_STATUSES)[number];

/** Dunning: a failed month is tried this many times in all, this many days apart. */
export const MAX_CHARGE_ATTEMPTS = 3;
export const CHARGE_RETRY_DAYS = 3;
/**
 * A month whose charge day passed more than this many days ago (the job could not run: an outage) is
 * skipped, never charged late — and never charged together with the month after it.
 */
export const CHARGE_GRACE_DAYS = 3;
/** The pre-notification mail goes out this many days before a charge (SEPA habit). */
export const PRE_NOTIFICATION_DAYS = 3;
export { MAX_CHARGE_DAY } from '../tip-rules.js';

export const RECURRING_TIP_STATUS_COLOR: Record<RecurringTipStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  paused: 'warning',
  cancelled: 'default',
};
export const MANDATE_STATUS_COLOR: Record<MandateStatus, 'info' | 'success' | 'warning' | 'error' | 'default'> = {
  pending: 'info',
  valid: 'success',
  invalid: 'error',
  revoked: 'default',
  held: 'warning',
};

/* ---------- requests ---------- */

/** POST tipjars/{id}/recurringtips (signed-in tipper). */
export const CreateRecurringTipDataSchema = z
  .object({
    /**
     * Cents per period (a month, or a year: `interval`), €1.00–€1,000.00 either way — a yearly tip is
     * one payment a year, held to the same bounds as a one-off tip (decision 092).
     */
    amount: TipAmountSchema,
    /** Charged every month (the default) or once a year (decision 092). */
    interval: z.enum(RECURRING_INTERVALS).default('month'),
    displayName: TipDisplayNameSchema,
    message: TipMessageSchema,
    privacy: z.enum(TIP_PRIVACY).default('NAME_AND_AMOUNT'),
    payment: PaymentChoiceSchema,
    locale: LocaleSchema.default(DEFAULT_LOCALE),
  })
  .superRefine((d, ctx) => {
    if (d.privacy !== 'ANONYMOUS' && !d.displayName) {
      ctx.addIssue({ code: 'custom', path: ['displayName'], message: 'required' });
    }
  });
export const CreateRecurringTipBodySchema = z.object({ data: CreateRecurringTipDataSchema });
export type CreateRecurringTipBody = z.infer<typeof CreateRecurringTipBodySchema>;

/**
 * PUT user/me/recurringtips/{id}: a new amount (from the next month on) and/or pause, resume
 * ('active') or cancel. Cancelled is final.
 */
export const UpdateRecurringTipDataSchema = z
  .object({
    amount: TipAmountSchema.optional(),
    status: z.enum(RECURRING_TIP_STATUSES).optional(),
  })
  .refine((d) => d.amount !== undefined || d.status !== undefined, { message: 'required', path: ['amount'] });
export const UpdateRecurringTipBodySchema = z.object({ data: UpdateRecurringTipDataSchema });
export type UpdateRecurringTipBody = z.infer<typeof UpdateRecurringTipBodySchema>;

/** POST user/me/recurringtips/{id}/mandate/retry: a new first payment that sets up a new mandate. */
export const RetryMandateBodySchema = z.object({ data: RetryPaymentChoiceSchema });
export type RetryMandateBody = z.infer<typeof RetryMandateBodySchema>;

/* ---------- answers ---------- */

/** One month of a recurring tip (its payment history). */
export const RecurringTipChargeSchema = z.object({
  id: z.uuid(),
  /** 'YYYY-MM', or 'YYYY' for a yearly tip */
  period: z.string(),
  amount: z.number().int(),
  attempt: z.number().int(),
  status: z.enum(RECURRING_CHARGE_STATUSES),
  /** The month's tip, and its status (chargeback shows here). */
  tipId: z.uuid().nullable(),
  tipStatus: z.enum(TIP_STATUSES).nullable(),
  /** When the next try is due (scheduled charges). */
  nextAttemptAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  completedAt: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type RecurringTipCharge = z.infer<typeof RecurringTipChargeSchema>;

export const RecurringTipSchema = z.object({
  id: z.uuid(),
  tipjarId: z.uuid(),
  tipjar: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
  userId: z.uuid(),
  /** Cents per period: a month, or a year for a yearly tip. */
  amount: z.number().int(),
  /** 'month' or 'year' (decision 092): a yearly tip's charges have 'YYYY' periods. */
  interval: z.enum(RECURRING_INTERVALS),
  /** A pending change, charged from the next period on (the next month, or the next year). */
  nextAmount: z.number().int().nullable(),
  status: z.enum(RECURRING_TIP_STATUSES),
  mandate: z.object({
    status: z.enum(MANDATE_STATUSES),
    paymentMethod: z.string().nullable(),
    /** The latest mandate-creating payment (first payment or mandate retry); redirect while it is open. */
    oppTransaction: OppTransactionRefSchema.nullable(),
  }),
  chargeDay: z.number().int().nullable(),
  nextChargeAt: z.string().nullable(),
  failedAttempts: z.number().int(),
  lastFailureReason: z.string().nullable(),
  privacy: z.enum(TIP_PRIVACY),
  /** null for anonymous recurring tips (as for tips). */
  displayName: z.string().nullable(),
  message: z.string(),
  locale: LocaleSchema,
  /** The tipper's e-mail: platform admins and the tipper only. */
  email: z.string().optional(),
  charges: z.array(RecurringTipChargeSchema),
  /** Its level now (issue 40): levelOf the tip jar's levels at nextAmount ?? amount; never stored. */
  level: LevelRefSchema.nullable(),
  created: z.string(),
  updated: z.string(),
});
export type RecurringTip = z.infer<typeof RecurringTipSchema>;

export const CreateRecurringTipResponseSchema = z.object({
  recurringTip: RecurringTipSchema,
  /** Send the tipper to redirectUrl for the first payment. */
  oppTransaction: OppTransactionRefSchema,
});
export type CreateRecurringTipResponse = z.infer<typeof CreateRecurringTipResponseSchema>;

export const RECURRING_TIP_SORTABLE = ['created', 'amount', 'status', 'nextChargeAt'] as const;
