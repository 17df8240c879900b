/**
 * The one typed client of the OPP REST API (see shared/payments.md). Talks to the real API when
 * OPP_API_URL is set, otherwise to the built-in simulator under /sim/opp/v1 — same shapes either way.
 *
 * Conventions: amounts are integer cents; provider enums stay open (`string & {}`) and unknown
 * values are reported through `onUnknownValue` (logged by the app); `metadata` comes back as
 * `[{key,value}]` and is turned into a plain object; every create takes an idempotency key,
 * which callers derive from their own row id so a retried request never creates a second object.
 * Answers are parsed with zod schemas that map the provider's JSON to these types: lenient where the
 * provider may omit a field or send a number as a string, strict where a missing value would leave us
 * with `undefined` (an object without its uid): that answer is an OppError naming the bad field.
 */
import { isKnownTransactionStatus, type OppTransactionStatus } from '@podpot/domain';
import { z } from 'zod';

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
const knows = (values: readonly string[]) => (value: string) => values.includes(value);

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

/* ---------- parsing the provider's JSON ---------- */

/** A number; the provider may send it as a string ("250"). Absent or null → null. */
const num = z
  .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().nullish())
  .transform((v) => v ?? null);
/** Text (a number is taken as its digits). Absent or null → null. */
const str = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));
/** The one field an object cannot do without. */
const uid = z.string().min(1);
/** Only a JSON `true` is true. */
const flag = z
  .unknown()
  .optional()
  .transform((v) => v === true);
const metadata = z
  .unknown()
  .optional()
  .transform((v) => parseMetadata(v));
const listOf = <T extends z.ZodType>(item: T) => z.array(item).nullish();
/** What every top-level provider object carries, and its mapping. */
const objectFields = { uid, livemode: flag, created: num, updated: num };
const objectOf = (raw: { uid: string; livemode: boolean; created: number | null; updated: number | null }) => ({
  uid: raw.uid,
  livemode: raw.livemode,
  created: raw.created ?? 0,
  updated: raw.updated ?? 0,
});

/** OPP answers metadata as `[{key,value}]`; older objects may carry a plain object. */
export function parseMetadata(value: unknown): Metadata {
  const out: Metadata = {};
  if (Array.isArray(value)) {
    for (const entry of value) {
      const key = (entry as { key?: unknown } | null)?.key;
      if (typeof key === 'string') out[key] = String((entry as { value?: unknown }).value ?? '');
    }
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) out[key] = String(v ?? '');
  }
  return out;
}

const TransactionSchema = z
  .object({
    ...objectFields,
    completed: num,
    merchant_uid: str,
    status: str,
    amount: num,
    total_price: num,
    payment_method: str,
    redirect_url: str,
    return_url: str,
    notify_url: str,
    statuses: listOf(z.object({ uid: str, status: str, created: num })),
    metadata,
  })
  .transform(
    (raw): OppTransaction => ({
      ...objectOf(raw),
      completed: raw.completed,
      merchantUid: raw.merchant_uid ?? '',
      status: raw.status ?? '',
      // The request says total_price; the answer says amount (payments.md §2.2).
      amount: raw.amount ?? raw.total_price ?? 0,
      paymentMethod: raw.payment_method,
      redirectUrl: raw.redirect_url,
      returnUrl: raw.return_url,
      notifyUrl: raw.notify_url,
      statuses: (raw.statuses ?? []).map((s) => ({
        uid: s.uid ?? '',
        status: s.status ?? '',
        created: s.created ?? 0,
      })),
      metadata: raw.metadata,
    }),
  );

const RequirementSchema = z
  .object({ type: str, status: str, object_type: str, object_uid: str, object_url: str, object_redirect_url: str })
  .transform(
    (r): OppRequirement => ({
      type: r.type ?? '',
      status: r.status ?? '',
      objectType: r.object_type,
      objectUid: r.object_uid,
      objectUrl: r.object_url,
      objectRedirectUrl: r.object_redirect_url,
    }),
  );

