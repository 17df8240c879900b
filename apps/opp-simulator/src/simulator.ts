/**
 * The built-in OPP simulator's behaviour (docs/conventions.md §1): an OPP-compatible subset of the REST API
 * whose state lives in our database (sim_* tables), so it survives restarts. The HTTP side is in
 * routes.ts; the rules of each provider resource are in its own file (merchants.ts, transactions.ts,
 * refunds.ts, mandates.ts, settlements.ts, notifications.ts). This class holds the switches tests and
 * the demo turn, the Idempotency-Key handling, and answers for every resource.
 */
import type { SimContext } from './context.js';
import type { Faults } from './faults.js';
import type { SimulatorHost } from './host.js';
import { KEY_REUSED, type SimIdempotencyMode } from './idempotency-mode.js';
import { type ListFilters, type ListQuery, MAX_PER_PAGE } from './lists.js';
import { Mandates } from './mandates.js';
import { DEFAULT_MERCHANT_LIVE_DELAY_MS, Merchants } from './merchants.js';
import { Notifications } from './notifications.js';
import { providerModes, type SimProviderModes, type SimProviderProfile } from './provider-modes.js';
import { Refunds } from './refunds.js';
import type { ObjectsRead, SimObject } from './repository.js';
import * as repo from './repository.js';
import { Settlements } from './settlements.js';
import { type Body, SimError } from './sim-errors.js';
import { type SimOutcome, Transactions } from './transactions.js';

