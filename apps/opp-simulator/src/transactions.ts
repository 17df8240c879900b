/** Transactions: their create, statuses and expiry, the hosted checkout and the sandbox's test amounts. */
import { type SimContext, SimResource } from './context.js';
import { type ListFilters, type ListQuery, listFiltered } from './lists.js';
import type { Merchants } from './merchants.js';
import type { SimProviderModes } from './provider-modes.js';
import type { Refunds } from './refunds.js';
import type { SimObject } from './repository.js';
import * as repo from './repository.js';
import { type Body, optionalString, requireInt, requireString, SimError } from './sim-errors.js';
import { newUid, now, statusEntry, toMetadata } from './values.js';

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
/** A merchant in these statuses receives no payments (an assumption: docs/provider.md §1.2 names the statuses only). */
const STOPPED_MERCHANT_STATUSES = ['suspended', 'blocked', 'terminated', 'deleted'];

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

/**
 * The `reference` a transaction or mandate keeps from its create: ours with `references: echoed`;
 * with `dropped` it is not kept (no recorded answer has the field), so no answer about an object made
 * then — create, read or list — carries it.
 */
export function referenceOf(modes: SimProviderModes, body: Body): { reference?: string | null } {
  return modes.references === 'echoed' ? { reference: optionalString(body, 'reference') } : {};
}

export class Transactions extends SimResource {
  constructor(
    ctx: SimContext,
    private readonly merchants: Merchants,
    private readonly refunds: Refunds,
    /** The first payment of a mandate was made (mandates.ts); a callback, as mandates make transactions. */
    private readonly completeMandate: (mandateUid: string) => Promise<void>,
  ) {
    super(ctx);
  }

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
    const merchant = await this.merchants.getMerchant(merchantUid, read).catch(() => {
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
      ...referenceOf(this.modes, body),
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
    return listFiltered(this.host.db, this.modes, 'transaction', '/v1/transactions', query);
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
  async applyTestAmount(transaction: SimObject): Promise<SimObject> {
    const uid = String(transaction.uid);
    const forced = SIM_TEST_AMOUNTS[Number(transaction.amount)];
    if (!forced || forced === 'created') return transaction;
    if (forced !== 'refunded') return this.setStatus(uid, forced);
    const completed = await this.setStatus(uid, 'completed');
    return completed.status === 'completed' ? this.refunds.reverse(uid, 'refunded') : completed;
  }

  /** The buyer chose an outcome on the checkout page (or a test chose it). */
  async chooseOutcome(uid: string, outcome: SimOutcome, options: { notify?: boolean } = {}): Promise<SimObject> {
    const transaction = await this.openCheckout(uid, options);
    if (outcome === 'pending') return transaction;
    return this.setStatus(uid, outcome, options);
  }
}
