import { z } from 'zod';

/**
 * Money events that need a person's eye, and the standing money check (docs/money-check.md): what the
 * API lists for platform admins and the admin page shows.
 */

/**
 * double_collection — a month collected twice, the extra collection refunded automatically;
 * amount_mismatch — a provider answer naming another amount than we asked (its status not applied);
 * excess_reversal — the provider gave back more than the payment (a chargeback after a refund);
 * unknown_mandate_status — a monthly tip held because its mandate answered a word we do not know.
 */
export const PAYMENT_INCIDENT_KINDS = [
  'double_collection',
  'amount_mismatch',
  'excess_reversal',
  'unknown_mandate_status',
] as const;
export type PaymentIncidentKind = (typeof PAYMENT_INCIDENT_KINDS)[number];

/** What the money was for (a provider transaction's kind): a one-off tip, a month of a monthly tip, an order. */
export const PAYMENT_OWNER_KINDS = ['tip', 'recurring_charge', 'addon'] as const;
export type PaymentOwnerKind = (typeof PAYMENT_OWNER_KINDS)[number];

export const PaymentIncidentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PAYMENT_INCIDENT_KINDS),
  /** One of PAYMENT_OWNER_KINDS; a string, so a kind added later still lists. */
  ownerKind: z.string(),
  ownerId: z.uuid(),
  /**
   * Cents: double_collection the extra collection; amount_mismatch the provider's amount;
   * excess_reversal what was given back beyond the payment; unknown_mandate_status the first payment.
   */
  amount: z.number().int(),
  /** The tip jar the money was for; null when its owner is gone. */
  tipjar: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The tip: the one-off tip itself, or the tip of the month (null while the month has none). */
  tipId: z.uuid().nullable(),
  /** The monthly tip of a month (owner kind recurring_charge). */
  recurringTipId: z.uuid().nullable(),
  /** That month, 'YYYY-MM'. */
  period: z.string().nullable(),
  oppTransactionUid: z.string().nullable(),
  /** The provider refund; null while it still has to be made. */
  refundUid: z.string().nullable(),
  refundStatus: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The provider's word a person has to look at (unknown_mandate_status). */
  providerStatus: z.string().nullable(),
  created: z.string(),
});
export type PaymentIncident = z.infer<typeof PaymentIncidentSchema>;

/** The invariants the money check tests (docs/money-check.md, its table). */
export const MONEY_CHECK_INVARIANTS = [
  'one-collection-per-month',
  'one-owner',
  'status-matches-provider',
  'totals-agree',
  'reversals-match-provider',
  'months-not-stuck',
  'one-debit-per-run',
  'period-matches-interval',
  'one-collection-per-period',
] as const;
export type MoneyCheckInvariant = (typeof MONEY_CHECK_INVARIANTS)[number];

/** How often each app process with jobs on runs the money check. */
export const MONEY_CHECK_EVERY_MS = 60 * 60_000;

export const MoneyViolationSchema = z.object({
  /** One of MONEY_CHECK_INVARIANTS (a string: a run stored before an invariant was renamed still reads). */
  invariant: z.string(),
  subject: z.string(),
  detail: z.string(),
});
export type MoneyViolation = z.infer<typeof MoneyViolationSchema>;

/** GET payments/moneycheck: the last run of the money check. */
export const MoneyCheckRunSchema = z.object({
  ran: z.string().nullable().describe('when it last ran; null if never'),
  violations: z.number().int(),
  durationMs: z.number().int().nullable(),
  coverage: z
    .object({ compared: z.number().int(), of: z.number().int(), runs: z.number().int() })
    .nullable()
    .describe(
      'how many of our provider transactions the run compared (`compared` of `of`); the runs walk them all within `runs` runs; null when it did not ask the provider',
    ),
  /** At most the first 500 of `violations`. */
  details: z.array(MoneyViolationSchema),
});
export type MoneyCheckRun = z.infer<typeof MoneyCheckRunSchema>;
