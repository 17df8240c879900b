import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Faults } from './faults.js';
import type { SimulatorHost } from './host.js';
import { KEY_REUSED, type SimIdempotencyMode } from './idempotency-mode.js';
import { providerModes, type SimProviderModes, type SimProviderProfile } from './provider-modes.js';
import type { SimObject } from './repository.js';
import * as repo from './repository.js';

/**
 * The built-in OPP simulator's behaviour (docs/conventions.md §1): an OPP-compatible subset of the REST API
 * whose state lives in our database (sim_* tables), so it survives restarts. The HTTP side is in
 * sim.routes.ts; this file holds the rules.
 */

export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages, answered as `error.parameters` like OPP's validation errors. */
    readonly parameters?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export type SimOutcome = 'completed' | 'cancelled' | 'expired' | 'failed' | 'pending';
export const SIM_OUTCOMES: readonly SimOutcome[] = ['completed', 'cancelled', 'expired', 'failed', 'pending'];

/**
 * The sandbox's test amounts (docs/provider.md §2.7): a transaction of one of these totals takes this status
 * when the buyer reaches the checkout (a mandate charge, which has no checkout, at once). Source: one
 * secondary summary of OPP's docs — the api-documentation.md of jeffreyvanhees/laravel-online-payment-platform,
 * "Sandbox Testing → Transaction Status Simulation" (generated from OPP's Context7 guide, 2025-07-28);
 * no recorded sandbox response confirms it. Other amounts behave as usual.
 */
export const SIM_TEST_AMOUNTS: Readonly<Record<number, string>> = {
  101: 'created',
  201: 'pending',
  301: 'expired',
  401: 'cancelled',
  501: 'completed',
  701: 'failed',
  801: 'refunded',
  901: 'reserved',
};

/** iDEAL, Bancontact and card transactions expire after about 15 minutes without payment (docs/provider.md §2.4). */
const EXPIRY_SECONDS = 15 * 60;
const FINAL = new Set(['completed', 'cancelled', 'expired', 'failed', 'refunded', 'chargeback']);
/** Mandate words a charge is accepted against: the first payment was made (provider-modes.ts `mandateWords`). */
const CHARGEABLE_MANDATE = new Set(['completed', 'authorized', 'active']);
/** A refund in these statuses is not paid out yet; in FAILED_REFUND its money stayed (or went back) with the merchant. */
const OPEN_REFUND = new Set(['created', 'pending']);
const FAILED_REFUND = new Set(['failed', 'cancelled']);
const MAX_DELIVERY_ATTEMPTS = 6;
/** Undelivered notifications re-sent per batch after a restart. */
const RESUME_BATCH_SIZE = 100;
/** A reserved Idempotency-Key whose request made nothing for this long was left by a crash. */
const IDEMPOTENCY_STALE_MS = 15_000;
/** Merchant statuses the partner may set (POST /merchants/{uid}); `live` is the provider's to give. */
const PARTNER_MERCHANT_STATUSES = ['terminated', 'suspended'];
/** A merchant in these statuses receives no payments (an assumption: docs/provider.md §1.2 names the statuses only). */
const STOPPED_MERCHANT_STATUSES = ['suspended', 'blocked', 'terminated', 'deleted'];
/** Where the simulator keeps which e-mail address belongs to which merchant (one merchant per address). */
const MERCHANT_EMAIL_SCOPE = 'merchant_emailaddress';
/** How long a consumer merchant stays pending before the provider makes it live, unless configured. */
export const DEFAULT_MERCHANT_LIVE_DELAY_MS = 15_000;

/** A realistic Dutch iDEAL bank list (BIC + name). */
export const SIM_IDEAL_ISSUERS = [
  { bic: 'ABNANL2A', name: 'ABN AMRO' },
  { bic: 'ASNBNL21', name: 'ASN Bank' },
  { bic: 'BUNQNL2A', name: 'bunq' },
  { bic: 'INGBNL2A', name: 'ING' },
  { bic: 'KNABNL2H', name: 'Knab' },
  { bic: 'NTSBDEB1', name: 'N26' },
  { bic: 'NNBANL2G', name: 'Nationale-Nederlanden' },
  { bic: 'RABONL2U', name: 'Rabobank' },
  { bic: 'RBRBNL21', name: 'RegioBank' },
  { bic: 'REVOLT21', name: 'Revolut' },
  { bic: 'SNSBNL2A', name: 'SNS' },
  { bic: 'TRIONL2U', name: 'Triodos Bank' },
  { bic: 'FVLBNL22', name: 'Van Lanschot Kempen' },
  { bic: 'YOURNL2A', name: 'Yoursafe' },
];

const now = () => Math.floor(Date.now() / 1000);
/**
 * A provider uid: 16 random hex digits, the random ones of a v4 UUID (its version and variant digits
 * left out): randomUUID draws from a pool, where randomBytes read the OS for every uid.
 */
export const newUid = (prefix: string) => {
  const u = randomUUID();
  return `${prefix}_${u.slice(0, 8)}${u.slice(9, 13)}${u.slice(24, 28)}`;
};
const toMetadata = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).map(([key, v]) => ({ key, value: String(v ?? '') }))
    : [];

type Body = Record<string, unknown>;

function requireInt(body: Body, field: string, min = 1): number {
  const v = body[field];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
    throw new SimError(400, `${field} must be an integer of at least ${min} (cents)`);
  }
  return v;
}

function requireString(body: Body, field: string): string {
  const v = body[field];
  if (typeof v !== 'string' || v.trim() === '') throw new SimError(400, `${field} is required`);
  return v;
}

function optionalString(body: Body, field: string): string | null {
  const v = body[field];
  return typeof v === 'string' && v !== '' ? v : null;
}

export interface SimulatorOptions {
  /** First retry delay of a notification; doubles each try. */
  retryBaseMs?: number;
  /**
   * Demo/development: a mandate charge (SEPA, `planned`) completes by itself after this many ms, as
   * the bank collects it days later at the real provider. Unset: it stays planned until a test or a
   * person settles it (simulatePayment).
   */
  settleMandateChargesMs?: number;
  /**
   * A new consumer merchant goes from `pending` to `live` this long after it was made, by itself, as
   * at the provider (whether or not its bank account is verified yet). Tests shorten it.
   */
  merchantLiveDelayMs?: number;
  /** The fault mode (faults.ts): notifications twice, swapped or late. Off when absent. */
  faults?: Faults | null;
  /** `created-first` refunds complete on a read of the refunds this long after they were made (default 0: the next read). */
  refundSettleMs?: number;
  /** Which side of each open question about OPP's answers it plays (provider-modes.ts); pessimistic by default. */
  provider?: SimProviderProfile;
}

export class OppSimulator {
  /**
   * Whether a mandate (created or read) names its first payment as `transaction_uid`. Off, as far as
   * anyone knows the real provider does it; the first payment still carries the mandate's metadata
   * and `mandate_uid`, and its notifications go to the mandate's notify_url.
   */
  mandateNamesFirstPayment = false;
  /**
   * A test may make new mandates answer without any checkout link (neither `redirect_url` nor
   * `mandate_url`), as a provider that named it otherwise would; off, the link is where `modes.mandateLink` says.
   */
  mandateLinkOmitted = false;
  /** How a reused Idempotency-Key is answered (idempotency-mode.ts); tests switch it, `replay` otherwise. */
  idempotencyMode: SimIdempotencyMode = 'replay';
  /** The answers it gives where the evidence on OPP disagrees (provider-modes.ts); tests may switch one. */
  modes: SimProviderModes;
  /**
   * The most settlements, or rows of a specification, one page holds whatever `perpage` asks (OPP
   * documents at most 100). A test lowers it so a few months span several pages.
   */
  settlementsPerPage = MAX_PER_PAGE;
  private readonly deliveries = new Set<Promise<unknown>>();
  private closed = false;
  private readonly wakeups = new Set<() => void>();
  private readonly retryBaseMs: number;
  private readonly settleMandateChargesMs: number | undefined;
  private readonly merchantLiveDelayMs: number;
  /** In `created-first` mode a refund completes on the first read of the refunds this long after it was made; tests change it. */
  refundSettleMs: number;
  readonly faults: Faults | null;

