import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OppError } from '../../src/payments/opp-client.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/** What happens when the provider fails or its answer is lost: no tip jar goes live unpaid, no double payment. */
let t: TestApp;
let ideal: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'ADMIN' });
  ideal = (
    await t.api('POST', '/paymentmethods', { token: admin.token, body: { data: { name: 'iDEAL', type: 'ideal' } } })
  ).body.id;
});
afterAll(() => t.close());

function orderBody(slug: string) {
  return {
    data: {
      name: 'Failing Pod',
      slug,
      email: 'maker@example.test',
      phoneNumber: '0612345678',
      payment: { paymentmethod: ideal, paymentissuer: '' },
    },
  };
}

async function countSimTransactions(addonId: string) {
  const list = await t.ctx.opp.listTransactions({ perpage: 100 });
  return list.data.filter((tx) => tx.metadata.addon_id === addonId).length;
}

describe('payment provider failures while ordering', () => {
  let maker: TestUser;
  beforeAll(async () => {
    maker = await t.createUser();
  });

  it('answers 502 PAYMENT_PROVIDER and keeps the tip jar NEW when the provider is down', async () => {
    const original = t.ctx.opp.createTransaction.bind(t.ctx.opp);
    t.ctx.opp.createTransaction = async () => {
      throw new OppError(503, undefined, 'down');
    };
    try {
      const res = await t.api('POST', '/tipjars', { token: maker.token, body: orderBody('down-pod') });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('PAYMENT_PROVIDER');
    } finally {
      t.ctx.opp.createTransaction = original;
    }
    const mine = await t.api('GET', '/tipjars', { token: maker.token });
    const jar = mine.body.data.find((j: { slug: string }) => j.slug === 'down-pod');
    expect(jar.status).toBe('NEW');
    expect(jar.addons[0].oppTransaction).toBeNull();

    // The retry card starts the payment later.
    const retry = await t.api('POST', `/tipjars/${jar.id}/addons/${jar.addons[0].id}/payment/retry`, {
      token: maker.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.oppTransaction.status).toBe('created');
    expect((await t.api('GET', `/tipjars/${jar.id}`, { token: maker.token })).body.status).toBe('AWAITING_PAYMENT');
  });

  it('a retried create after a lost answer reuses the Idempotency-Key: one provider transaction', async () => {
    const original = t.ctx.opp.createTransaction.bind(t.ctx.opp);
    const keys: string[] = [];
    // The provider makes the transaction, but its answer never reaches us.
    t.ctx.opp.createTransaction = async (input, key) => {
      keys.push(key);
      await original(input, key);
      throw new OppError(0, undefined, 'socket hang up');
    };
    let jar: { id: string; addons: { id: string }[] };
    try {
      const res = await t.api('POST', '/tipjars', { token: maker.token, body: orderBody('lost-answer-pod') });
      expect(res.status).toBe(502);
      const mine = await t.api('GET', '/tipjars', { token: maker.token });
      jar = mine.body.data.find((j: { slug: string }) => j.slug === 'lost-answer-pod');
    } finally {
      t.ctx.opp.createTransaction = original;
    }
    const addonId = jar.addons[0]!.id;
    expect(keys).toEqual([`addon-${addonId}`]);
    const retry = await t.api('POST', `/tipjars/${jar.id}/addons/${addonId}/payment/retry`, {
      token: maker.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(await countSimTransactions(addonId)).toBe(1);
  });
});
