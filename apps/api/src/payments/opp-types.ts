/** The provider's objects as we see them (camelCase, integer cents, open enums) and its request bodies. */
import type { OppTransactionStatus } from '@podpot/domain';

/* ---------- open enums (docs/provider.md §8) ---------- */

export type OppMerchantStatus = 'new' | 'pending' | 'live' | 'suspended' | 'terminated' | 'blocked' | (string & {});
export type OppComplianceStatus = 'unverified' | 'pending' | 'verified' | (string & {});
export type OppBankAccountStatus = 'new' | 'pending' | 'approved' | 'disapproved' | (string & {});
export type OppMandateStatus = 'created' | 'pending' | 'completed' | 'revoked' | (string & {});
export type OppRefundStatus = 'created' | 'pending' | 'completed' | (string & {});
export type OppPaymentMethod = 'ideal' | 'bcmc' | 'paypal-ppcp' | 'creditcard' | 'sepa' | (string & {});
export type OppLocale = 'nl' | 'en' | 'fr' | 'de';

/* ---------- objects (our camelCase view of the provider JSON) ---------- */

export type Metadata = Record<string, string>;

export interface OppIssuer {
  bic: string;
  name: string;
}

export interface OppRequirement {
  type: string;
  status: string;
  objectType: string | null;
  objectUid: string | null;
  objectUrl: string | null;
  objectRedirectUrl: string | null;
}

export interface OppMerchant {
  uid: string;
  livemode: boolean;
  created: number;
  updated: number;
  status: OppMerchantStatus;
  type: 'consumer' | 'business' | (string & {});
  name: string | null;
  emailaddress: string | null;
  phone: string | null;
  country: string | null;
  cocNr: string | null;
  vatNr: string | null;
  compliance: {
    level: number | null;
    status: OppComplianceStatus;
    overviewUrl: string | null;
    requirements: OppRequirement[];
  };
  notifyUrl: string | null;
  returnUrl: string | null;
  metadata: Metadata;
}

export interface OppBankAccount {
  uid: string;
  created: number;
  updated: number;
  verified: number | null;
  verificationUrl: string | null;
  status: OppBankAccountStatus;
  iban: string | null;
  bic: string | null;
  isDefault: boolean;
}

export interface OppStatusEntry {
  uid: string;
  status: OppTransactionStatus;
  created: number;
}

export interface OppTransaction {
  uid: string;
  livemode: boolean;
  created: number;
  updated: number;
  completed: number | null;
  merchantUid: string;
  status: OppTransactionStatus;
  /** Cents, as the provider answers them; null when the answer does not say (then nothing is compared). */
  amount: number | null;
  paymentMethod: OppPaymentMethod | null;
  redirectUrl: string | null;
  returnUrl: string | null;
  notifyUrl: string | null;
  statuses: OppStatusEntry[];
  /** The mandate a mandate's payment belongs to, if the provider says (not confirmed, docs/provider.md §12). */
  mandateUid: string | null;
  /** Our reference as sent with the create, if the provider echoes it (assumed: docs/provider.md §2.1). */
  reference: string | null;
  metadata: Metadata;
}

export interface OppRefund {
  uid: string;
  created: number;
  paid: number | null;
  amount: number;
  status: OppRefundStatus;
  message: string | null;
  /** What we sent as `payout_description` (recorded answers echo it): ours names our refund's id. */
  payoutDescription: string | null;
}

export interface OppMandate {
  uid: string;
  created: number;
  status: OppMandateStatus;
  token: string | null;
  /** The first payment's checkout: `redirect_url`, or `mandate_url` (opp-schemas.ts); null when it names neither. */
  redirectUrl: string | null;
  amount: number | null;
  merchantUid: string | null;
  /**
   * The first payment of a `payment`-method mandate, IF the provider names it: no public source shows
   * this field (docs/provider.md §12), so nothing may depend on it being there.
   */
  transactionUid: string | null;
  /** Our reference as sent with the create, if the provider echoes it (assumed, like a transaction's). */
  reference: string | null;
  metadata: Metadata;
  /** The answer as the provider sent it, fields we do not read included: for the log when it lacks one we need. */
  answer: Record<string, unknown>;
}