  constructor(
    private readonly host: SimulatorHost,
    options: SimulatorOptions = {},
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.settleMandateChargesMs = options.settleMandateChargesMs;
    this.merchantLiveDelayMs = options.merchantLiveDelayMs ?? DEFAULT_MERCHANT_LIVE_DELAY_MS;
    this.refundSettleMs = options.refundSettleMs ?? 0;
    this.faults = options.faults ?? null;
    this.modes = providerModes(options.provider);
  }

  /** The simulated API base, as objects name it in `object_url` (the same the client uses). */
  private get apiBase(): string {
    return this.host.settings().apiBase;
  }

  /** An object of a type: from `read` when it asked for that uid, else from the database. */
  private async findObject(uid: string, objectType: string, read?: repo.ObjectsRead) {
    if (!read?.asked.has(uid)) return repo.findObject(this.host.db, uid, objectType);
    const object = read.found.get(uid);
    return object?.objectType === objectType ? object.data : undefined;
  }

  /* ---------- idempotency ---------- */

  /**
   * Runs `create` once per (scope, key): a second request with the same Idempotency-Key gets the
   * object the first one made. The key is reserved, together with the uid the object will have,
   * before anything is made, so of concurrent requests one creates and the others get 409 while it
   * is in flight. A reservation left by a request that died (the provider crashed mid-create) is
   * taken over once it is stale, and the taker makes the object under the same uid — resuming what
   * the dead request began (`create` must find and keep what already exists of that uid), so one
   * key never makes two objects, crash or not. Without a key every request creates (as OPP does).
   * That is `idempotencyMode` `replay`; `ignore` and `reject` are in idempotency-mode.ts.
   * `create` learns whether it resumes such a request (`resumed`); otherwise its uid, this request's
   * own, has never been used, and nothing need be looked up for it.
   */
  async idempotent(
    scope: string,
    key: string | undefined,
    uid: string,
    create: (uid: string, resumed: boolean) => Promise<SimObject>,
  ): Promise<SimObject> {
    if (!key || this.idempotencyMode === 'ignore') return create(uid, false);
    const db = this.host.db;
    for (let tries = 0; tries < 3; tries++) {
      if (await repo.reserveIdempotencyKey(db, scope, key, uid)) {
        return this.createReserved(scope, key, uid, (reserved) => create(reserved, false));
      }
      const held = await repo.findIdempotencyKey(db, scope, key);
      if (!held) continue; // its request failed and gave the key back: try again
      if (held.objectUid) {
        const object = await repo.findObject(db, held.objectUid);
        if (object && this.idempotencyMode === 'reject') throw new SimError(KEY_REUSED.status, KEY_REUSED.message);
        if (object) return object;
      }
      const stale = new Date(Date.now() - IDEMPOTENCY_STALE_MS);
      const taken = await repo.takeOverIdempotencyKey(db, scope, key, stale, held.objectUid ?? uid);
      if (taken) return this.createReserved(scope, key, taken, (reserved) => create(reserved, true));
      throw new SimError(409, 'A request with this Idempotency-Key is still in progress; retry later');
    }
    throw new SimError(409, 'A request with this Idempotency-Key is still in progress; retry later');
  }

  private async createReserved(
    scope: string,
    key: string,
    uid: string,
    create: (uid: string) => Promise<SimObject>,
  ): Promise<SimObject> {
    try {
      return await create(uid);
    } catch (err) {
      await repo.releaseIdempotencyKey(this.host.db, scope, key, uid);
      throw err;
    }
  }

  /* ---------- merchants ---------- */

  /**
   * POST /merchants. One merchant per e-mail address across the partner's merchants (docs/provider.md
   * §12): a taken address is a 400 naming `emailaddress` in `error.parameters`. The address is
   * claimed atomically, so of two concurrent creates with one address only one succeeds.
   */
  async createMerchant(body: Body, uid = newUid('mer')): Promise<SimObject> {
    const type = body.type === 'business' ? 'business' : 'consumer';
    const emailaddress = requireString(body, 'emailaddress').trim();
    const country = requireString(body, 'country').toLowerCase();
    const notifyUrl = requireString(body, 'notify_url');
    const existing = await repo.findObject(this.host.db, uid, 'merchant');
    if (existing) return existing;
    const ts = now();
    const name =
      type === 'business'
        ? (optionalString(body, 'legal_name') ?? optionalString(body, 'coc_nr'))
        : [optionalString(body, 'name_first'), optionalString(body, 'name_last')].filter(Boolean).join(' ') || null;
    const merchant: SimObject = {
      livemode: false,
      uid,
      object: 'merchant',
      created: ts,
      updated: ts,
      status: 'pending',
      // Recorded sandbox answers: consumers start verified at level 100, businesses unverified at 400
      // with a bank account to add and a contact to verify, both `unverified`.
      compliance:
        type === 'business'
          ? { level: 400, status: 'unverified', overview_url: null, requirements: this.businessRequirements(uid) }
          : { level: 100, status: 'verified', overview_url: null, requirements: [] },
      type,
      coc_nr: optionalString(body, 'coc_nr'),
      vat_nr: optionalString(body, 'vat_nr'),
      name,
      phone: optionalString(body, 'phone'),
      emailaddress,
      country,
      sector: null,
      addresses: [],
      trading_names: Array.isArray(body.trading_names) ? body.trading_names : [],
      contacts: [],
      profiles: [],
      payment_methods: [],
      notify_url: notifyUrl,
      return_url: optionalString(body, 'return_url'),
      // The language of the provider's pages and mails for this merchant (its verification page).
      locale: optionalString(body, 'locale') ?? 'en',
      metadata: toMetadata(body.metadata),
    };
    // The provider's hosted KYC overview: here the simulator's verification page.
    (merchant.compliance as Body).overview_url = this.verificationUrlOf(String(merchant.uid));
    await this.claimEmail(emailaddress, uid, async () => repo.insertObject(this.host.db, 'merchant', merchant));
    if (type === 'consumer') this.goLiveLater(uid);
    return merchant;
  }

  /**
   * Runs `make` holding `emailaddress` for merchant `uid`; a taken address is the provider's 400. The
   * address is claimed for the uid before the merchant is made, so a create resumed after a crash
   * (same uid) finds the address its own.
   */
  private async claimEmail(emailaddress: string, uid: string, make: () => Promise<unknown>) {
    const db = this.host.db;
    const key = emailaddress.toLowerCase();
    const { rows } = await repo.listObjects(db, 'merchant', { emailaddress: key, limit: 1 });
    const ours = async () =>
      (await repo.reserveIdempotencyKey(db, MERCHANT_EMAIL_SCOPE, key, uid)) ||
      (await repo.findIdempotencyKey(db, MERCHANT_EMAIL_SCOPE, key))?.objectUid === uid;
    if (rows.some((m) => m.uid !== uid) || !(await ours())) {
      throw new SimError(400, 'The emailaddress is already in use by another merchant', {
        emailaddress: ['The emailaddress has already been taken.'],
      });
    }
    try {
      await make();
    } catch (err) {
      await repo.releaseIdempotencyKey(db, MERCHANT_EMAIL_SCOPE, key, uid);
      throw err;
    }
  }

