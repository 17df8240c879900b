/**
 * The one typed client of the OPP REST API (see shared/payments.md). Talks to the real API when
 * OPP_API_URL is set, otherwise to the built-in simulator under /sim/opp/v1 — same shapes either way.
 *
 * Conventions: amounts are integer cents; provider enums stay open (`string & {}`) and unknown
 * values are reported through `onUnknownValue` (logged by the app); `metadata` comes back as
 * `[{key,value}]` and is turned into a plain object; every create takes an idempotency key,
 * which callers derive from their own row id so a retried request never creates a second object.
 */
import { isKnownTransactionStatus, type OppTransactionStatus } from '@podpot/domain';

export type { OppTransactionStatus } from '@podpot/domain';

/* ---------- open enums (payments.md §8) ---------- */

export type OppMerchantStatus = 'new' | 'pending' | 'live' | 'suspended' | 'terminated' | 'blocked' | (string & {});
export type OppComplianceStatus = 'unverified' | 'pending' | 'verified' | (string & {});
export type OppBankAccountStatus = 'new' | 'pending' | 'approved' | 'disapproved' | (string & {});
export type OppMandateStatus = 'created' | 'pending' | 'completed' | 'revoked' | (string & {});
export type OppRefundStatus = 'created' | 'pending' | 'completed' | (string & {});
export type OppPaymentMethod = 'ideal' | 'bcmc' | 'paypal-ppcp' | 'creditcard' | 'sepa' | (string & {});
export type OppLocale = 'nl' | 'en' | 'fr' | 'de';

const KNOWN = {
  merchantStatus: ['new', 'pending', 'live', 'suspended', 'terminated', 'blocked'],
  complianceStatus: ['unverified', 'pending', 'verified'],
  bankAccountStatus: ['new', 'pending', 'approved', 'disapproved'],
  mandateStatus: ['created', 'pending', 'completed', 'revoked'],
} as const;

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
  amount: number;
  paymentMethod: OppPaymentMethod | null;
  redirectUrl: string | null;
  returnUrl: string | null;
  notifyUrl: string | null;
  statuses: OppStatusEntry[];
  metadata: Metadata;
}

export interface OppRefund {
  uid: string;
  created: number;
  paid: number | null;
  amount: number;
  status: OppRefundStatus;
  message: string | null;
}

export interface OppMandate {
  uid: string;
  created: number;
  status: OppMandateStatus;
  token: string | null;
  redirectUrl: string | null;
  amount: number | null;
  merchantUid: string | null;
  /** The first payment of a `payment`-method mandate (its completion makes the mandate usable). */
  transactionUid: string | null;
  metadata: Metadata;
}

export interface OppSettlement {
  uid: string;
  status: string;
  periodStart: number | null;
  periodEnd: number | null;
  totalAmount: number;
  amountPaid: number;
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
  payment_method?: OppPaymentMethod;
  issuer?: string;
  checkout?: boolean;
  locale?: OppLocale;
  partner_fee?: number;
  description?: string;
  buyer_emailaddress?: string;
  metadata?: Record<string, string>;
}

export interface CreateMerchantInput {
  type: 'consumer' | 'business';
  country: string;
  emailaddress: string;
  phone: string;
  notify_url: string;
  return_url?: string;
  locale?: OppLocale;
  name_first?: string;
  name_last?: string;
  coc_nr?: string;
  vat_nr?: string;
  legal_name?: string;
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
  payment_method?: OppPaymentMethod;
  issuer?: string;
  return_url: string;
  notify_url: string;
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

/* ---------- errors ---------- */

export class OppError extends Error {
  /** The provider's `error.code`, when it sent one. */
  readonly code: string | number | null;
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'OppError';
    this.code = (body as { error?: { code?: string | number } } | undefined)?.error?.code ?? null;
  }
}

export interface OppClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Called for enum values the client does not know (they are kept, not dropped). */
  onUnknownValue?: (field: string, value: string) => void;
}

/* ---------- mapping helpers ---------- */

type Raw = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** OPP answers metadata as `[{key,value}]`; older objects may carry a plain object. */
export function parseMetadata(value: unknown): Metadata {
  const out: Metadata = {};
  if (Array.isArray(value)) {
    for (const entry of value) {
      const key = str((entry as Raw)?.key);
      if (key !== null) out[key] = String((entry as Raw).value ?? '');
    }
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) out[key] = String(v ?? '');
  }
  return out;
}

