/** Mandates (recurring payments): their first payment, their status words, the charges against them. */
import { randomBytes } from 'node:crypto';
import { type SimContext, SimResource } from './context.js';
import { type ListQuery, listFiltered } from './lists.js';
import type { SimObject } from './repository.js';
import * as repo from './repository.js';
import { type Body, optionalString, requireString, SimError } from './sim-errors.js';
import { referenceOf, SIM_TEST_AMOUNTS, type Transactions } from './transactions.js';
import { newUid, now, toMetadata } from './values.js';

/** Mandate words a charge is accepted against: the first payment was made (provider-modes.ts `mandateWords`). */
const CHARGEABLE_MANDATE = new Set(['completed', 'authorized', 'active']);

export class Mandates extends SimResource {
  constructor(
    ctx: SimContext,
    private readonly transactions: Transactions,
    private readonly settleMandateChargesMs: number | undefined,
  ) {
    super(ctx);
  }

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
        (await this.transactions.createTransaction(
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
      ...(this.ctx.switches.mandateNamesFirstPayment ? { transaction_uid: firstTransactionUid } : {}),
      return_url: optionalString(body, 'return_url'),
      notify_url: optionalString(body, 'notify_url'),
      ...referenceOf(this.modes, body),
      metadata: toMetadata(body.metadata),
    };
    await repo.insertObject(this.host.db, 'mandate', mandate, merchantUid);
    return mandate;
  }

  /** GET /mandates: `filter[reference]` (exact) as OPP's list filters (with `references: echoed`). */
  listMandates(query: ListQuery & { reference?: string }) {
    return listFiltered(this.host.db, this.modes, 'mandate', '/v1/mandates', query);
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
    if (this.ctx.switches.mandateLinkOmitted) return {};
    return this.modes.mandateLink === 'mandate_url' ? { mandate_url: url } : { redirect_url: url };
  }

  /** The payer (their bank) or the partner revokes a mandate: no further charges; notifies. */
  revokeMandate(uid: string): Promise<SimObject> {
    return this.setMandateStatus(uid, 'revoked');
  }

  /** The first payment of a mandate was made: the payer approved it (`completed`, or `authorized`). */
  async completeMandate(uid: string): Promise<void> {
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
    const transaction = await this.transactions.createTransaction(
      { ...body, payment_method: 'sepa', merchant_uid: body.merchant_uid ?? mandate.merchant_uid },
      { uid, mandateUid, status: 'planned' },
      read,
    );
    if (SIM_TEST_AMOUNTS[Number(transaction.amount)]) return this.transactions.applyTestAmount(transaction);
    if (this.settleMandateChargesMs !== undefined) {
      const settleMs = this.settleMandateChargesMs;
      void this.sleep(settleMs)
        .then(() => (this.closed ? undefined : this.transactions.setStatus(String(transaction.uid), 'completed')))
        .catch((err) => this.host.log.warn({ err }, 'simulator: settling a mandate charge failed'));
    }
    return transaction;
  }
}