  /**
   * The requirements of a new business merchant as the recorded sandbox answer has them: a bank
   * account to add (the list to add it to) and its contact to verify (a deep link to the page).
   */
  private businessRequirements(merchantUid: string): Body[] {
    const contactUid = newUid('con');
    return [
      {
        type: 'bank_account.required',
        status: 'unverified',
        object_uid: null,
        object_type: 'bank_account',
        object_url: `${this.apiBase}/merchants/${merchantUid}/bank_accounts`,
        object_redirect_url: null,
      },
      {
        type: 'contact.verification.required',
        status: 'unverified',
        object_uid: contactUid,
        object_type: 'contact',
        object_url: `${this.apiBase}/merchants/${merchantUid}/contacts/${contactUid}`,
        object_redirect_url: this.verificationUrlOf(merchantUid),
      },
    ];
  }

  /**
   * A merchant as the API answers it: without its `emailaddress` when the provider omits it
   * (`modes.merchantEmail`, as every recorded merchant answer does). The simulator keeps the address.
   */
  merchantAnswer(merchant: SimObject): SimObject {
    if (this.modes.merchantEmail === 'echoed') return merchant;
    const { emailaddress: _kept, ...answer } = merchant;
    return answer as SimObject;
  }

  /** Wakes up when a new consumer merchant is due to go live, so its notification comes by itself. */
  private goLiveLater(uid: string) {
    void this.sleep(this.merchantLiveDelayMs)
      .then(() => (this.closed ? undefined : this.getMerchant(uid)))
      .catch((err) => this.host.log.warn({ err, uid }, 'simulator: making a merchant live failed'));
  }

  /**
   * A consumer merchant goes live by itself once its delay has passed (checked on every read, so a
   * restart loses nothing); the provider notifies `merchant.status.changed`.
   */
  private async liveWhenDue(merchant: SimObject): Promise<SimObject> {
    if (merchant.type !== 'consumer' || merchant.status !== 'pending') return merchant;
    if (Date.now() < Number(merchant.created) * 1000 + this.merchantLiveDelayMs) return merchant;
    return this.changeMerchantStatus(merchant, 'live');
  }

  /** The provider changes a merchant's status (live, suspended, blocked, terminated…) and notifies. */
  private async changeMerchantStatus(merchant: SimObject, status: string): Promise<SimObject> {
    if (merchant.status === status) return merchant;
    merchant.status = status;
    merchant.updated = now();
    await repo.saveObject(this.host.db, merchant);
    if (typeof merchant.notify_url === 'string') {
      await this.notify(merchant.notify_url, 'merchant.status.changed', 'merchant', merchant.uid, {
        object_url: `${this.apiBase}/merchants/${merchant.uid}`,
      });
    }
    return merchant;
  }

  /** The provider (not the partner) sets a merchant's status, e.g. suspends or blocks it (tests, demo). */
  async setMerchantStatus(uid: string, status: string): Promise<SimObject> {
    return this.changeMerchantStatus(await this.getMerchant(uid), status);
  }

  /** GET /merchants: the partner's merchants, `filter[emailaddress]` and `filter[status]` as OPP's list filters. */
  async listMerchants(query: ListQuery & { emailaddress?: string }) {
    const { page, perpage, window } = pageOf(query);
    const { rows, total } = await repo.listObjects(this.host.db, 'merchant', {
      ...window,
      status: query.status,
      emailaddress: query.emailaddress?.trim().toLowerCase(),
    });
    const data = await Promise.all(rows.map(async (m) => this.merchantAnswer(await this.liveWhenDue(m))));
    return listEnvelope('/v1/merchants', data, total, page, perpage);
  }

  async getMerchant(uid: string, read?: repo.ObjectsRead): Promise<SimObject> {
    const merchant = await this.findObject(uid, 'merchant', read);
    if (!merchant) throw new SimError(404, 'Merchant not found');
    return this.liveWhenDue(merchant);
  }

  /**
   * POST /merchants/{uid}: the partner may terminate or suspend a merchant and change its e-mail
   * address (still one merchant per address), notify_url, return_url and metadata. Making it live is
   * the provider's decision, as at OPP: `status: live` is refused.
   */
  async updateMerchant(uid: string, body: Body): Promise<SimObject> {
    const merchant = await this.getMerchant(uid);
    if (body.status !== undefined && !PARTNER_MERCHANT_STATUSES.includes(String(body.status))) {
      throw new SimError(400, 'status must be terminated or suspended', {
        status: ['The selected status is invalid.'],
      });
    }
    const email = typeof body.emailaddress === 'string' ? body.emailaddress.trim() : undefined;
    if (email && email.toLowerCase() !== String(merchant.emailaddress).toLowerCase()) {
      const previous = String(merchant.emailaddress).toLowerCase();
      await this.claimEmail(email, uid, async () => {});
      await repo.dropIdempotencyKey(this.host.db, MERCHANT_EMAIL_SCOPE, previous, uid);
      merchant.emailaddress = email;
    }
    for (const field of ['notify_url', 'return_url'] as const) {
      if (typeof body[field] === 'string') merchant[field] = body[field];
    }
    if (body.metadata !== undefined) merchant.metadata = toMetadata(body.metadata);
    merchant.updated = now();
    await repo.saveObject(this.host.db, merchant);
    if (typeof body.status === 'string') return this.changeMerchantStatus(merchant, body.status);
    return merchant;
  }

  /**
   * Consumer → business, same uid (docs/provider.md §1.7): the merchant becomes a business at level 400 with
   * its contact to verify besides what it still had to do. The answer is the business merchant, or with
   * `modes.migrateAnswer` `consumer` the merchant as it was with the new CoC number and country (the
   * recorded answer).
   */
  async migrateMerchant(uid: string, body: Body): Promise<SimObject> {
    const merchant = await this.getMerchant(uid);
    if (merchant.type !== 'consumer') throw new SimError(400, 'Only consumer merchants can be migrated');
    const before = structuredClone(merchant);
    merchant.type = 'business';
    merchant.coc_nr = requireString(body, 'coc_nr');
    merchant.country = requireString(body, 'country').toLowerCase();
    if (typeof body.notify_url === 'string') merchant.notify_url = body.notify_url;
    const compliance = (merchant.compliance as { requirements?: Body[] } & Body) ?? {};
    const contact = this.businessRequirements(uid).filter((r) => r.type === 'contact.verification.required');
    merchant.compliance = {
      ...compliance,
      level: 400,
      status: 'unverified',
      requirements: [...(compliance.requirements ?? []), ...contact],
    };
    merchant.updated = now();
    await repo.saveObject(this.host.db, merchant);
    if (this.modes.migrateAnswer === 'business') return merchant;
    return { ...before, coc_nr: merchant.coc_nr, country: merchant.country, updated: merchant.updated };
  }

  async createBankAccount(merchantUid: string, body: Body, uid = newUid('bnk')): Promise<SimObject> {
    await this.getMerchant(merchantUid);
    const existing = await repo.findObject(this.host.db, uid, 'bank_account');
    if (existing) return existing;
    const ts = now();
    const account: SimObject = {
      uid,
      object: 'bank_account',
      created: ts,
      updated: ts,
      verified: null,
      verified_with: null,
      verification_url: this.verificationUrlOf(merchantUid),
      status: 'new',
      account: { account_iban: null },
      bank: { bic: null },
      reference: null,
      return_url: requireString(body, 'return_url'),
      notify_url: requireString(body, 'notify_url'),
      is_default: body.is_default !== false,
    };
    await repo.insertObject(this.host.db, 'bank_account', account, merchantUid);
    await this.requireBankVerification(merchantUid, account);
    return account;
  }

