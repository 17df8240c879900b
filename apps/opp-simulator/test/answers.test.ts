import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { awaitSimulatorDeliveries, SIM_TEST_AMOUNTS, simulatePayment, simulatorOf } from '../src/index.js';
import { type Json, makeMerchant, type SimApp, startSimApp } from './sim-app.js';

/**
 * The simulator answers as the recorded real API does (apps/api/src/payments/fixtures/SOURCES.md):
 * creates answer 200 with the object; and the sandbox's test amounts (docs/provider.md §2.7) force a
 * transaction's outcome at the checkout, or at once for a mandate charge. (Moved here from the API's
 * suite: the simulator's own answers, without the API.)
 */
let s: SimApp;
let merchantUid: string;

beforeAll(async () => {
  s = await startSimApp();
  merchantUid = await makeMerchant(s, 'fidelity');
}, 60_000);
afterAll(() => s.close());

const transaction = (amount: number) => ({
  merchant_uid: merchantUid,
  total_price: amount,
  products: [{ name: 'Tip', price: amount, quantity: 1 }],
  return_url: `${s.baseUrl}/thankyou`,
  notify_url: s.notifyUrl,
  payment_method: 'ideal',
});

/** The buyer opens the hosted checkout page; the transaction as the provider then has it. */
async function visitCheckout(uid: string): Promise<Json> {
  const page = await fetch(`${s.baseUrl}/sim/checkout/${uid}`);
  expect(page.status).toBe(200);
  await page.text();
  return (await s.provider('GET', `/transactions/${uid}`)).body;
}

describe('simulated provider answers like the recorded one', { timeout: 30_000 }, () => {
  it('answers 200 with the object to every create: transaction, refund, mandate, mandate charge', async () => {
    const created = await s.provider('POST', '/transactions', transaction(700));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ object: 'transaction', status: 'created', amount: 700 });

    await simulatePayment(s.key, created.body.uid, 'completed', { notify: false });
    const refund = await s.provider('POST', `/transactions/${created.body.uid}/refunds`, { amount: 100 });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ object: 'refund', amount: 100 });

    const mandate = await s.provider('POST', '/mandates', {
      ...transaction(500),
      mandate_method: 'payment',
      mandate_type: 'consumer',
    });
    expect(mandate.status).toBe(200);
    expect(mandate.body).toMatchObject({ object: 'mandate', status: 'created' });
    const first = (await s.provider('GET', `/transactions?perpage=100`)).body.data.find(
      (tx: Json) => tx.mandate_uid === mandate.body.uid,
    );
    await simulatePayment(s.key, first.uid, 'completed', { notify: false });
    const charge = await s.provider('POST', `/mandates/${mandate.body.uid}/transactions`, {
      merchant_uid: merchantUid,
      token: mandate.body.token,
      total_price: 500,
    });
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({ object: 'transaction', status: 'planned', amount: 500 });

    // A charge has no checkout: a test amount decides its outcome at once.
    const failing = await s.provider('POST', `/mandates/${mandate.body.uid}/transactions`, {
      merchant_uid: merchantUid,
      token: mandate.body.token,
      total_price: 701,
    });
    expect(failing).toMatchObject({ status: 200, body: { status: 'failed', amount: 701 } });
  });
});

describe("the sandbox's test amounts", { timeout: 30_000 }, () => {
  it('decide the outcome when the buyer reaches the checkout', async () => {
    const outcomes: Record<number, string> = {};
    for (const amount of [101, 201, 301, 401, 501, 701, 801, 901]) {
      const { body } = await s.provider('POST', '/transactions', transaction(amount));
      expect(body.status, String(amount)).toBe('created');
      outcomes[amount] = (await visitCheckout(body.uid)).status;
    }
    expect(outcomes).toEqual(SIM_TEST_AMOUNTS);
    // As the source lists them (docs/provider.md §2.7).
    expect(Object.values(outcomes).join(' ')).toBe(
      'created pending expired cancelled completed failed refunded reserved',
    );
    await awaitSimulatorDeliveries(s.key);
  });

  it('leave every other amount to the buyer: the checkout only makes it pending', async () => {
    for (const amount of [100, 500, 502, 1501]) {
      const { body } = await s.provider('POST', '/transactions', transaction(amount));
      expect((await visitCheckout(body.uid)).status, String(amount)).toBe('pending');
    }
  });

  it('a refund amount passes through completed, as a real refund does', async () => {
    const { body } = await s.provider('POST', '/transactions', transaction(801));
    const refunded = await visitCheckout(body.uid);
    expect(refunded.statuses.map((st: Json) => st.status)).toEqual(['created', 'pending', 'completed', 'refunded']);
  });
});

describe('refunds in each provider mode (decision 070)', { timeout: 30_000 }, () => {
  const sim = () => simulatorOf(s.key);
  let saved: ReturnType<typeof sim>['modes'];
  beforeAll(() => {
    saved = { ...sim().modes };
  });
  afterEach(() => {
    Object.assign(sim().modes, saved);
  });

  /** A paid transaction of `amount` cents, without notifications. */
  async function paid(amount: number) {
    const { body } = await s.provider('POST', '/transactions', transaction(amount));
    await simulatePayment(s.key, body.uid, 'completed', { notify: false });
    return body.uid as string;
  }
  const refund = (uid: string, amount: number) =>
    s.provider('POST', `/transactions/${uid}/refunds`, { amount, payout_description: `Podpot refund ${amount}` });
  const statusOf = async (uid: string) => (await s.provider('GET', `/transactions/${uid}`)).body.status;

  it('created-first answers as recorded (created, paid null, the description echoed); a read of the refunds pays it out', async () => {
    sim().modes.refunds = 'created-first';
    const uid = await paid(1000);
    const made = await refund(uid, 400);
    expect(made.body).toMatchObject({
      object: 'refund',
      status: 'created',
      paid: null,
      amount: 400,
      payout_description: 'Podpot refund 400',
    });
    const list = await s.provider('GET', `/transactions/${uid}/refunds`);
    expect(list.body.data).toEqual([expect.objectContaining({ uid: made.body.uid, status: 'completed' })]);
    expect(list.body.data[0].paid).toEqual(expect.any(Number));
    // A refund still created can fail instead; its money is refundable again.
    const other = await paid(1000);
    const failing = await refund(other, 1000);
    await sim().settleRefund(failing.body.uid, 'failed');
    expect((await refund(other, 1000)).status).toBe(200);
  });

  it('after-any turns the payment refunded at the first refund; what is left can still be refunded, no more', async () => {
    sim().modes.refundedStatus = 'after-any';
    const uid = await paid(1000);
    expect((await refund(uid, 200)).status).toBe(200);
    expect(await statusOf(uid)).toBe('refunded');
    expect((await refund(uid, 800)).status).toBe(200);
    expect((await refund(uid, 1)).status).toBe(400);
    // The bank may still take the whole payment back.
    await sim().reverse(uid, 'chargeback', { notify: false });
    expect(await statusOf(uid)).toBe('chargeback');
    await awaitSimulatorDeliveries(s.key);
  });

  it('when-full leaves a partly refunded payment completed until its refunds add up to it', async () => {
    sim().modes.refundedStatus = 'when-full';
    const uid = await paid(1000);
    await refund(uid, 200);
    expect(await statusOf(uid)).toBe('completed');
    await refund(uid, 800);
    expect(await statusOf(uid)).toBe('refunded');
    await awaitSimulatorDeliveries(s.key);
  });
});
