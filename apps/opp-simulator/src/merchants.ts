/** Merchants, their bank accounts and their verification on the provider's pages. */
import { type SimContext, SimResource } from './context.js';
import { type ListQuery, listEnvelope, pageOf } from './lists.js';
import type { SimObject } from './repository.js';
import * as repo from './repository.js';
import { type Body, optionalString, requireString, SimError } from './sim-errors.js';
import { newUid, now, toMetadata } from './values.js';

/** Merchant statuses the partner may set (POST /merchants/{uid}); `live` is the provider's to give. */
const PARTNER_MERCHANT_STATUSES = ['terminated', 'suspended'];
/** Where the simulator keeps which e-mail address belongs to which merchant (one merchant per address). */
const MERCHANT_EMAIL_SCOPE = 'merchant_emailaddress';
/** How long a consumer merchant stays pending before the provider makes it live, unless configured. */
export const DEFAULT_MERCHANT_LIVE_DELAY_MS = 15_000;

export class Merchants extends SimResource {
  constructor(
    ctx: SimContext,
    private readonly merchantLiveDelayMs: number,
  ) {
    super(ctx);
  }

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
}