  /**
   * A new bank account must be verified (the recorded `bank_account.verification.required`, with a
   * deep link to the verification page); it replaces a `bank_account.required`.
   */
  private async requireBankVerification(merchantUid: string, account: SimObject) {
    const merchant = await this.getMerchant(merchantUid);
    const compliance = (merchant.compliance as { requirements?: Body[] } & Body) ?? {};
    const others = (compliance.requirements ?? []).filter((r) => !String(r.type).startsWith('bank_account.'));
    merchant.compliance = {
      ...compliance,
      requirements: [
        {
          type: 'bank_account.verification.required',
          status: 'pending',
          object_type: 'bank_account',
          object_uid: account.uid,
          object_url: `${this.apiBase}/merchants/${merchantUid}/bank_accounts/${account.uid}`,
          object_redirect_url: this.verificationUrlOf(merchantUid),
        },
        ...others,
      ],
    };
    merchant.updated = now();
    await repo.saveObject(this.host.db, merchant);
  }

  async listBankAccounts(merchantUid: string): Promise<SimObject[]> {
    await this.getMerchant(merchantUid);
    const { rows } = await repo.listObjects(this.host.db, 'bank_account', { parentUid: merchantUid, limit: 100 });
    return rows;
  }

  /**
   * The provider sets the status of a merchant's bank accounts and notifies, e.g. `pending` while it
   * checks the account the maker confirmed (the recorded bank account list shows one so), tests.
   */
  async setBankAccountStatus(merchantUid: string, status: string): Promise<SimObject[]> {
    const accounts = await this.listBankAccounts(merchantUid);
    for (const account of accounts) {
      account.status = status;
      account.updated = now();
      await repo.saveObject(this.host.db, account);
      await this.notifyBankAccount(merchantUid, account);
    }
    return accounts;
  }

  private async notifyBankAccount(merchantUid: string, account: SimObject) {
    if (typeof account.notify_url !== 'string') return;
    await this.notify(account.notify_url, 'bank_account.status.changed', 'bank_account', account.uid, {
      object_url: `${this.apiBase}/merchants/${merchantUid}/bank_accounts/${account.uid}`,
      parent_uid: merchantUid,
      parent_type: 'merchant',
    });
  }

  /** Where a maker verifies bank account and identity (OPP's hosted pages; here one simulator page). */
  verificationUrlOf(merchantUid: string): string {
    return `${this.host.settings().publicUrl}/sim/verify/${merchantUid}`;
  }

  /**
   * The maker finished (approve) or failed (disapprove) verification on the provider's pages: bank
   * accounts approved with a masked IBAN, compliance verified at level 200 or more, a business
   * merchant live — and the provider notifies the merchant's notify_url, as OPP does for compliance
   * and bank account changes.
   */
  async verifyMerchant(merchantUid: string, outcome: 'approve' | 'disapprove'): Promise<SimObject> {
    const merchant = await this.getMerchant(merchantUid);
    const ts = now();
    const approve = outcome === 'approve';
    for (const account of await this.listBankAccounts(merchantUid)) {
      account.status = approve ? 'approved' : 'disapproved';
      account.verified = approve ? ts : null;
      account.verified_with = approve ? 'ideal' : null;
      account.account = { account_iban: approve ? 'NL**INGB******1234' : null };
      account.bank = { bic: approve ? 'INGBNL2A' : null };
      account.updated = ts;
      await repo.saveObject(this.host.db, account);
      await this.notifyBankAccount(merchantUid, account);
    }
    const compliance = (merchant.compliance as Body) ?? {};
    merchant.compliance = approve
      ? { ...compliance, status: 'verified', level: Math.max(Number(compliance.level ?? 100), 200), requirements: [] }
      : { ...compliance, status: 'unverified' };
    // A business goes live when its verification is approved; a consumer went (or goes) live by itself
    // after its delay, verified bank account or not.
    if (approve && merchant.type !== 'consumer' && merchant.status === 'pending') merchant.status = 'live';
    merchant.updated = ts;
    await repo.saveObject(this.host.db, merchant);
    if (typeof merchant.notify_url === 'string') {
      await this.notify(merchant.notify_url, 'merchant.compliance_status.changed', 'merchant', merchantUid, {
        object_url: `${this.apiBase}/merchants/${merchantUid}`,
      });
    }
    return merchant;
  }

  /**
   * The merchant's settlements: one per calendar month (UTC) of its paid transactions (by completion
   * time) and of the money that went back (refunds by their time, chargebacks by the reversal's). Past
   * months are `paid` (on the 1st of the next month), the running month is `current`. Each carries one
   * specification whose rows are the entries in it (refunds and chargebacks negative).
   * The uid encodes merchant and month (`set_<merchant>_<yyyymm>`), so rows can be served without state.
   */
  async settlements(merchantUid: string): Promise<SimObject[]> {
    await this.getMerchant(merchantUid);
    const months = await this.settledEntriesByMonth(merchantUid);
    const current = monthKey(now());
    return [...months.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([month, entries]) =>
        settlementOf(merchantUid, month, entries, month !== current, this.modes.specifications),
      );
  }

  /** The rows of a settlement's specification (GET /settlements/{uid}/specifications/{uid}/rows). */
  async settlementRows(settlementUid: string, specificationUid: string): Promise<SimObject[]> {
    const match = /^set_(.+)_(\d{6})$/.exec(settlementUid);
    if (!match || specificationUid !== `spe_${settlementUid.slice(4)}`) throw new SimError(404, 'Settlement not found');
    const merchantUid = `mer_${match[1]}`;
    const months = await this.settledEntriesByMonth(merchantUid).catch(() => new Map<string, SettledEntry[]>());
    const entries = months.get(match[2]!);
    if (!entries) throw new SimError(404, 'Settlement not found');
    return entries.map((e) => ({
      uid: `row_${e.reference.slice(4)}${e.type === 'chargeback' ? '_cb' : ''}`,
      object: 'settlement_row',
      type: e.type,
      reference: e.reference,
      amount: e.amount,
      total_partner_fee: e.partnerFee,
      total_transaction_costs: -e.costs,
      amount_payable: e.amount - e.partnerFee - e.costs,
      metadata: e.metadata,
    }));
  }

  private async settledEntriesByMonth(merchantUid: string): Promise<Map<string, SettledEntry[]>> {
    const paid = (
      await Promise.all(
        ['completed', 'refunded', 'chargeback'].map((status) =>
          repo.listObjects(this.host.db, 'transaction', { parentUid: merchantUid, status, limit: 10_000 }),
        ),
      )
    ).flatMap((r) => r.rows);
    const months = new Map<string, SettledEntry[]>();
    const add = (at: number, entry: SettledEntry) => {
      const key = monthKey(at);
      months.set(key, [...(months.get(key) ?? []), entry]);
    };
    for (const t of paid) {
      const amount = Number(t.amount ?? 0);
      const metadata = t.metadata ?? [];
      add(Number(t.completed ?? t.created), {
        type: 'transaction',
        reference: t.uid,
        amount,
        partnerFee: partnerFeeOf(t),
        costs: SIM_TRANSACTION_COST,
        metadata,
      });
      if (t.status === 'chargeback') {
        add(Number(t.updated ?? t.created), {
          type: 'chargeback',
          reference: t.uid,
          amount: -amount,
          partnerFee: 0,
          costs: 0,
          metadata,
        });
      }
    }
    const refunds = await repo.listObjectsOfParents(
      this.host.db,
      'refund',
      paid.map((t) => t.uid),
    );
    for (const { data: r } of refunds) {
      add(Number(r.created), {
        type: 'refund',
        reference: r.uid,
        amount: -Number(r.amount ?? 0),
        partnerFee: 0,
        costs: 0,
        metadata: [],
      });
    }
    return months;
  }

