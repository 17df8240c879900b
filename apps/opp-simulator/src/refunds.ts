/** Refunds of paid transactions, and their reversals (chargebacks, the provider's own refunds). */
import { SimResource } from './context.js';
import type { SimObject } from './repository.js';
import * as repo from './repository.js';
import { type Body, optionalString, requireInt, SimError } from './sim-errors.js';
import { newUid, now, statusEntry } from './values.js';

/** A refund in these statuses is not paid out yet; in FAILED_REFUND its money stayed (or went back) with the merchant. */
const OPEN_REFUND = new Set(['created', 'pending']);
const FAILED_REFUND = new Set(['failed', 'cancelled']);

export class Refunds extends SimResource {
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
    const due = Date.now() - this.ctx.switches.refundSettleMs;
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
}