const MerchantSchema = z
  .object({
    ...objectFields,
    status: str,
    type: str,
    name: str,
    emailaddress: str,
    phone: str,
    country: str,
    coc_nr: str,
    vat_nr: str,
    compliance: z
      .object({ level: num, status: str, overview_url: str, requirements: listOf(RequirementSchema) })
      .nullish(),
    notify_url: str,
    return_url: str,
    metadata,
  })
  .transform(
    (raw): OppMerchant => ({
      ...objectOf(raw),
      status: raw.status ?? '',
      type: raw.type ?? '',
      name: raw.name,
      emailaddress: raw.emailaddress,
      phone: raw.phone,
      country: raw.country,
      cocNr: raw.coc_nr,
      vatNr: raw.vat_nr,
      compliance: {
        level: raw.compliance?.level ?? null,
        status: raw.compliance?.status ?? '',
        overviewUrl: raw.compliance?.overview_url ?? null,
        requirements: raw.compliance?.requirements ?? [],
      },
      notifyUrl: raw.notify_url,
      returnUrl: raw.return_url,
      metadata: raw.metadata,
    }),
  );

const BankAccountSchema = z
  .object({
    uid,
    created: num,
    updated: num,
    verified: num,
    verification_url: str,
    status: str,
    account: z.object({ account_iban: str }).nullish(),
    bank: z.object({ bic: str }).nullish(),
    is_default: flag,
  })
  .transform(
    (raw): OppBankAccount => ({
      uid: raw.uid,
      created: raw.created ?? 0,
      updated: raw.updated ?? 0,
      verified: raw.verified,
      verificationUrl: raw.verification_url,
      status: raw.status ?? '',
      iban: raw.account?.account_iban ?? null,
      bic: raw.bank?.bic ?? null,
      isDefault: raw.is_default,
    }),
  );

const RefundSchema = z.object({ uid, created: num, paid: num, amount: num, status: str, message: str }).transform(
  (raw): OppRefund => ({
    uid: raw.uid,
    created: raw.created ?? 0,
    paid: raw.paid,
    amount: raw.amount ?? 0,
    status: raw.status ?? '',
    message: raw.message,
  }),
);

const MandateSchema = z
  .object({
    uid,
    created: num,
    status: str,
    token: str,
    redirect_url: str,
    amount: num,
    mandate_amount: num,
    merchant_uid: str,
    transaction_uid: str,
    metadata,
  })
  .transform(
    (raw): OppMandate => ({
      uid: raw.uid,
      created: raw.created ?? 0,
      status: raw.status ?? '',
      token: raw.token,
      redirectUrl: raw.redirect_url,
      amount: raw.amount ?? raw.mandate_amount,
      merchantUid: raw.merchant_uid,
      transactionUid: raw.transaction_uid,
      metadata: raw.metadata,
    }),
  );

const SettlementSchema = z
  .object({
    uid,
    status: str,
    period_start: num,
    period_end: num,
    total_amount: num,
    amount_paid: num,
    amount_payable: num,
    number_of_transactions: num,
    total_number_of_transactions: num,
    total_transaction_costs: num,
    total_volume: num,
    transaction_volume: num,
    paid: num,
    date_paid: num,
    specifications: listOf(z.object({ uid: str })),
  })
  .transform(
    (raw): OppSettlement => ({
      uid: raw.uid,
      status: raw.status ?? '',
      periodStart: raw.period_start,
      periodEnd: raw.period_end,
      totalAmount: raw.total_amount ?? 0,
      amountPaid: raw.amount_paid ?? 0,
      amountPayable: raw.amount_payable ?? 0,
      numberOfTransactions: raw.number_of_transactions ?? raw.total_number_of_transactions ?? 0,
      totalTransactionCosts: raw.total_transaction_costs ?? 0,
      totalVolume: raw.total_volume ?? raw.transaction_volume ?? 0,
      paid: raw.paid ?? raw.date_paid,
      specificationUids: (raw.specifications ?? []).map((spec) => spec.uid ?? '').filter(Boolean),
    }),
  );

const SettlementRowSchema = z
  .object({ type: str, reference: str, amount: num, total_partner_fee: num, amount_payable: num })
  .transform(
    (raw): OppSettlementRow => ({
      type: raw.type ?? '',
      reference: raw.reference ?? '',
      amount: raw.amount ?? 0,
      totalPartnerFee: raw.total_partner_fee ?? 0,
      amountPayable: raw.amount_payable ?? 0,
    }),
  );