  /* ---------- transactions ---------- */

  async createTransaction(
    body: Body,
    extra: { uid?: string; unused?: boolean; mandateUid?: string; firstPaymentOf?: string; status?: string } = {},
    read?: repo.ObjectsRead,
  ): Promise<SimObject> {
    const uid = extra.uid ?? newUid('tra');
    // A uid made for this request (`unused`: not a dead request's, resumed) names nothing yet.
    const existing = extra.unused ? undefined : await this.findObject(uid, 'transaction', read);
    if (existing) return existing;
    const merchantUid = requireString(body, 'merchant_uid');
    const merchant = await this.getMerchant(merchantUid, read).catch(() => {
      throw new SimError(400, 'merchant_uid does not name a merchant');
    });
    if (STOPPED_MERCHANT_STATUSES.includes(String(merchant.status))) {
      throw new SimError(400, 'The merchant cannot receive payments', {
        merchant_uid: [`The merchant is ${String(merchant.status)}.`],
      });
    }
    const total = requireInt(body, 'total_price');
    const products = Array.isArray(body.products) ? (body.products as Body[]) : [];
    if (products.length > 0) {
      const sum = products.reduce((s, p) => s + Number(p.price ?? 0) * Number(p.quantity ?? 1), 0);
      if (sum !== total) throw new SimError(400, 'total_price must equal the sum of the products');
    }
    const ts = now();
    const status = extra.status ?? 'created';
    const transaction: SimObject = {
      livemode: false,
      uid,
      object: 'transaction',
      created: ts,
      updated: ts,
      completed: null,
      merchant_uid: merchantUid,
      profile_uid: null,
      has_checkout: false,
      payment_method: optionalString(body, 'payment_method'),
      payment_flow: 'direct',
      payment_details: [],
      amount: total,
      currency: 'EUR',
      description: optionalString(body, 'description'),
      issuer: optionalString(body, 'issuer'),
      locale: optionalString(body, 'locale') ?? 'en',
      products,
      return_url: extra.mandateUid ? null : requireString(body, 'return_url'),
      notify_url: optionalString(body, 'notify_url'),
      redirect_url: extra.mandateUid ? null : `${this.host.settings().publicUrl}/sim/checkout/${uid}`,
      status,
      ...this.referenceOf(body),
      metadata: toMetadata(body.metadata),
      statuses: [statusEntry(status, ts)],
      order: [],
      escrow: null,
      fees: {},
      // Kept so the simulated settlements can deduct it (the platform's cut of this payment).
      partner_fee: typeof body.partner_fee === 'number' ? body.partner_fee : 0,
      refunds: {},
      mandate_uid: extra.mandateUid ?? extra.firstPaymentOf ?? null,
    };
    await repo.insertObject(this.host.db, 'transaction', transaction, merchantUid);
    return transaction;
  }

  /** Reads a transaction; an unpaid one past its expiry time expires now (and notifies). */
  async getTransaction(uid: string): Promise<SimObject> {
    const transaction = await repo.findObject(this.host.db, uid, 'transaction');
    if (!transaction) throw new SimError(404, 'Transaction not found');
    const open = transaction.status === 'created' || transaction.status === 'pending';
    if (open && transaction.redirect_url && now() - Number(transaction.created) > EXPIRY_SECONDS) {
      return this.setStatus(uid, 'expired');
    }
    return transaction;
  }

  /**
   * GET /transactions: `filter[status]`, `filter[reference]` (our reference, exact) and a lower bound on
   * `created` as OPP's list filters, oldest first on `order[]=created` (with `references: echoed`).
   */
  listTransactions(query: ListQuery & ListFilters) {
    return this.listFiltered('transaction', '/v1/transactions', query);
  }

  /**
   * A page of objects of one type, the filters applied, in OPP's envelope. With `references: dropped`
   * only `filter[status]` is known: the reference, created and order filters are ignored, so the list
   * comes whole, newest first, as a provider answers filters it does not know.
   */
  private async listFiltered(objectType: string, url: string, query: ListQuery & ListFilters) {
    const { page, perpage, window } = pageOf(query);
    const known = this.modes.references === 'echoed';
    const { rows, total } = await repo.listObjects(this.host.db, objectType, {
      ...window,
      status: query.status,
      ...(known ? { reference: query.reference, createdFrom: query.createdFrom, oldestFirst: query.oldestFirst } : {}),
    });
    return listEnvelope(url, rows, total, page, perpage);
  }

  /**
   * The `reference` a transaction or mandate keeps from its create: ours with `references: echoed`;
   * with `dropped` it is not kept (no recorded answer has the field), so no answer about an object made
   * then — create, read or list — carries it.
   */
  private referenceOf(body: Body): { reference?: string | null } {
    return this.modes.references === 'echoed' ? { reference: optionalString(body, 'reference') } : {};
  }

  /**
   * Moves a transaction to `status` (history in statuses[], `completed` timestamp) and queues the
   * notification. Final statuses do not change again, as at the provider.
   */
  async setStatus(uid: string, status: string, options: { notify?: boolean } = {}): Promise<SimObject> {
    const transaction = await repo.findObject(this.host.db, uid, 'transaction');
    if (!transaction) throw new SimError(404, 'Transaction not found');
    if (transaction.status === status || FINAL.has(String(transaction.status))) return transaction;
    const ts = now();
    transaction.status = status;
    transaction.updated = ts;
    if (status === 'completed') transaction.completed = ts;
    transaction.statuses = [...((transaction.statuses as unknown[]) ?? []), statusEntry(status, ts)];
    await repo.saveObject(this.host.db, transaction);
    if (status === 'completed' && typeof transaction.mandate_uid === 'string') {
      await this.completeMandate(transaction.mandate_uid);
    }
    if (options.notify !== false && typeof transaction.notify_url === 'string') {
      await this.notify(transaction.notify_url, 'transaction.status.changed', 'transaction', uid, {
        object_url: `${this.apiBase}/transactions/${uid}`,
      });
    }
    return transaction;
  }

  /**
   * Reverses a paid transaction, the one way a final status still changes: `chargeback` as the bank
   * does for a SEPA chargeback (the payer may do so for 8 weeks; a partly or wholly refunded payment
   * too: the bank takes the whole payment back), or `refunded`: the provider refunds all that is left
   * itself (a refund made in its dashboard), a refund object like any other.
   */
  async reverse(
    uid: string,
    status: 'chargeback' | 'refunded',
    options: { notify?: boolean } = {},
  ): Promise<SimObject> {
    const transaction = await repo.findObject(this.host.db, uid, 'transaction');
    if (!transaction) throw new SimError(404, 'Transaction not found');
    if (status === 'refunded') {
      const left = await this.leftToRefund(uid);
      if (left <= 0) throw new SimError(400, 'Nothing is left to refund');
      await this.createRefund(uid, { amount: left }, newUid('ref'), options);
      return (await repo.findObject(this.host.db, uid, 'transaction'))!;
    }
    if (transaction.status !== 'completed' && transaction.status !== 'refunded') {
      throw new SimError(400, 'Only a paid transaction can be charged back');
    }
    return this.moveReversed(transaction, status, options);
  }

