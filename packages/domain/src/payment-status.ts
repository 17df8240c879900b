import { z } from 'zod';

/**
 * Provider (OPP) transaction statuses and the ONE forward-only rule for applying them
 * (docs/money-rules.md §3). Notifications arrive late, twice or out of order; whatever arrives, a
 * transaction only ever moves up this ladder, so a late `pending` never overwrites `completed`.
 */
export const OPP_TRANSACTION_STATUSES = [
  'created',
  'pending',
  'planned',
  'reserved',
  'completed',
  'cancelled',
  'expired',
  'failed',
  'refunded',
  'chargeback',
] as const;
export type KnownOppTransactionStatus = (typeof OPP_TRANSACTION_STATUSES)[number];
/** Kept open: the provider may add values; unknown ones are logged and never applied. */
export type OppTransactionStatus = KnownOppTransactionStatus | (string & {});

/**
 * The provider transaction in an answer that starts a payment (tip jar order, add-on, monthly tip).
 * Here and not beside those schemas: the storefront's monthly tip needs it without the phone rules
 * that the tip jar schemas bring into the web bundle.
 */
export const OppTransactionRefSchema = z.object({
  status: z.union([z.enum(OPP_TRANSACTION_STATUSES), z.string()]),
  redirectUrl: z.string().nullable(),
});

export function isKnownTransactionStatus(status: string): status is KnownOppTransactionStatus {
  return (OPP_TRANSACTION_STATUSES as readonly string[]).includes(status);
}

/** What a status means for us (docs/provider.md §8). */
export type PaymentOutcome = 'open' | 'held' | 'paid' | 'unpaid' | 'reversed';

const OUTCOME: Record<KnownOppTransactionStatus, PaymentOutcome> = {
  created: 'open',
  pending: 'open',
  planned: 'open',
  reserved: 'held',
  completed: 'paid',
  cancelled: 'unpaid',
  expired: 'unpaid',
  failed: 'unpaid',
  refunded: 'reversed',
  chargeback: 'reversed',
};

/**
 * Rank on the forward-only ladder. created < pending/planned < reserved < cancelled/expired/failed
 * < completed < refunded < chargeback. A closed-unpaid transaction may still become completed (a
 * late bank confirmation: the money did arrive), never the other way round; a refunded one — perhaps
 * only in part — may still be charged back (the bank takes the whole payment, decision 067).
 */
const RANK: Record<KnownOppTransactionStatus, number> = {
  created: 0,
  pending: 1,
  planned: 1,
  reserved: 2,
  cancelled: 3,
  expired: 3,
  failed: 3,
  completed: 4,
  refunded: 5,
  chargeback: 6,
};

export function paymentOutcome(status: OppTransactionStatus | null | undefined): PaymentOutcome | null {
  return status && isKnownTransactionStatus(status) ? OUTCOME[status] : null;
}

/** True when a transaction now `from` (null = not yet known at the provider) may move to `to`. */
export function canAdvanceTransaction(
  from: OppTransactionStatus | null | undefined,
  to: OppTransactionStatus,
): boolean {
  if (!isKnownTransactionStatus(to)) return false;
  if (from == null) return true;
  if (!isKnownTransactionStatus(from)) return true;
  return RANK[to] > RANK[from];
}

/** Still waiting for the buyer: no new payment attempt may be started. */
export function isOpenTransaction(status: OppTransactionStatus | null | undefined): boolean {
  return paymentOutcome(status) === 'open';
}
