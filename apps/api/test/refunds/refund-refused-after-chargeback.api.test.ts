import {
  awaitSimulatorDeliveries,
  type Faults,
  simulateReversal,
  simulatorFaults,
  simulatorOf,
} from '@podpot/opp-simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { refunds } from '../../src/db/schema/index.js';
import { checkMoney } from '../../src/jobs/money-check.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { addIdeal, orderLiveJar, paidTip } from '../support/tipjar.js';

/**
 * Issue 34.4: an admin refunds part of a tip while the provider is down (recorded, pending); the bank
 * then charges the whole payment back; the refund's retry is refused (the payment is no longer
 * completed). The refused amount must not be handed back to the tip: the bank took all of it, so the
 * tip, its statistics and its fee credit show the whole tip reversed.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let faults: Faults;

beforeAll(async () => {
  // Every call refused with a 5xx while the fault mode is on: the provider's outage.
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000, SIM_FAULTS: 'http5xx=1,streak=1000' });
  faults = simulatorFaults(t.ctx)!;
  faults.active = false;
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
});
afterAll(() => t.close());

/** A tip of 10,045 cents with a refund of 3,009 recorded during an outage (pending); answers the tip and refund. */
async function refundedDuringOutage() {
  const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Outage Pod' });
  const tip = await paidTip(t, jar.id, { amount: 10_045, paymentmethod: ideal });
  faults.active = true;
  let res: Awaited<ReturnType<TestApp['api']>>;
  try {
    res = await t.api('POST', `/tips/${tip.id}/refunds`, {
      token: admin.token,
      body: { data: { amount: 3009, reason: 'Sorry' } },
    });
  } finally {
    faults.active = false;
  }
  expect(res.status, res.text).toBe(201);
  expect(res.body.status).toBe('pending');
  return { jar, tip, refundId: res.body.id as string };
}

/** The reconcile job sends the pending refund again (it is old enough to be retried). */
async function retryRefunds(refundId: string) {
  await t.database.db
    .update(refunds)
    .set({ updated: new Date(Date.now() - 5 * 60_000) })
    .where(eq(refunds.id, refundId));
  await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 10_000 });
  await awaitSimulatorDeliveries(t.ctx);
}

async function expectWholeTipReversed({ jar, tip, refundId }: Awaited<ReturnType<typeof refundedDuringOutage>>) {
  const { id: jarId, maker } = jar;
  const tipId = tip.id;
  const seen = await t.api('GET', `/tipjars/${jarId}/tips/${tipId}`, { token: maker.token });
  expect(seen.status, seen.text).toBe(200);
  expect(seen.body).toMatchObject({ status: 'chargeback', refundedAmount: 10_045, refundedFee: seen.body.fee });
  const list = await t.api('GET', `/tips/${tipId}/refunds`, { token: admin.token });
  const rows = list.body.data as { id: string; kind: string; status: string; amount: number; feeCredit: number }[];
  expect(rows.find((r) => r.id === refundId)).toMatchObject({ status: 'failed' });
  const kept = rows.filter((r) => r.status === 'completed');
  expect(kept.map((r) => [r.kind, r.amount])).toEqual([['chargeback', 10_045]]);
  // The fee credit the next invoice takes is the tip's whole fee.
  expect(kept.reduce((s, r) => s + r.feeCredit, 0)).toBe(seen.body.fee);
  // The provider never made the refund.
  expect((await t.ctx.opp.listRefunds(tip.uid)).data).toEqual([]);
}

describe(`a refund refused after the tip was charged back (${TEST_DB})`, () => {
  it('is not handed back: the tip shows the whole payment reversed, with its whole fee credit', async () => {
    const outage = await refundedDuringOutage();
    const { tip, refundId } = outage;
    await simulateReversal(t.ctx, tip.uid, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);

    await retryRefunds(refundId);
    await expectWholeTipReversed(outage);
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });

  it("reads the payment again on the refusal when the chargeback's notification was lost", async () => {
    const outage = await refundedDuringOutage();
    const { tip, refundId } = outage;
    await simulatorOf(t.ctx).reverse(tip.uid, 'chargeback', { notify: false });

    await retryRefunds(refundId);
    await expectWholeTipReversed(outage);
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });
});

describe(`a refund the provider made during the outage, accepted after the chargeback (${TEST_DB})`, () => {
  it('credits no fee twice and lists the money the payer has back twice for admins', async () => {
    const jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Lost Answer Pod' });
    const tip = await paidTip(t, jar.id, { amount: 10_045, paymentmethod: ideal });
    // The payment stays `completed` after this partial refund, so nothing tells us of it before the
    // chargeback (with `after-any` its `refunded` notification would: chargeback-after-partial-refund).
    const { modes } = simulatorOf(t.ctx);
    const before = modes.refundedStatus;
    modes.refundedStatus = 'when-full';
    onTestFinished(() => {
      modes.refundedStatus = before;
    });
    // The provider makes the refund, but its answer never reaches us: recorded, pending.
    const { shares } = faults.plan;
    shares.http5xx = 0;
    shares.timeout = 1;
    faults.active = true;
    let res: Awaited<ReturnType<TestApp['api']>>;
    try {
      res = await t.api('POST', `/tips/${tip.id}/refunds`, {
        token: admin.token,
        body: { data: { amount: 3009, reason: 'Sorry' } },
      });
    } finally {
      faults.active = false;
      shares.timeout = 0;
      shares.http5xx = 1;
    }
    expect(res.status, res.text).toBe(201);
    expect(res.body.status).toBe('pending');
    expect((await t.ctx.opp.listRefunds(tip.uid)).data.map((r) => r.amount)).toEqual([3009]);

    await simulateReversal(t.ctx, tip.uid, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);
    await retryRefunds(res.body.id);

    const list = await t.api('GET', `/tips/${tip.id}/refunds`, { token: admin.token });
    const rows = list.body.data as { kind: string; status: string; amount: number; feeCredit: number }[];
    expect(rows.map((r) => [r.kind, r.status, r.amount])).toEqual([
      ['refund', 'completed', 3009],
      ['chargeback', 'completed', 10_045],
    ]);
    const seen = await t.api('GET', `/tipjars/${jar.id}/tips/${tip.id}`, { token: jar.maker.token });
    expect(seen.body).toMatchObject({ status: 'chargeback', refundedAmount: 10_045, refundedFee: seen.body.fee });
    expect(rows.reduce((s, r) => s + r.feeCredit, 0)).toBe(seen.body.fee);
    const incidents = await t.api('GET', '/payments/incidents', { token: admin.token });
    expect(incidents.body.data.filter((i: { ownerId: string }) => i.ownerId === tip.id)).toEqual([
      expect.objectContaining({ kind: 'excess_reversal', amount: 3009 }),
    ]);
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });
});