  /** A paid transaction's new reversed status, in its history, and its notification (none when it stays). */
  private async moveReversed(
    transaction: SimObject,
    status: 'chargeback' | 'refunded',
    options: { notify?: boolean },
  ): Promise<SimObject> {
    if (transaction.status === status) return transaction;
    const ts = now();
    transaction.status = status;
    transaction.updated = ts;
    transaction.statuses = [...((transaction.statuses as unknown[]) ?? []), statusEntry(status, ts)];
    await repo.saveObject(this.host.db, transaction);
    if (options.notify !== false && typeof transaction.notify_url === 'string') {
      await this.notify(transaction.notify_url, 'transaction.status.changed', 'transaction', transaction.uid, {
        object_url: `${this.apiBase}/transactions/${transaction.uid}`,
      });
    }
    return transaction;
  }

  /** Cents of a transaction refunded or being refunded (a failed refund gave its money back). */
  private async refundedOf(uid: string): Promise<number> {
    const { rows } = await repo.listObjects(this.host.db, 'refund', { parentUid: uid, limit: 100 });
    return rows.filter((r) => !FAILED_REFUND.has(String(r.status))).reduce((sum, r) => sum + Number(r.amount ?? 0), 0);
  }

  /** Cents of a transaction that can still be refunded. */
  async leftToRefund(uid: string): Promise<number> {
    const transaction = await repo.findObject(this.host.db, uid, 'transaction');
    if (!transaction) throw new SimError(404, 'Transaction not found');
    return Number(transaction.amount) - (await this.refundedOf(uid));
  }

  /**
   * POST /transactions/{uid}/refunds (docs/provider.md §2.6): returns (part of) a paid payment, at most what
   * is left of it. `modes.refunds`: answered `completed` at once, or `created` with `paid: null`
   * (completed by a later read of the refunds, or by settleRefund). `modes.refundedStatus`: the
   * transaction turns `refunded` (and notifies) once its refunds add up to all of it, or at the first
   * refund — it then stays `refunded`, and what is left can still be refunded. Both read pessimistically:
   * the status moves when the refund is made, not when it is paid out.
   */
  async createRefund(
    uid: string,
    body: Body,
    refundUid = newUid('ref'),
    options: { notify?: boolean } = {},
  ): Promise<SimObject> {
    const existing = await repo.findObject(this.host.db, refundUid, 'refund');
    if (existing) return existing;
    const transaction = await repo.findObject(this.host.db, uid, 'transaction');
    if (!transaction) throw new SimError(404, 'Transaction not found');
    if (transaction.status !== 'completed' && transaction.status !== 'refunded') {
      throw new SimError(400, 'Only a completed transaction can be refunded');
    }
    const amount = requireInt(body, 'amount');
    const refunded = await this.refundedOf(uid);
    if (amount > Number(transaction.amount) - refunded)
      throw new SimError(400, 'amount exceeds what is left to refund');
    const ts = now();
    const instant = this.modes.refunds === 'instant';
    const refund: SimObject = {
      uid: refundUid,
      object: 'refund',
      created: ts,
      updated: ts,
      paid: instant ? ts : null,
      amount,
      status: instant ? 'completed' : 'created',
      message: optionalString(body, 'message'),
      internal_reason: optionalString(body, 'internal_reason'),
      payout_description: optionalString(body, 'payout_description'),
      fees: {},
    };
    await repo.insertObject(this.host.db, 'refund', refund, uid);
    const whole = refunded + amount === Number(transaction.amount);
    if (whole || this.modes.refundedStatus === 'after-any') await this.moveReversed(transaction, 'refunded', options);
    return refund;
  }

  /** A transaction's refunds; in `created-first` mode a read completes those made `refundSettleMs` ago or more. */
  async listRefunds(uid: string): Promise<SimObject[]> {
    const { rows } = await repo.listObjects(this.host.db, 'refund', { parentUid: uid, limit: 100 });
    const due = Date.now() - this.refundSettleMs;
    for (const refund of rows) {
      if (OPEN_REFUND.has(String(refund.status)) && Number(refund.created) * 1000 <= due) {
        Object.assign(refund, await this.settleRefund(String(refund.uid), 'completed'));
      }
    }
    return rows;
  }

  /** A refund still `created` is paid out (`completed`, `paid` set) or fails at the provider (tests, demo). */
  async settleRefund(refundUid: string, outcome: 'completed' | 'failed'): Promise<SimObject> {
    const refund = await repo.findObject(this.host.db, refundUid, 'refund');
    if (!refund) throw new SimError(404, 'Refund not found');
    if (!OPEN_REFUND.has(String(refund.status))) return refund;
    const ts = now();
    refund.status = outcome;
    refund.updated = ts;
    if (outcome === 'completed') refund.paid = ts;
    await repo.saveObject(this.host.db, refund);
    return refund;
  }

  /** The hosted checkout was opened: created → pending. */
  async openCheckout(uid: string, options: { notify?: boolean } = {}): Promise<SimObject> {
    const transaction = await this.getTransaction(uid);
    if (transaction.status === 'created') return this.setStatus(uid, 'pending', options);
    return transaction;
  }

  /**
   * The buyer arrived at the hosted checkout page: created → pending, unless the amount is one of the
   * sandbox's test amounts (SIM_TEST_AMOUNTS), which decides the status at once (101 stays created).
   */
  async visitCheckout(uid: string): Promise<SimObject> {
    const transaction = await this.getTransaction(uid);
    if (transaction.status !== 'created') return transaction;
    const forced = SIM_TEST_AMOUNTS[Number(transaction.amount)];
    if (forced === 'created') return transaction;
    return this.applyTestAmount(await this.openCheckout(uid));
  }

  /** Moves a transaction of a sandbox test amount to the status that amount names (a refund via completed). */
  private async applyTestAmount(transaction: SimObject): Promise<SimObject> {
    const uid = String(transaction.uid);
    const forced = SIM_TEST_AMOUNTS[Number(transaction.amount)];
    if (!forced || forced === 'created') return transaction;
    if (forced !== 'refunded') return this.setStatus(uid, forced);
    const completed = await this.setStatus(uid, 'completed');
    return completed.status === 'completed' ? this.reverse(uid, 'refunded') : completed;
  }

  /** The buyer chose an outcome on the checkout page (or a test chose it). */
  async chooseOutcome(uid: string, outcome: SimOutcome, options: { notify?: boolean } = {}): Promise<SimObject> {
    const transaction = await this.openCheckout(uid, options);
    if (outcome === 'pending') return transaction;
    return this.setStatus(uid, outcome, options);
  }

  /* ---------- mandates ---------- */

  /**
   * POST /mandates. The first payment is made before the mandate and names it from the start, so a
   * create resumed after a crash (same uid) finds that payment instead of making a second one; the
   * mandate exists only once it is whole.
   */
  async createMandate(body: Body, uid = newUid('mdt')): Promise<SimObject> {
    const existing = await repo.findObject(this.host.db, uid, 'mandate');
    if (existing) return existing;
    const merchantUid = requireString(body, 'merchant_uid');
    const method = requireString(body, 'mandate_method');
    const ts = now();
    let redirectUrl: string | null = null;
    let firstTransactionUid: string | null = null;
    if (method === 'payment' || method === 'emandate' || method === 'form') {
      // The first payment creates the mandate: an ordinary checkout whose completion validates it.
      const total = typeof body.total_price === 'number' ? body.total_price : 1;
      const [begun] = await repo.listTransactionsOfMandate(this.host.db, uid);
      const first =
        begun ??
        (await this.createTransaction(
          {
            ...body,
            total_price: total,
            products: Array.isArray(body.products) ? body.products : [{ name: 'Mandate', price: total, quantity: 1 }],
          },
          { firstPaymentOf: uid },
        ));
      redirectUrl = String(first.redirect_url);
      firstTransactionUid = first.uid;
    }
    const mandate: SimObject = {
      uid,
      object: 'mandate',
      created: ts,
      updated: ts,
      status: method === 'import' ? this.usableWord() : 'created',
      token: randomBytes(16).toString('hex'),
      mandate_method: method,
      mandate_type: optionalString(body, 'mandate_type') ?? 'consumer',
      mandate_repeat: optionalString(body, 'mandate_repeat') ?? 'subscription',
      amount: typeof body.mandate_amount === 'number' ? body.mandate_amount : null,
      merchant_uid: merchantUid,
      ...this.mandateLinkOf(redirectUrl),
      // No public source shows the real answer naming its first payment (docs/provider.md §12): by default
      // the simulator does not either; a test may switch it on to cover both shapes.
      ...(this.mandateNamesFirstPayment ? { transaction_uid: firstTransactionUid } : {}),
      return_url: optionalString(body, 'return_url'),
      notify_url: optionalString(body, 'notify_url'),
      ...this.referenceOf(body),
      metadata: toMetadata(body.metadata),
    };
    await repo.insertObject(this.host.db, 'mandate', mandate, merchantUid);
    return mandate;
  }

