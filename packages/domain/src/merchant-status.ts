/**
 * What the payment provider's merchant state means for a tip jar (docs/provider.md §1.2–1.4, decision 011).
 * The provider's enums stay open: a status this file does not name is neither "stopped" nor "ready".
 */

/** Merchant statuses in which the provider takes no payments for the merchant (any more). */
export const MERCHANT_STOPPED_STATUSES = ['suspended', 'blocked', 'terminated', 'deleted'] as const;

/**
 * The compliance level from which the provider pays out: 100 is "created", 200 "bank account
 * verified", 400 "full KYC" (docs/provider.md §1.2, [S]). A business starts at 400 unverified.
 */
export const PAYOUT_COMPLIANCE_LEVEL = 200;

export interface MerchantState {
  merchantStatus?: string | null;
  complianceStatus?: string | null;
  complianceLevel?: number | null;
  /** Status of the default bank account, null while there is none. */
  bankAccountStatus?: string | null;
}

/** False when the provider suspended, blocked or terminated the merchant: tips must stop. */
export function merchantTakesPayments(merchantStatus: string | null | undefined): boolean {
  return !(MERCHANT_STOPPED_STATUSES as readonly string[]).includes(merchantStatus ?? '');
}

/**
 * Registration is complete when the provider will pay out: the merchant is live, its compliance is
 * verified at the payout level and its bank account is approved. docs/product.md §4's "verified and live" is
 * necessary but not enough (a consumer merchant is verified at level 100 and goes live before any
 * bank account is confirmed). Without a merchant nothing can be paid out, so that is incomplete too.
 */
export function isRegistrationComplete(merchant: MerchantState | null | undefined): boolean {
  if (!merchant) return false;
  return (
    merchant.merchantStatus === 'live' &&
    merchant.complianceStatus === 'verified' &&
    (merchant.complianceLevel ?? 0) >= PAYOUT_COMPLIANCE_LEVEL &&
    merchant.bankAccountStatus === 'approved'
  );
}

/** Requirement statuses that mean the step is done. */
const DONE_REQUIREMENT_STATUSES = new Set(['verified', 'approved', 'completed']);

/** True for a compliance requirement the maker (or the provider) still has to finish. */
export function isOpenRequirement(requirement: { status: string }): boolean {
  return !DONE_REQUIREMENT_STATUSES.has(requirement.status);
}
