/** A merchant's settlements, worked out from its paid transactions and the money that went back. */
import { type SimContext, SimResource } from './context.js';
import type { Merchants } from './merchants.js';
import type { SimProviderModes } from './provider-modes.js';
import type { SimObject } from './repository.js';
import * as repo from './repository.js';
import { type Body, SimError } from './sim-errors.js';
import { now } from './values.js';

export class Settlements extends SimResource {
  constructor(
    ctx: SimContext,
    private readonly merchants: Merchants,
  ) {
    super(ctx);
  }

  /**
   * The merchant's settlements: one per calendar month (UTC) of its paid transactions (by completion
   * time) and of the money that went back (refunds by their time, chargebacks by the reversal's). Past
   * months are `paid` (on the 1st of the next month), the running month is `current`. Each carries one
   * specification whose rows are the entries in it (refunds and chargebacks negative).
   * The uid encodes merchant and month (`set_<merchant>_<yyyymm>`), so rows can be served without state.
   */
  async settlements(merchantUid: string): Promise<SimObject[]> {
    await this.merchants.getMerchant(merchantUid);
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