  /** GET /mandates: `filter[reference]` (exact) as OPP's list filters (with `references: echoed`). */
  listMandates(query: ListQuery & { reference?: string }) {
    return this.listFiltered('mandate', '/v1/mandates', query);
  }

  /**
   * GET /mandates/{uid}. With the `active` words, the first read of an `authorized` mandate answers it
   * so and then makes it `active` (notified): the provider activates it some time after the payer's
   * approval, and a client meets both words.
   */
  async getMandate(uid: string): Promise<SimObject> {
    const mandate = await this.mandateOf(uid);
    if (mandate.status === 'authorized') await this.setMandateStatus(uid, 'active');
    return mandate;
  }

  private async mandateOf(uid: string, read?: repo.ObjectsRead): Promise<SimObject> {
    const mandate = await this.findObject(uid, 'mandate', read);
    if (!mandate) throw new SimError(404, 'Mandate not found');
    return mandate;
  }

  /** The word of a mandate that may be charged: `completed`, or `active` with the other words. */
  private usableWord(): string {
    return this.modes.mandateWords === 'active' ? 'active' : 'completed';
  }

  /** The checkout link of a new mandate, in the field `modes.mandateLink` names (none for an import). */
  private mandateLinkOf(url: string | null): Body {
    if (this.mandateLinkOmitted) return {};
    return this.modes.mandateLink === 'mandate_url' ? { mandate_url: url } : { redirect_url: url };
  }

  /** The payer (their bank) or the partner revokes a mandate: no further charges; notifies. */
  revokeMandate(uid: string): Promise<SimObject> {
    return this.setMandateStatus(uid, 'revoked');
  }

  /** The first payment of a mandate was made: the payer approved it (`completed`, or `authorized`). */
  private async completeMandate(uid: string) {
    const mandate = await repo.findObject(this.host.db, uid, 'mandate');
    if (mandate?.status !== 'created') return;
    await this.setMandateStatus(uid, this.modes.mandateWords === 'active' ? 'authorized' : 'completed');
  }

  /**
   * Gives a mandate any status word and notifies `mandate.status.changed` (a test's way to a word no
   * source names); the same word again changes nothing. `revoked` is final.
   */
  async setMandateStatus(uid: string, status: string): Promise<SimObject> {
    const mandate = await this.mandateOf(uid);
    if (mandate.status === status || mandate.status === 'revoked') return mandate;
    mandate.status = status;
    mandate.updated = now();
    await repo.saveObject(this.host.db, mandate);
    if (typeof mandate.notify_url === 'string') {
      await this.notify(mandate.notify_url, 'mandate.status.changed', 'mandate', uid, {
        object_url: `${this.apiBase}/mandates/${uid}`,
      });
    }
    return mandate;
  }

  /** A charge against a usable mandate: a SEPA transaction that starts `planned`. */
  async createMandateTransaction(mandateUid: string, body: Body, uid = newUid('tra')): Promise<SimObject> {
    // The mandate, the merchant named and this uid (a resumed create may have made it) in one read.
    const read = await repo.findObjects(this.host.db, [
      mandateUid,
      uid,
      ...(typeof body.merchant_uid === 'string' ? [body.merchant_uid] : []),
    ]);
    const mandate = await this.mandateOf(mandateUid, read);
    if (body.token !== mandate.token) throw new SimError(400, 'token does not match the mandate');
    if (!CHARGEABLE_MANDATE.has(String(mandate.status))) throw new SimError(400, 'The mandate is not usable (yet)');
    const transaction = await this.createTransaction(
      { ...body, payment_method: 'sepa', merchant_uid: body.merchant_uid ?? mandate.merchant_uid },
      { uid, mandateUid, status: 'planned' },
      read,
    );
    if (SIM_TEST_AMOUNTS[Number(transaction.amount)]) return this.applyTestAmount(transaction);
    if (this.settleMandateChargesMs !== undefined) {
      const settleMs = this.settleMandateChargesMs;
      void this.sleep(settleMs)
        .then(() => (this.closed ? undefined : this.setStatus(String(transaction.uid), 'completed')))
        .catch((err) => this.host.log.warn({ err }, 'simulator: settling a mandate charge failed'));
    }
    return transaction;
  }

  /* ---------- notifications ---------- */

  /** Records a notification and delivers it after the current response, at least once. */
  private async notify(url: string, type: string, objectType: string, objectUid: string, extra: Body) {
    const uid = newUid('not');
    const payload = {
      uid,
      type,
      created: now(),
      object_uid: objectUid,
      object_type: objectType,
      ...extra,
      verification_hash: createHmac('sha256', this.host.settings().notifySecret).update(uid).digest('hex'),
    };
    await repo.insertNotification(this.host.db, uid, url, payload);
    this.schedule(uid, url, payload);
  }