export interface OppSettlement {
  uid: string;
  status: string;
  periodStart: number | null;
  periodEnd: number | null;
  totalAmount: number;
  /** What was paid out; null when the provider does not say. A paid settlement may report `amountPayable` 0. */
  amountPaid: number | null;
  amountPayable: number;
  numberOfTransactions: number;
  totalTransactionCosts: number;
  /** Sum of the payments in the period (before costs and fees). */
  totalVolume: number;
  /** When it was paid out (unix seconds), if the provider says. */
  paid: number | null;
  /** Specification uids (with `expand[]=specifications`); their rows list the payments. */
  specificationUids: string[];
}

export interface OppSettlementRow {
  type: string;
  /** The payment's uid (tra_…) or refund's (ref_…). */
  reference: string;
  amount: number;
  totalPartnerFee: number;
  amountPayable: number;
}

export interface OppList<T> {
  data: T[];
  hasMore: boolean;
  totalItemCount: number;
  currentPage: number;
  lastPage: number;
}

/** An item of a list answer that did not parse and was left out. */
export interface OppSkippedItem {
  /** Where it stood on its page. */
  index: number;
  uid: string | null;
  /** Which of its fields were wrong. */
  problem: string;
}

/** A list whose items were parsed one by one: those that did not parse are in `skipped`, not in `data`. */
export interface OppPartialList<T> extends OppList<T> {
  skipped: OppSkippedItem[];
}

/* ---------- requests (the provider's field names) ---------- */

export interface OppProduct {
  name: string;
  price: number;
  quantity: number;
}

export interface CreateTransactionInput {
  merchant_uid: string;
  products: OppProduct[];
  total_price: number;
  return_url: string;
  notify_url: string;
  // No `issuer`: with iDEAL 2.0 the payer picks their bank on the iDEAL hub (docs/provider.md §6).
  payment_method?: OppPaymentMethod;
  checkout?: boolean;
  locale?: OppLocale;
  partner_fee?: number;
  description?: string;
  buyer_emailaddress?: string;
  /** Ours and unique (the row's idempotency key): how a create whose answer was lost is found again. */
  reference?: string;
  metadata?: Record<string, string>;
}

export interface CreateMerchantInput {
  type: 'consumer' | 'business';
  country: string;
  emailaddress: string;
  /** Digits with the country code (31601234567); left out when we have none. */
  phone?: string;
  notify_url: string;
  return_url?: string;
  /** Language of the provider's verification screens and mails. */
  locale?: OppLocale;
  name_first?: string;
  name_last?: string;
  coc_nr?: string;
  vat_nr?: string;
  legal_name?: string;
  /** Code from the provider's legal-entity list (not known to us yet: docs/provider.md §1.1). */
  legal_entity?: string;
  trading_names?: { name: string }[];
  metadata?: Record<string, string>;
}

export interface UpdateMerchantInput {
  status?: 'terminated' | 'suspended';
  emailaddress?: string;
  notify_url?: string;
  return_url?: string;
  metadata?: Record<string, string>;
}

export interface MigrateMerchantInput {
  coc_nr: string;
  country: string;
  notify_url?: string;
}

export interface CreateBankAccountInput {
  return_url: string;
  notify_url: string;
  is_default?: boolean;
}

export interface CreateRefundInput {
  amount: number;
  payout_description?: string;
  message?: string;
  internal_reason?: string;
}

export interface CreateMandateInput {
  merchant_uid: string;
  mandate_method: 'payment' | 'emandate' | 'form' | 'import';
  mandate_type: 'consumer' | 'business';
  mandate_repeat?: 'once' | 'subscription';
  mandate_amount?: number;
  products?: OppProduct[];
  total_price?: number;
  // No `issuer`: with iDEAL 2.0 the payer picks their bank on the iDEAL hub (docs/provider.md §6).
  payment_method?: OppPaymentMethod;
  return_url: string;
  notify_url: string;
  /** Language of the first payment's checkout. */
  locale?: OppLocale;
  /** Ours and unique (the attempt's key): how a mandate whose answer was lost is found again (assumed field). */
  reference?: string;
  metadata?: Record<string, string>;
}

export interface CreateMandateTransactionInput {
  merchant_uid: string;
  token: string;
  total_price: number;
  products?: OppProduct[];
  reference?: string;
  notify_url: string;
  metadata?: Record<string, string>;
}

/**
 * A provider notification (docs/provider.md §4): a poke about one object, to be read back. Only the
 * object's uid is certain; its type may be inferred from the uid's prefix.
 */
export interface OppNotificationBody {
  uid?: string;
  type?: string;
  object_uid: string;
  object_type: string;
  object_url?: string;
  parent_uid?: string | null;
  parent_type?: string | null;
  verification_hash?: string;
}