/** The list envelope around `data`. */
function listSchema<T>(item: z.ZodType<T>) {
  return z
    .object({ data: listOf(item), has_more: flag, total_item_count: num, current_page: num, last_page: num })
    .transform(
      (raw): OppList<T> => ({
        data: raw.data ?? [],
        hasMore: raw.has_more,
        totalItemCount: raw.total_item_count ?? raw.data?.length ?? 0,
        currentPage: raw.current_page ?? 1,
        lastPage: raw.last_page ?? 1,
      }),
    );
}

const IssuersSchema = z.object({ data: listOf(z.object({ bic: z.string(), name: z.string() })) });

/** "uid: expected string, received undefined; amount: …": which fields of an answer were wrong. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
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
    return (await this.exchange(method, path, body, headers)).json as T;
  }

  /** One call and its answer parsed by `schema`; an answer that does not fit is an OppError saying where. */
  private async call<T>(
    schema: z.ZodType<T>,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const { status, json } = await this.exchange(method, path, body, headers);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new OppError(
        status,
        json,
        `OPP ${method} ${path} answered unexpected JSON: ${describeIssues(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  private async exchange(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; json: unknown }> {
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
    return { status: res.status, json };
  }

  /** A POST that creates something: always carries the caller's idempotency key. */
  private async create<T>(schema: z.ZodType<T>, path: string, body: unknown, idempotencyKey: string): Promise<T> {
    if (!idempotencyKey) throw new Error('an Idempotency-Key is required for every create');
    return this.call(schema, 'POST', path, body, { 'idempotency-key': idempotencyKey });
  }

  /** Reports an enum value the client does not know; the value is kept. */
  private check(field: string, value: string, isKnown: (value: string) => boolean): void {
    if (!isKnown(value)) this.options.onUnknownValue?.(field, value);
  }

  private checked = {
    transaction: (tx: OppTransaction) => {
      this.check('transaction.status', tx.status, isKnownTransactionStatus);
      return tx;
    },
    merchant: (m: OppMerchant) => {
      this.check('merchant.status', m.status, knows(KNOWN.merchantStatus));
      this.check('merchant.compliance.status', m.compliance.status, knows(KNOWN.complianceStatus));
      return m;
    },
    bankAccount: (b: OppBankAccount) => {
      this.check('bank_account.status', b.status, knows(KNOWN.bankAccountStatus));
      return b;
    },
    mandate: (m: OppMandate) => {
      this.check('mandate.status', m.status, knows(KNOWN.mandateStatus));
      return m;
    },
  };

  /* ----- merchants ----- */

  async createMerchant(input: CreateMerchantInput, idempotencyKey: string): Promise<OppMerchant> {
    return this.checked.merchant(await this.create(MerchantSchema, '/merchants', input, idempotencyKey));
  }

  async getMerchant(uid: string): Promise<OppMerchant> {
    return this.checked.merchant(await this.call(MerchantSchema, 'GET', `/merchants/${encodeURIComponent(uid)}`));
  }

  async updateMerchant(uid: string, input: UpdateMerchantInput): Promise<OppMerchant> {
    return this.checked.merchant(
      await this.call(MerchantSchema, 'POST', `/merchants/${encodeURIComponent(uid)}`, input),
    );
  }

  /** Consumer → business merchant, same uid (payments.md §1.7). */
  async migrateMerchant(uid: string, input: MigrateMerchantInput, idempotencyKey: string): Promise<OppMerchant> {
    return this.checked.merchant(
      await this.create(MerchantSchema, `/merchants/${encodeURIComponent(uid)}/migrate`, input, idempotencyKey),
    );
  }

  /* ----- bank accounts ----- */

  async createBankAccount(
    merchantUid: string,
    input: CreateBankAccountInput,
    idempotencyKey: string,
  ): Promise<OppBankAccount> {
    const path = `/merchants/${encodeURIComponent(merchantUid)}/bank_accounts`;
    return this.checked.bankAccount(await this.create(BankAccountSchema, path, input, idempotencyKey));
  }

  async listBankAccounts(merchantUid: string): Promise<OppList<OppBankAccount>> {
    const path = `/merchants/${encodeURIComponent(merchantUid)}/bank_accounts`;
    const list = await this.call(listSchema(BankAccountSchema), 'GET', path);
    list.data.forEach(this.checked.bankAccount);
    return list;
  }

  /* ----- transactions ----- */

  async createTransaction(input: CreateTransactionInput, idempotencyKey: string): Promise<OppTransaction> {
    return this.checked.transaction(await this.create(TransactionSchema, '/transactions', input, idempotencyKey));
  }

  async getTransaction(uid: string): Promise<OppTransaction> {
    return this.checked.transaction(
      await this.call(TransactionSchema, 'GET', `/transactions/${encodeURIComponent(uid)}`),
    );
  }

  /** Reads a transaction by the `object_url` of a notification; refuses URLs outside this API. */
  async getTransactionByUrl(url: string): Promise<OppTransaction> {
    if (!this.ownsUrl(url)) throw new OppError(0, undefined, `refusing to fetch ${url}: not the configured OPP API`);
    return this.checked.transaction(await this.call(TransactionSchema, 'GET', url.slice(this.base.length)));
  }

  async listTransactions(params: { page?: number; perpage?: number; status?: string } = {}) {
    const q = new URLSearchParams();
    if (params.page) q.set('page', String(params.page));
    if (params.perpage) q.set('perpage', String(params.perpage));
    if (params.status) q.set('filter[status]', params.status);
    const list = await this.call(listSchema(TransactionSchema), 'GET', `/transactions${q.size ? `?${q}` : ''}`);
    list.data.forEach(this.checked.transaction);
    return list;
  }

  /* ----- refunds ----- */

  async createRefund(transactionUid: string, input: CreateRefundInput, idempotencyKey: string): Promise<OppRefund> {
    const path = `/transactions/${encodeURIComponent(transactionUid)}/refunds`;
    return this.create(RefundSchema, path, input, idempotencyKey);
  }

  async listRefunds(transactionUid: string): Promise<OppList<OppRefund>> {
    return this.call(listSchema(RefundSchema), 'GET', `/transactions/${encodeURIComponent(transactionUid)}/refunds`);
  }

  /* ----- mandates ----- */

  async createMandate(input: CreateMandateInput, idempotencyKey: string): Promise<OppMandate> {
    return this.checked.mandate(await this.create(MandateSchema, '/mandates', input, idempotencyKey));
  }

  async getMandate(uid: string): Promise<OppMandate> {
    return this.checked.mandate(await this.call(MandateSchema, 'GET', `/mandates/${encodeURIComponent(uid)}`));
  }

  /** Revokes a mandate (DELETE /mandates/{uid}): no further charges against it. */
  async revokeMandate(uid: string): Promise<OppMandate> {
    return this.checked.mandate(await this.call(MandateSchema, 'DELETE', `/mandates/${encodeURIComponent(uid)}`));
  }

  /** A charge against a mandate: an ordinary transaction (payments.md §3). */
  async createMandateTransaction(
    mandateUid: string,
    input: CreateMandateTransactionInput,
    idempotencyKey: string,
  ): Promise<OppTransaction> {
    const path = `/mandates/${encodeURIComponent(mandateUid)}/transactions`;
    return this.checked.transaction(await this.create(TransactionSchema, path, input, idempotencyKey));
  }

  /* ----- settlements, issuers ----- */

  async listSettlements(merchantUid: string): Promise<OppList<OppSettlement>> {
    const path = `/merchants/${encodeURIComponent(merchantUid)}/settlements?expand[]=specifications&order[]=-period`;
    return this.call(listSchema(SettlementSchema), 'GET', path);
  }

  async listSettlementRows(
    settlementUid: string,
    specificationUid: string,
    page = 1,
  ): Promise<OppList<OppSettlementRow>> {
    const path = `/settlements/${encodeURIComponent(settlementUid)}/specifications/${encodeURIComponent(specificationUid)}/rows?perpage=100&page=${page}`;
    return this.call(listSchema(SettlementRowSchema), 'GET', path);
  }

  /** iDEAL banks. With iDEAL 2.0 the bank is chosen at the hub, so this list may be empty. */
  async listIdealIssuers(): Promise<OppIssuer[]> {
    const res = await this.call(IssuersSchema, 'GET', '/ideal_issuers');
    return (res.data ?? []).map(({ bic, name }) => ({ bic, name }));
  }
}