  private schedule(uid: string, url: string, payload: Body, attemptsSoFar = 0, backoffFirst = false) {
    if (this.closed) return;
    const deliver = () => this.deliver(uid, url, payload, attemptsSoFar, backoffFirst);
    const faults = attemptsSoFar === 0 ? this.faults : null;
    this.track(
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() =>
          faults
            ? faults.deliverNotification(
                deliver,
                async () => (this.closed ? undefined : this.attemptDelivery(uid, url, payload)),
                (ms) => this.sleep(ms),
              )
            : deliver(),
        )
        .catch((err) => this.host.log.warn({ err, uid }, 'simulator: notification delivery stopped')),
    );
  }

  private track(work: Promise<unknown>) {
    this.deliveries.add(work);
    void work.finally(() => this.deliveries.delete(work));
  }

  /**
   * POSTs until a 2xx, with exponential backoff, at most MAX_DELIVERY_ATTEMPTS tries in all
   * (`attemptsSoFar` were made before; `backoffFirst` waits before the first try here too).
   */
  private async deliver(uid: string, url: string, payload: Body, attemptsSoFar: number, backoffFirst = false) {
    for (let attempt = attemptsSoFar; attempt < MAX_DELIVERY_ATTEMPTS && !this.closed; attempt++) {
      if (attempt > attemptsSoFar || backoffFirst) await this.sleep(this.retryBaseMs * 2 ** Math.max(0, attempt - 1));
      if (this.closed) return;
      if (await this.attemptDelivery(uid, url, payload)) return;
      this.host.log.info({ uid, attempt: attempt + 1 }, 'simulator: notification not accepted; will retry');
    }
  }

  /** One POST of a notification; records the attempt. True when the receiver accepted it. */
  private async attemptDelivery(uid: string, url: string, payload: Body): Promise<boolean> {
    let ok = false;
    try {
      const body = JSON.stringify(payload);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedHeaders(url, body, this.host.settings().notifySecret) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      ok = res.ok;
      await res.body?.cancel();
    } catch {
      ok = false;
    }
    if (this.closed) return ok;
    await repo.markNotificationAttempt(this.host.db, uid, ok);
    return ok;
  }

  /** A delay that close() cuts short, so shutdown never waits for a backoff. */
  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeups.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeups.add(wake);
    });
  }

  /**
   * After a restart: deliver everything that was queued but not yet accepted, in batches until
   * none is left. Each batch gets its next try at once; the ones refused again go on retrying with
   * backoff in the background, so one unreachable receiver cannot hold up the rest.
   */
  async resumeDeliveries(batchSize = RESUME_BATCH_SIZE): Promise<number> {
    let cursor: repo.DeliveryCursor | undefined;
    let resumed = 0;
    while (!this.closed) {
      const batch = await repo.listUndeliveredNotifications(this.host.db, MAX_DELIVERY_ATTEMPTS, cursor, batchSize);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map(async (n) => {
          if (this.closed || (await this.attemptDelivery(n.uid, n.url, n.payload))) return;
          this.schedule(n.uid, n.url, n.payload, n.attempts + 1, true);
        }),
      );
      resumed += batch.length;
      const last = batch[batch.length - 1]!;
      cursor = { created: last.cursor, uid: last.uid };
      if (batch.length < batchSize) break;
    }
    if (resumed > 0) this.host.log.info({ resumed }, 'simulator: resumed undelivered notifications');
    return resumed;
  }

  /** Resumes deliveries without holding up start-up; idle() waits for it too. */
  resumeInBackground() {
    this.track(
      this.resumeDeliveries().catch((err) => this.host.log.warn({ err }, 'simulator: could not resume deliveries')),
    );
  }

  /** Resolves once every queued notification was delivered or gave up (tests await this). */
  async idle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakeups) wake();
    await Promise.allSettled([...this.deliveries]);
  }
}

/**
 * Which way OPP signs notifications is not settled (docs/provider.md §12), so the simulator signs both
 * ways: the body's `verification_hash` (HMAC of the uid) and HTTP `Digest` + `Signature` headers
 * (draft-cavage HTTP signatures, hmac-sha256 over request target, host, date and digest).
 */
function signedHeaders(url: string, body: string, secret: string): Record<string, string> {
  const target = new URL(url);
  const date = new Date().toUTCString();
  const digest = `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;
  const signed = [
    `(request-target): post ${target.pathname}${target.search}`,
    `host: ${target.host}`,
    `date: ${date}`,
    `digest: ${digest}`,
  ].join('\n');
  const signature = createHmac('sha256', secret).update(signed).digest('base64');
  return {
    date,
    digest,
    signature: `keyId="opp",algorithm="hmac-sha256",headers="(request-target) host date digest",signature="${signature}"`,
  };
}

function statusEntry(status: string, ts: number) {
  return { uid: newUid('sta'), object: 'status', created: ts, updated: ts, status };
}

export type ListQuery = { page?: number; perpage?: number; status?: string };

/** The list filters beyond status: our reference (exact), created at or after a Unix second, oldest first. */
export type ListFilters = { reference?: string; createdFrom?: number; oldestFirst?: boolean };

/** The most items OPP answers on one page of a list. */
const MAX_PER_PAGE = 100;

/** OPP's paging (`page`, `perpage` 1–100, default 10) as a row window; `maxPerPage` may cap it lower. */
function pageOf(query: ListQuery, maxPerPage = MAX_PER_PAGE) {
  const perpage = Math.min(maxPerPage, Math.max(1, query.perpage ?? 10));
  const page = Math.max(1, query.page ?? 1);
  return { page, perpage, window: { offset: (page - 1) * perpage, limit: perpage } };
}

/**
 * One page of a list held in memory (settlements, their rows): the window `page`/`perpage` asks for,
 * so a client that follows `has_more` reads each item once, as with the lists read from the table.
 */
export function listPageOf(url: string, all: unknown[], query: ListQuery, maxPerPage = MAX_PER_PAGE) {
  const { page, perpage, window } = pageOf(query, maxPerPage);
  return listEnvelope(url, all.slice(window.offset, window.offset + window.limit), all.length, page, perpage);
}

export function listEnvelope(url: string, data: unknown[], total: number, page: number, perpage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perpage));
  return {
    object: 'list',
    url,
    has_more: page < lastPage,
    total_item_count: total,
    items_per_page: perpage,
    current_page: page,
    last_page: lastPage,
    data,
  };
}

/** What the simulated provider charges the merchant per transaction, in cents. */
export const SIM_TRANSACTION_COST = 25;

function partnerFeeOf(transaction: SimObject): number {
  const fee = Number(transaction.partner_fee ?? 0);
  return Number.isFinite(fee) ? fee : 0;
}

/** `yyyymm` of a unix time, UTC. */
function monthKey(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** One line of a simulated settlement: a payment (positive) or money that went back (negative). */
interface SettledEntry {
  type: 'transaction' | 'refund' | 'chargeback';
  /** tra_… (payment, chargeback) or ref_… (refund). */
  reference: string;
  amount: number;
  partnerFee: number;
  costs: number;
  metadata: unknown;
}

/** An expanded `specifications` in the shape `modes.specifications` says the provider sends. */
function expandedAs(specifications: Body[], shape: SimProviderModes['specifications']): unknown {
  if (shape === 'data') return { data: specifications };
  return shape === 'object' ? specifications[0] : specifications;
}

function settlementOf(
  merchantUid: string,
  month: string,
  entries: SettledEntry[],
  isPaid: boolean,
  specificationsShape: SimProviderModes['specifications'],
): SimObject {
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(4)) - 1;
  const start = Date.UTC(year, monthIndex, 1) / 1000;
  const end = Date.UTC(year, monthIndex + 1, 1) / 1000 - 1;
  const payments = entries.filter((e) => e.type === 'transaction');
  const reversals = entries.filter((e) => e.type !== 'transaction');
  const transactionVolume = payments.reduce((sum, e) => sum + e.amount, 0);
  // Refunds and chargebacks both reduce the payout; the simulator reports them as refund volume.
  const refundVolume = reversals.reduce((sum, e) => sum + e.amount, 0);
  const volume = transactionVolume + refundVolume;
  const fees = entries.reduce((sum, e) => sum + e.partnerFee, 0);
  const costs = entries.reduce((sum, e) => sum + e.costs, 0);
  const payable = volume - fees - costs;
  const uid = `set_${merchantUid.slice(4)}_${month}`;
  return {
    uid,
    object: 'settlement',
    status: isPaid ? 'paid' : 'current',
    period_start: start,
    period_end: end,
    // As the documented object: no payout date, and once paid the payout is amount_paid while
    // amount_payable drops to 0 (docs/provider.md §5).
    total_amount: volume,
    amount_paid: isPaid ? payable : 0,
    amount_payable: isPaid ? 0 : payable,
    total_number_of_transactions: entries.length,
    number_of_transactions: payments.length,
    number_of_refunds: reversals.length,
    number_of_mandates: 0,
    total_volume: volume,
    transaction_volume: transactionVolume,
    refund_volume: refundVolume,
    mandate_volume: 0,
    total_partner_fee: -fees,
    total_transaction_costs: -costs,
    payout_type: 'collective',
    livemode: false,
    specifications: expandedAs(
      [{ uid: `spe_${uid.slice(4)}`, object: 'specification', type: 'transaction' }],
      specificationsShape,
    ),
  };
}
