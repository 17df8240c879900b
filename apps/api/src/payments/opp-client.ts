/**
 * The one typed client of the OPP REST API (see docs/provider.md). Talks to the real API when
 * OPP_API_URL is set, otherwise to the built-in simulator under /sim/opp/v1 — same shapes either way.
 *
 * Conventions: amounts are integer cents; provider enums stay open (`string & {}`) and unknown
 * values are reported through `onUnknownValue` (logged by the app); `metadata` comes back as
 * `[{key,value}]` and is turned into a plain object; every create takes an idempotency key,
 * which callers derive from their own row id so a retried request never creates a second object.
 * Answers are parsed with zod schemas that map the provider's JSON to these types: lenient where the
 * provider may omit a field or send a number as a string, strict where a missing value would leave us
 * with `undefined` (an object without its uid): that answer is an OppError naming the bad field.
 *
 * Robustness (docs/provider.md §0 errors; decisions 013 and 019) lives in the transport (opp-transport.ts):
 * calls that may safely be repeated are retried on 409, 429, 5xx, a network error or a timeout;
 * changes to one merchant go one at a time, payments naming one merchant a bounded number at a time.
 */
import { isKnownMandateStatus, isKnownTransactionStatus } from '@podpot/domain';
import type { z } from 'zod';
import { lookUpSent, type OppLookup, type SentObject } from './opp-lookup.js';
import {
  BankAccountSchema,
  describeIssues,
  IssuersSchema,
  listSchema,
  listSkippingBadItems,
  MandateSchema,
  MerchantSchema,
  RefundSchema,
  SettlementRowSchema,
  SettlementSchema,
  TransactionSchema,
} from './opp-schemas.js';
import { OppError, OppTransport, type OppTransportOptions } from './opp-transport.js';
import type {
  CreateBankAccountInput,
  CreateMandateInput,
  CreateMandateTransactionInput,
  CreateMerchantInput,
  CreateRefundInput,
  CreateTransactionInput,
  MigrateMerchantInput,
  OppBankAccount,
  OppIssuer,
  OppList,
  OppMandate,
  OppMerchant,
  OppPartialList,
  OppRefund,
  OppSettlement,
  OppSettlementRow,
  OppTransaction,
  UpdateMerchantInput,
} from './opp-types.js';

export type { OppTransactionStatus } from '@podpot/domain';
export {
  LOOKUP_CLOCK_SLACK_SECONDS,
  LOOKUP_MAX_PAGES,
  type OppLookup,
  OppLookupIncomplete,
} from './opp-lookup.js';
export { parseMetadata } from './opp-schemas.js';
export { OppError, type OppRetryOptions } from './opp-transport.js';
export type * from './opp-types.js';

const KNOWN = {
  merchantStatus: ['new', 'pending', 'live', 'suspended', 'terminated', 'blocked'],
  complianceStatus: ['unverified', 'pending', 'verified'],
  bankAccountStatus: ['new', 'pending', 'approved', 'disapproved'],
} as const;
const knows = (values: readonly string[]) => (value: string) => values.includes(value);

/**
 * True when a create was refused because its Idempotency-Key was used before — what a provider that
 * does not replay keys would answer (docs/money-rules.md §8). What OPP answers is not known (docs/provider.md §12,
 * sandbox checklist 3); assumed: a 409 (documented for a concurrent request with the key, so the object
 * may exist already), or a 400/422 whose code or message names the idempotency key. Either way the
 * caller looks the object up by its reference instead of giving up.
 */
export function isIdempotencyKeyUsed(err: unknown): boolean {
  if (!(err instanceof OppError)) return false;
  if (err.status === 409) return true;
  if (err.status !== 400 && err.status !== 422) return false;
  return /idempotency/i.test(`${err.code ?? ''} ${err.message}`);
}

export interface OppClientOptions extends OppTransportOptions {
  /** Called for enum values the client does not know (they are kept, not dropped). */
  onUnknownValue?: (field: string, value: string) => void;
}

export class OppClient {
  private readonly transport: OppTransport;

  constructor(private readonly options: OppClientOptions) {
    this.transport = new OppTransport(options);
  }

  private get base(): string {
    return this.transport.base;
  }

  /** The API base (e.g. https://api-sandbox.onlinebetaalplatform.nl/v1). */
  get baseUrl(): string {
    return this.base;
  }

