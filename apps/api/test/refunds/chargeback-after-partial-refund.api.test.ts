import { awaitSimulatorDeliveries, simulateReversal } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { chargesOf, createMonthlyWorld, signUpAndPay, transactionsOfCharge } from '../money/monthly-support.js';
import { refundsPaidOut } from '../support/refunds.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { addIdeal, orderLiveJar, paidTip } from '../support/tipjar.js';

/**
 * Issue 34.3: a tip partly refunded, then charged back. The bank takes back the whole payment on top
 * of the refund the provider already made, so the payer has more back than they paid. We record the
 * chargeback at the amount the provider reversed; the part beyond the tip is an `excess_reversal`
 * incident for platform admins; the tip's refunded totals (statistics, fee credit) stay the tip.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
});
afterAll(() => t.close());

describe(`a partly refunded tip charged back (${TEST_DB})`, () => {
  it('records the chargeback at what the bank took back and lists the excess for admins, once', async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Excess Pod' });
    const tip = await paidTip(t, jar.id, { amount: 10_045, paymentmethod: ideal });
    const refund = await t.api('POST', `/tips/${tip.id}/refunds`, {
      token: admin.token,
      body: { data: { amount: 3009, reason: 'Part of it' } },
    });
    expect(refund.status, refund.text).toBe(201);
    await refundsPaidOut(t);

    await simulateReversal(t.ctx, tip.uid, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);
    await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });

    // What the provider gave back for this payment: its refunds plus the whole payment charged back.
    const providerRefunds = (await t.ctx.opp.listRefunds(tip.uid)).data.reduce((s, r) => s + r.amount, 0);
    const providerReversed = providerRefunds + 10_045;
    expect(providerReversed).toBe(13_054);

    const list = await t.api('GET', `/tips/${tip.id}/refunds`, { token: admin.token });
    expect(list.status, list.text).toBe(200);
    const rows = list.body.data as { kind: string; source: string; amount: number; feeCredit: number }[];
    expect(rows.map((r) => [r.kind, r.source, r.amount])).toEqual([
      ['refund', 'admin', 3009],
      ['chargeback', 'provider', 10_045],
    ]);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(providerReversed);

    // The tip is reversed once, to the cent: its fee is given back whole, never more.
    const seen = await t.api('GET', `/tipjars/${jar.id}/tips/${tip.id}`, { token: jar.maker.token });
    expect(seen.body).toMatchObject({ status: 'chargeback', refundedAmount: 10_045, refundedFee: seen.body.fee });
    expect(rows.reduce((s, r) => s + r.feeCredit, 0)).toBe(seen.body.fee);

    const incidents = await t.api('GET', '/payments/incidents', { token: admin.token });
    expect(incidents.status, incidents.text).toBe(200);
    const excess = incidents.body.data.filter((i: { ownerId: string }) => i.ownerId === tip.id);
    expect(excess).toEqual([
      expect.objectContaining({ kind: 'excess_reversal', ownerKind: 'tip', amount: 3009, oppTransactionUid: tip.uid }),
    ]);

    const check = await checkMoney(t.ctx, t.ledger);
    expect(check.violations).toEqual([]);
  });

  it("records a monthly tip's month the same way: charged back whole, the excess listed under the month", async () => {
    const w = await createMonthlyWorld(t);
    const id = await signUpAndPay(w, await t.createUser());
    const [month] = await chargesOf(t, id);
    expect(month).toMatchObject({ status: 'completed' });
    const [paid] = await transactionsOfCharge(t, month!.id);
    const refund = await t.api('POST', `/tips/${month!.tipId}/refunds`, {
      token: admin.token,
      body: { data: { amount: 120, reason: 'Part of a month' } },
    });
    expect(refund.status, refund.text).toBe(201);
    await refundsPaidOut(t);

    await simulateReversal(t.ctx, paid!.opp_uid!, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);

    const list = await t.api('GET', `/tips/${month!.tipId}/refunds`, { token: admin.token });
    expect(list.body.data.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['refund', 120],
      ['chargeback', 500],
    ]);
    const incidents = await t.api('GET', '/payments/incidents', { token: admin.token });
    expect(incidents.body.data.filter((i: { ownerId: string }) => i.ownerId === month!.id)).toEqual([
      expect.objectContaining({ kind: 'excess_reversal', ownerKind: 'recurring_charge', amount: 120 }),
    ]);
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });
});
