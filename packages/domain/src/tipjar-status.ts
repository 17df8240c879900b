/** Tip jar statuses (docs/product.md §4) and the one status machine (docs/domain-rules.md §3). */
export const TIPJAR_STATUSES = [
  'NEW',
  'AWAITING_PAYMENT',
  'PAYMENT_EXPIRED',
  'LIVE',
  'VERIFYING',
  'SUSPENDED',
  'DEACTIVATED',
] as const;
export type TipjarStatus = (typeof TIPJAR_STATUSES)[number];

export type BadgeColor = 'info' | 'warning' | 'error' | 'success';

export const TIPJAR_STATUS_COLOR: Record<TipjarStatus, BadgeColor> = {
  NEW: 'info',
  AWAITING_PAYMENT: 'warning',
  PAYMENT_EXPIRED: 'error',
  LIVE: 'success',
  VERIFYING: 'info',
  SUSPENDED: 'error',
  DEACTIVATED: 'error',
};

/** Who may make a transition: the payment flow (system) or a platform admin. */
export type TransitionActor = 'payment' | 'admin';

const TRANSITIONS: Record<TipjarStatus, Partial<Record<TipjarStatus, TransitionActor>>> = {
  NEW: { AWAITING_PAYMENT: 'payment' },
  AWAITING_PAYMENT: { LIVE: 'payment', PAYMENT_EXPIRED: 'payment' },
  PAYMENT_EXPIRED: { AWAITING_PAYMENT: 'payment' },
  LIVE: { VERIFYING: 'admin', SUSPENDED: 'admin', DEACTIVATED: 'admin' },
  VERIFYING: { LIVE: 'admin', DEACTIVATED: 'admin' },
  SUSPENDED: { LIVE: 'admin', DEACTIVATED: 'admin' },
  DEACTIVATED: {},
};

/** True when `from → to` is allowed for the actor. Staying put is never a transition. */
export function canTransitionTipjar(from: TipjarStatus, to: TipjarStatus, actor: TransitionActor): boolean {
  return TRANSITIONS[from][to] === actor;
}

/** The statuses an actor may move a tip jar to from `from`. */
export function nextTipjarStatuses(from: TipjarStatus, actor: TransitionActor): TipjarStatus[] {
  return (Object.entries(TRANSITIONS[from]) as [TipjarStatus, TransitionActor][])
    .filter(([, who]) => who === actor)
    .map(([to]) => to);
}

/** The backoffice shows the payment dialog in these statuses (docs/product.md §2). */
export const PAYMENT_DIALOG_STATUSES: readonly TipjarStatus[] = ['AWAITING_PAYMENT', 'PAYMENT_EXPIRED', 'NEW'];

/**
 * Only a LIVE, active tip jar that is not archived takes tips (one-off and monthly) and shows its
 * storefront; any other is a plain 404 (docs/domain-rules.md §3, docs/money-rules.md §9).
 */
export function isTipjarTippable(tipjar: {
  status: TipjarStatus;
  active: boolean;
  archivedAt?: Date | string | null;
}): boolean {
  return tipjar.status === 'LIVE' && tipjar.active && !tipjar.archivedAt;
}

/**
 * A tip jar may mail a feed-ownership code only once its maker has paid for it and while it is open:
 * a free tip jar (never paid) cannot mail strangers' addresses (decision 064).
 */
export const FEED_VERIFICATION_STATUSES: readonly TipjarStatus[] = ['LIVE', 'VERIFYING'];

export function canVerifyFeed(tipjar: { status: TipjarStatus }): boolean {
  return FEED_VERIFICATION_STATUSES.includes(tipjar.status);
}