export class OppClient {
  private base: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: OppClientOptions) {
    this.base = options.baseUrl.replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  /** Points the client at another base URL (tests learn the simulator's port only after listen). */
  rebase(baseUrl: string): void {
    this.base = baseUrl.replace(/\/$/, '');
  }

  /** The API base (e.g. https://api-sandbox.onlinebetaalplatform.nl/v1). */
  get baseUrl(): string {
    return this.base;
  }

  /**
   * True when `url` points into this API (same origin and under the base path). Notifications
   * name the object's URL; we only ever fetch it from the API we are configured for.
   */
  ownsUrl(url: string): boolean {
    try {
      const target = new URL(url);
      const base = new URL(this.base);
      return target.origin === base.origin && target.pathname.startsWith(`${base.pathname.replace(/\/$/, '')}/`);
    } catch {
      return false;
    }
  }

  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new OppError(0, undefined, `OPP ${method} ${path} failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const message = (json as { error?: { message?: string } })?.error?.message ?? res.statusText;
      throw new OppError(res.status, json, `OPP ${method} ${path} failed (${res.status}): ${message}`);
    }
    if (json === undefined || typeof json !== 'object') {
      throw new OppError(res.status, text, `OPP ${method} ${path} answered without a JSON body`);
    }
    return json as T;
  }

  /** A POST that creates something: always carries the caller's idempotency key. */
  private create<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
    if (!idempotencyKey) throw new Error('an Idempotency-Key is required for every create');
    return this.request<T>('POST', path, body, { 'idempotency-key': idempotencyKey });
  }

  private open<T extends string>(field: string, value: unknown, known: readonly string[]): T {
    const s = typeof value === 'string' ? value : String(value ?? '');
    if (!known.includes(s)) this.options.onUnknownValue?.(field, s);
    return s as T;
  }

  private list<T>(raw: Raw, map: (item: Raw) => T): OppList<T> {
    const data = Array.isArray(raw.data) ? (raw.data as Raw[]).map(map) : [];
    return {
      data,
      hasMore: raw.has_more === true,
      totalItemCount: num(raw.total_item_count) ?? data.length,
      currentPage: num(raw.current_page) ?? 1,
      lastPage: num(raw.last_page) ?? 1,
    };
  }

  /* ----- mapping ----- */

  toTransaction = (raw: Raw): OppTransaction => {
    const status = String(raw.status ?? '');
    if (!isKnownTransactionStatus(status)) this.options.onUnknownValue?.('transaction.status', status);
    return {
      uid: String(raw.uid),
      livemode: raw.livemode === true,
      created: num(raw.created) ?? 0,
      updated: num(raw.updated) ?? 0,
      completed: num(raw.completed),
      merchantUid: String(raw.merchant_uid ?? ''),
      status,
      // The request says total_price; the answer says amount (payments.md §2.2).
      amount: num(raw.amount) ?? num(raw.total_price) ?? 0,
      paymentMethod: str(raw.payment_method),
      redirectUrl: str(raw.redirect_url),
      returnUrl: str(raw.return_url),
      notifyUrl: str(raw.notify_url),
      statuses: Array.isArray(raw.statuses)
        ? (raw.statuses as Raw[]).map((s) => ({
            uid: String(s.uid ?? ''),
            status: String(s.status ?? ''),
            created: num(s.created) ?? 0,
          }))
        : [],
      metadata: parseMetadata(raw.metadata),
    };
  };

  toMerchant = (raw: Raw): OppMerchant => {
    const compliance = (raw.compliance ?? {}) as Raw;
    return {
      uid: String(raw.uid),
      livemode: raw.livemode === true,
      created: num(raw.created) ?? 0,
      updated: num(raw.updated) ?? 0,
      status: this.open('merchant.status', raw.status, KNOWN.merchantStatus),
      type: String(raw.type ?? ''),
      name: str(raw.name),
      emailaddress: str(raw.emailaddress),
      phone: str(raw.phone),
      country: str(raw.country),
      cocNr: str(raw.coc_nr),
      vatNr: str(raw.vat_nr),
      compliance: {
        level: num(compliance.level),
        status: this.open('merchant.compliance.status', compliance.status, KNOWN.complianceStatus),
        overviewUrl: str(compliance.overview_url),
        requirements: Array.isArray(compliance.requirements)
          ? (compliance.requirements as Raw[]).map((r) => ({
              type: String(r.type ?? ''),
              status: String(r.status ?? ''),
              objectType: str(r.object_type),
              objectUid: str(r.object_uid),
              objectUrl: str(r.object_url),
              objectRedirectUrl: str(r.object_redirect_url),
            }))
          : [],
      },
      notifyUrl: str(raw.notify_url),
      returnUrl: str(raw.return_url),
      metadata: parseMetadata(raw.metadata),
    };
  };

  toBankAccount = (raw: Raw): OppBankAccount => ({
    uid: String(raw.uid),
    created: num(raw.created) ?? 0,
    updated: num(raw.updated) ?? 0,
    verified: num(raw.verified),
    verificationUrl: str(raw.verification_url),
    status: this.open('bank_account.status', raw.status, KNOWN.bankAccountStatus),
    iban: str((raw.account as Raw | undefined)?.account_iban),
    bic: str((raw.bank as Raw | undefined)?.bic),
    isDefault: raw.is_default === true,
  });

  toRefund = (raw: Raw): OppRefund => ({
    uid: String(raw.uid),
    created: num(raw.created) ?? 0,
    paid: num(raw.paid),
    amount: num(raw.amount) ?? 0,
    status: String(raw.status ?? ''),
    message: str(raw.message),
  });

  toMandate = (raw: Raw): OppMandate => ({
    uid: String(raw.uid),
    created: num(raw.created) ?? 0,
    status: this.open('mandate.status', raw.status, KNOWN.mandateStatus),
    token: str(raw.token),
    redirectUrl: str(raw.redirect_url),
    amount: num(raw.amount) ?? num(raw.mandate_amount),
    merchantUid: str(raw.merchant_uid),
    transactionUid: str(raw.transaction_uid),
    metadata: parseMetadata(raw.metadata),
  });

  toSettlement = (raw: Raw): OppSettlement => ({
    uid: String(raw.uid),
    status: String(raw.status ?? ''),
    periodStart: num(raw.period_start),
    periodEnd: num(raw.period_end),
    totalAmount: num(raw.total_amount) ?? 0,
    amountPaid: num(raw.amount_paid) ?? 0,
    amountPayable: num(raw.amount_payable) ?? 0,
    numberOfTransactions: num(raw.number_of_transactions) ?? num(raw.total_number_of_transactions) ?? 0,
    totalTransactionCosts: num(raw.total_transaction_costs) ?? 0,
    totalVolume: num(raw.total_volume) ?? num(raw.transaction_volume) ?? 0,
    paid: num(raw.paid) ?? num(raw.date_paid) ?? null,
    specificationUids: Array.isArray(raw.specifications)
      ? (raw.specifications as Raw[]).map((s) => String(s.uid ?? '')).filter(Boolean)
      : [],
  });

  toSettlementRow = (raw: Raw): OppSettlementRow => ({
    type: String(raw.type ?? ''),
    reference: String(raw.reference ?? ''),
    amount: num(raw.amount) ?? 0,
    totalPartnerFee: num(raw.total_partner_fee) ?? 0,
    amountPayable: num(raw.amount_payable) ?? 0,
  });

  /* ----- merchants ----- */

  async createMerchant(input: CreateMerchantInput, idempotencyKey: string): Promise<OppMerchant> {
    return this.toMerchant(await this.create<Raw>('/merchants', input, idempotencyKey));
  }

  async getMerchant(uid: string): Promise<OppMerchant> {
    return this.toMerchant(await this.request<Raw>('GET', `/merchants/${encodeURIComponent(uid)}`));
  }

  async updateMerchant(uid: string, input: UpdateMerchantInput): Promise<OppMerchant> {
    return this.toMerchant(await this.request<Raw>('POST', `/merchants/${encodeURIComponent(uid)}`, input));
  }

  /** Consumer → business merchant, same uid (payments.md §1.7). */
  async migrateMerchant(uid: string, input: MigrateMerchantInput, idempotencyKey: string): Promise<OppMerchant> {
    return this.toMerchant(
      await this.create<Raw>(`/merchants/${encodeURIComponent(uid)}/migrate`, input, idempotencyKey),
    );
  }

  /* ----- bank accounts ----- */

  async createBankAccount(
    merchantUid: string,
    input: CreateBankAccountInput,
    idempotencyKey: string,
  ): Promise<OppBankAccount> {
    return this.toBankAccount(
      await this.create<Raw>(`/merchants/${encodeURIComponent(merchantUid)}/bank_accounts`, input, idempotencyKey),
    );
  }

  async listBankAccounts(merchantUid: string): Promise<OppList<OppBankAccount>> {
    const raw = await this.request<Raw>('GET', `/merchants/${encodeURIComponent(merchantUid)}/bank_accounts`);
    return this.list(raw, this.toBankAccount);
  }

  /* ----- transactions ----- */

  async createTransaction(input: CreateTransactionInput, idempotencyKey: string): Promise<OppTransaction> {
    return this.toTransaction(await this.create<Raw>('/transactions', input, idempotencyKey));
  }

  async getTransaction(uid: string): Promise<OppTransaction> {
    return this.toTransaction(await this.request<Raw>('GET', `/transactions/${encodeURIComponent(uid)}`));
  }

  /** Reads a transaction by the `object_url` of a notification; refuses URLs outside this API. */
  async getTransactionByUrl(url: string): Promise<OppTransaction> {
    if (!this.ownsUrl(url)) throw new OppError(0, undefined, `refusing to fetch ${url}: not the configured OPP API`);
    return this.toTransaction(await this.request<Raw>('GET', url.slice(this.base.length)));
  }

  async listTransactions(params: { page?: number; perpage?: number; status?: string } = {}) {
    const q = new URLSearchParams();
    if (params.page) q.set('page', String(params.page));
    if (params.perpage) q.set('perpage', String(params.perpage));
    if (params.status) q.set('filter[status]', params.status);
    const raw = await this.request<Raw>('GET', `/transactions${q.size ? `?${q}` : ''}`);
    return this.list(raw, this.toTransaction);
  }

  /* ----- refunds ----- */

  async createRefund(transactionUid: string, input: CreateRefundInput, idempotencyKey: string): Promise<OppRefund> {
    return this.toRefund(
      await this.create<Raw>(`/transactions/${encodeURIComponent(transactionUid)}/refunds`, input, idempotencyKey),
    );
  }

  async listRefunds(transactionUid: string): Promise<OppList<OppRefund>> {
    const raw = await this.request<Raw>('GET', `/transactions/${encodeURIComponent(transactionUid)}/refunds`);
    return this.list(raw, this.toRefund);
  }

  /* ----- mandates ----- */

  async createMandate(input: CreateMandateInput, idempotencyKey: string): Promise<OppMandate> {
    return this.toMandate(await this.create<Raw>('/mandates', input, idempotencyKey));
  }

  async getMandate(uid: string): Promise<OppMandate> {
    return this.toMandate(await this.request<Raw>('GET', `/mandates/${encodeURIComponent(uid)}`));
  }

  /** Revokes a mandate (DELETE /mandates/{uid}): no further charges against it. */
  async revokeMandate(uid: string): Promise<OppMandate> {
    return this.toMandate(await this.request<Raw>('DELETE', `/mandates/${encodeURIComponent(uid)}`));
  }

  /** A charge against a mandate: an ordinary transaction (payments.md §3). */
  async createMandateTransaction(
    mandateUid: string,
    input: CreateMandateTransactionInput,
    idempotencyKey: string,
  ): Promise<OppTransaction> {
    return this.toTransaction(
      await this.create<Raw>(`/mandates/${encodeURIComponent(mandateUid)}/transactions`, input, idempotencyKey),
    );
  }

  /* ----- settlements, issuers ----- */

  async listSettlements(merchantUid: string): Promise<OppList<OppSettlement>> {
    const raw = await this.request<Raw>(
      'GET',
      `/merchants/${encodeURIComponent(merchantUid)}/settlements?expand[]=specifications&order[]=-period`,
    );
    return this.list(raw, this.toSettlement);
  }

  async listSettlementRows(
    settlementUid: string,
    specificationUid: string,
    page = 1,
  ): Promise<OppList<OppSettlementRow>> {
    const raw = await this.request<Raw>(
      'GET',
      `/settlements/${encodeURIComponent(settlementUid)}/specifications/${encodeURIComponent(specificationUid)}/rows?perpage=100&page=${page}`,
    );
    return this.list(raw, this.toSettlementRow);
  }

  /** iDEAL banks. With iDEAL 2.0 the bank is chosen at the hub, so this list may be empty. */
  async listIdealIssuers(): Promise<OppIssuer[]> {
    const res = await this.request<{ data?: OppIssuer[] }>('GET', '/ideal_issuers');
    return (res.data ?? []).map(({ bic, name }) => ({ bic, name }));
  }
}