/** A reserved Idempotency-Key whose request made nothing for this long was left by a crash. */
const IDEMPOTENCY_STALE_MS = 15_000;

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
  /** In `created-first` mode a refund completes on the first read of the refunds this long after it was made; tests change it. */
  refundSettleMs: number;
  readonly faults: Faults | null;
  private readonly notifications: Notifications;
  private readonly merchants: Merchants;
  private readonly refunds: Refunds;
  private readonly transactions: Transactions;
  private readonly mandates: Mandates;
  private readonly settlementsOf: Settlements;

  constructor(
    readonly host: SimulatorHost,
    options: SimulatorOptions = {},
  ) {
    this.refundSettleMs = options.refundSettleMs ?? 0;
    this.faults = options.faults ?? null;
    this.modes = providerModes(options.provider);
    this.notifications = new Notifications(host, options.retryBaseMs ?? 1000, this.faults);
    const ctx: SimContext = { host, switches: this, notifications: this.notifications };
    this.merchants = new Merchants(ctx, options.merchantLiveDelayMs ?? DEFAULT_MERCHANT_LIVE_DELAY_MS);
    this.refunds = new Refunds(ctx);
    this.transactions = new Transactions(ctx, this.merchants, this.refunds, (uid) =>
      this.mandates.completeMandate(uid),
    );
    this.mandates = new Mandates(ctx, this.transactions, options.settleMandateChargesMs);
    this.settlementsOf = new Settlements(ctx, this.merchants);
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

  /* ---------- merchants (merchants.ts) ---------- */

  createMerchant(body: Body, uid?: string): Promise<SimObject> {
    return this.merchants.createMerchant(body, uid);
  }

  merchantAnswer(merchant: SimObject): SimObject {
    return this.merchants.merchantAnswer(merchant);
  }

  setMerchantStatus(uid: string, status: string): Promise<SimObject> {
    return this.merchants.setMerchantStatus(uid, status);
  }

  listMerchants(query: ListQuery & { emailaddress?: string }) {
    return this.merchants.listMerchants(query);
  }

  getMerchant(uid: string, read?: ObjectsRead): Promise<SimObject> {
    return this.merchants.getMerchant(uid, read);
  }

  updateMerchant(uid: string, body: Body): Promise<SimObject> {
    return this.merchants.updateMerchant(uid, body);
  }

  migrateMerchant(uid: string, body: Body): Promise<SimObject> {
    return this.merchants.migrateMerchant(uid, body);
  }

  createBankAccount(merchantUid: string, body: Body, uid?: string): Promise<SimObject> {
    return this.merchants.createBankAccount(merchantUid, body, uid);
  }

  listBankAccounts(merchantUid: string): Promise<SimObject[]> {
    return this.merchants.listBankAccounts(merchantUid);
  }

  setBankAccountStatus(merchantUid: string, status: string): Promise<SimObject[]> {
    return this.merchants.setBankAccountStatus(merchantUid, status);
  }

  verificationUrlOf(merchantUid: string): string {
    return this.merchants.verificationUrlOf(merchantUid);
  }

  verifyMerchant(merchantUid: string, outcome: 'approve' | 'disapprove'): Promise<SimObject> {
    return this.merchants.verifyMerchant(merchantUid, outcome);
  }

  /* ---------- settlements (settlements.ts) ---------- */

  settlements(merchantUid: string): Promise<SimObject[]> {
    return this.settlementsOf.settlements(merchantUid);
  }

  settlementRows(settlementUid: string, specificationUid: string): Promise<SimObject[]> {
    return this.settlementsOf.settlementRows(settlementUid, specificationUid);
  }

  /* ---------- transactions and the checkout (transactions.ts) ---------- */

  createTransaction(
    body: Body,
    extra: { uid?: string; unused?: boolean; mandateUid?: string; firstPaymentOf?: string; status?: string } = {},
    read?: ObjectsRead,
  ): Promise<SimObject> {
    return this.transactions.createTransaction(body, extra, read);
  }

  getTransaction(uid: string): Promise<SimObject> {
    return this.transactions.getTransaction(uid);
  }

  listTransactions(query: ListQuery & ListFilters) {
    return this.transactions.listTransactions(query);
  }

  setStatus(uid: string, status: string, options: { notify?: boolean } = {}): Promise<SimObject> {
    return this.transactions.setStatus(uid, status, options);
  }

  openCheckout(uid: string, options: { notify?: boolean } = {}): Promise<SimObject> {
    return this.transactions.openCheckout(uid, options);
  }

  visitCheckout(uid: string): Promise<SimObject> {
    return this.transactions.visitCheckout(uid);
  }

  chooseOutcome(uid: string, outcome: SimOutcome, options: { notify?: boolean } = {}): Promise<SimObject> {
    return this.transactions.chooseOutcome(uid, outcome, options);
  }

  /* ---------- refunds and reversals (refunds.ts) ---------- */

  reverse(uid: string, status: 'chargeback' | 'refunded', options: { notify?: boolean } = {}): Promise<SimObject> {
    return this.refunds.reverse(uid, status, options);
  }

  leftToRefund(uid: string): Promise<number> {
    return this.refunds.leftToRefund(uid);
  }

  createRefund(uid: string, body: Body, refundUid?: string, options: { notify?: boolean } = {}): Promise<SimObject> {
    return this.refunds.createRefund(uid, body, refundUid, options);
  }

  listRefunds(uid: string): Promise<SimObject[]> {
    return this.refunds.listRefunds(uid);
  }

  settleRefund(refundUid: string, outcome: 'completed' | 'failed'): Promise<SimObject> {
    return this.refunds.settleRefund(refundUid, outcome);
  }

  /* ---------- mandates (mandates.ts) ---------- */

  createMandate(body: Body, uid?: string): Promise<SimObject> {
    return this.mandates.createMandate(body, uid);
  }

  listMandates(query: ListQuery & { reference?: string }) {
    return this.mandates.listMandates(query);
  }

  getMandate(uid: string): Promise<SimObject> {
    return this.mandates.getMandate(uid);
  }

  revokeMandate(uid: string): Promise<SimObject> {
    return this.mandates.revokeMandate(uid);
  }

  setMandateStatus(uid: string, status: string): Promise<SimObject> {
    return this.mandates.setMandateStatus(uid, status);
  }

  createMandateTransaction(mandateUid: string, body: Body, uid?: string): Promise<SimObject> {
    return this.mandates.createMandateTransaction(mandateUid, body, uid);
  }

  /* ---------- notifications (notifications.ts) ---------- */

  resumeDeliveries(batchSize?: number): Promise<number> {
    return this.notifications.resumeDeliveries(batchSize);
  }

  resumeInBackground() {
    this.notifications.resumeInBackground();
  }

  idle(): Promise<void> {
    return this.notifications.idle();
  }

  close(): Promise<void> {
    return this.notifications.close();
  }
}