  /**
   * The path of `url` below this API's base, from its parsed form; null when it is not under the base
   * (another origin, user info, a path that `..` takes out of the base, not a URL). The one decision
   * whether a URL is ours: notifications name the object's URL, and we only ever fetch it from the API
   * we are configured for. Never cut the raw string at the base's length instead: one spelled
   * differently (`http:127.1:…`, `:443`) passes a check on its parsed form yet names another path.
   */
  private pathUnderBase(url: string): string | null {
    let target: URL;
    let base: URL;
    try {
      target = new URL(url);
      base = new URL(this.base);
    } catch {
      return null;
    }
    const basePath = base.pathname.replace(/\/$/, '');
    const isUnderBase =
      target.origin === base.origin &&
      !target.username &&
      !target.password &&
      target.pathname.startsWith(`${basePath}/`);
    return isUnderBase ? target.pathname.slice(basePath.length) : null;
  }

  /**
   * The provider API path a notification's `object_url` names (`/transactions/tra_…`), whatever its
   * host: the part after the API's version segment (the base's last, e.g. `v1`). The host is not
   * compared, because OPP_API_URL may be an egress proxy while the provider names its own host; the
   * URL is never fetched (the object is re-read by uid from the configured API with our key). Null
   * for what no provider API would name: not an absolute http(s) URL, user info, no version segment.
   */
  apiPathOf(url: string): string | null {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return null;
    }
    if (!['http:', 'https:'].includes(target.protocol) || target.username || target.password) return null;
    const version = new URL(this.base).pathname.replace(/\/$/, '').split('/').pop();
    if (!version) return null;
    const segments = target.pathname.split('/');
    const at = segments.indexOf(version);
    const rest = at < 0 ? [] : segments.slice(at + 1);
    return rest.length > 0 && rest[0] ? `/${rest.join('/')}` : null;
  }

  /** `url` rebuilt on the configured base (see pathUnderBase), or null when it is not this API's. */
  urlUnderBase(url: string): string | null {
    const path = this.pathUnderBase(url);
    return path === null ? null : `${this.base}${path}`;
  }

  /** True when `url` points into this API (see pathUnderBase). */
  ownsUrl(url: string): boolean {
    return this.pathUnderBase(url) !== null;
  }

  /** One call and its answer parsed by `schema`; an answer that does not fit is an OppError saying where. */
  private async call<T>(
    schema: z.ZodType<T>,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const { status, json } = await this.transport.exchange({ method, path, body, headers });
    return this.parse(schema, method, path, status, json);
  }

  private parse<T>(schema: z.ZodType<T>, method: string, path: string, status: number, json: unknown): T {
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
      this.check('mandate.status', m.status, isKnownMandateStatus);
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

  /**
   * The partner's merchants with this e-mail address (`filter[emailaddress]`, as public integrations
   * use it). No recorded merchant answer carries `emailaddress`, so the filter is trusted: a merchant
   * that names another address is left out, one that names none is kept. Callers decide whose a
   * merchant is by the metadata we sent with it, never by the address alone.
   */
  async findMerchantsByEmail(emailaddress: string): Promise<OppMerchant[]> {
    const q = new URLSearchParams({ 'filter[emailaddress]': emailaddress, perpage: '100' });
    const list = await this.call(listSchema(MerchantSchema), 'GET', `/merchants?${q}`);
    const wanted = emailaddress.trim().toLowerCase();
    const named = (m: OppMerchant) => !m.emailaddress || m.emailaddress.trim().toLowerCase() === wanted;
    return list.data.filter(named).map(this.checked.merchant);
  }

  /** Consumer → business merchant, same uid (docs/provider.md §1.7). */
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
    const path = this.pathUnderBase(url);
    if (path === null) throw new OppError(0, undefined, `refusing to fetch ${url}: not the configured OPP API`);
    return this.checked.transaction(await this.call(TransactionSchema, 'GET', path));
  }

  /**
   * A page of the partner's transactions, newest first; with `createdFrom` (Unix seconds) only those
   * created at or after it, oldest first (OPP's extended filter and `order[]`, unconfirmed: the caller
   * checks the answer honours them, docs/sandbox-checklist.md).
   */
  async listTransactions(params: { page?: number; perpage?: number; status?: string; createdFrom?: number } = {}) {
    const q = new URLSearchParams();
    if (params.page) q.set('page', String(params.page));
    if (params.perpage) q.set('perpage', String(params.perpage));
    if (params.status) q.set('filter[status]', params.status);
    if (params.createdFrom !== undefined) {
      q.set('filter[created][name]', 'created');
      q.set('filter[created][operand]', 'gte');
      q.set('filter[created][value]', String(params.createdFrom));
      q.set('order[]', 'created');
    }
    const list = await this.call(listSchema(TransactionSchema), 'GET', `/transactions${q.size ? `?${q}` : ''}`);
    list.data.forEach(this.checked.transaction);
    return list;
  }

  /**
   * The partner's transactions made by one create of ours (`lookup`), oldest first: how a create whose
   * answer was lost is found again instead of being sent a second time (decision 071). Empty means
   * the provider's list was read back to before our row was made without finding it; a lookup that
   * could not read that far fails (an OppError, status 0), so the caller tries again later.
   */
  async findTransactions(lookup: OppLookup): Promise<OppTransaction[]> {
    return (await this.lookUp(TransactionSchema, '/transactions', lookup)).map(this.checked.transaction);
  }

  /** The walk of findTransactions and findMandates over one of the provider's lists (opp-lookup.ts). */
  private lookUp<T extends SentObject>(schema: z.ZodType<T>, path: string, lookup: OppLookup): Promise<T[]> {
    return lookUpSent(path, lookup, (query) => this.call(listSchema(schema), 'GET', `${path}?${query}`));
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

  /** The partner's mandates made by one create of ours (`lookup`), oldest first: as findTransactions. */
  async findMandates(lookup: OppLookup): Promise<OppMandate[]> {
    return (await this.lookUp(MandateSchema, '/mandates', lookup)).map(this.checked.mandate);
  }

  /**
   * Revokes a mandate (DELETE /mandates/{uid}): no further charges against it. The provider's answer
   * is not documented (docs/provider.md §12): the mandate as it now is, or null when it answered without a
   * body (204) — read the mandate to see its status then.
   */
  async revokeMandate(uid: string): Promise<OppMandate | null> {
    const path = `/mandates/${encodeURIComponent(uid)}`;
    const { status, json } = await this.transport.exchange({ method: 'DELETE', path, allowEmpty: true });
    return json === undefined ? null : this.checked.mandate(this.parse(MandateSchema, 'DELETE', path, status, json));
  }

  /** A charge against a mandate: an ordinary transaction (docs/provider.md §3). */
  async createMandateTransaction(
    mandateUid: string,
    input: CreateMandateTransactionInput,
    idempotencyKey: string,
  ): Promise<OppTransaction> {
    const path = `/mandates/${encodeURIComponent(mandateUid)}/transactions`;
    return this.checked.transaction(await this.create(TransactionSchema, path, input, idempotencyKey));
  }

  /* ----- settlements, issuers ----- */

  /**
   * A page of a merchant's settlements with their specifications, in the provider's order: only the
   * documented parameters are sent (no `order[]`), the caller sorts. A settlement that does not parse
   * is left out and named in `skipped`.
   */
  async listSettlements(merchantUid: string, page = 1): Promise<OppPartialList<OppSettlement>> {
    const path = `/merchants/${encodeURIComponent(merchantUid)}/settlements?expand[]=specifications&perpage=100&page=${page}`;
    return this.call(listSkippingBadItems(SettlementSchema), 'GET', path);
  }

  /** A page of a specification's rows; a row that does not parse is left out and named in `skipped`. */
  async listSettlementRows(
    settlementUid: string,
    specificationUid: string,
    page = 1,
  ): Promise<OppPartialList<OppSettlementRow>> {
    const path = `/settlements/${encodeURIComponent(settlementUid)}/specifications/${encodeURIComponent(specificationUid)}/rows?perpage=100&page=${page}`;
    return this.call(listSkippingBadItems(SettlementRowSchema), 'GET', path);
  }

  /** iDEAL banks. With iDEAL 2.0 the bank is chosen at the hub, so this list may be empty. */
  async listIdealIssuers(): Promise<OppIssuer[]> {
    const res = await this.call(IssuersSchema, 'GET', '/ideal_issuers');
    return (res.data ?? []).map(({ bic, name }) => ({ bic, name }));
  }
}
