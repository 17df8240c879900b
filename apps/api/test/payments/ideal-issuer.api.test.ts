import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMonthlyWorld, type MonthlyWorld, oneOffTip, query, uidOf } from '../money/monthly-support.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * iDEAL 2.0 (issue 11): the payer picks their bank on the iDEAL hub page, so no payment we start
 * names an issuer at the provider, whatever bank the checkout's (optional) select sent; and a
 * provider that lists no banks any more leaves iDEAL usable.
 */
let t: TestApp;
let w: MonthlyWorld;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  w = await createMonthlyWorld(t);
  admin = await t.createUser({ role: 'ADMIN' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function providerTransaction(uid: string) {
  const res = await fetch(`${t.baseUrl}/sim/opp/v1/transactions/${uid}`, {
    headers: { authorization: `Bearer ${t.ctx.config.OPP_API_KEY}` },
  });
  return (await res.json()) as Record<string, unknown>;
}

const ING = { paymentmethod: '', paymentissuer: 'INGBNL2A' };

describe(`payments never name an iDEAL issuer (${TEST_DB})`, () => {
  it('a one-off tip with a bank chosen is created without an issuer', async () => {
    const body = oneOffTip(w.ideal, 300);
    body.data.payment = { ...ING, paymentmethod: w.ideal };
    const res = await t.api('POST', `/tipjars/${w.jar.id}/tips`, { body });
    expect(res.status, res.text).toBe(201);
    const sent = await providerTransaction(uidOf(res.body.oppTransaction.redirectUrl));
    expect(sent.payment_method).toBe('ideal');
    expect(sent.issuer).toBeNull();
    const [row] = await query<{ request: Record<string, unknown> }>(
      t,
      sql`select request from opp_transactions where opp_uid = ${sent.uid}`,
    );
    expect(row!.request).not.toHaveProperty('issuer');
  });

  it('a monthly tip with a bank chosen sets up its mandate without an issuer', async () => {
    const tipper = await t.createUser();
    const res = await t.api('POST', `/tipjars/${w.jar.id}/recurringtips`, {
      token: tipper.token,
      body: { data: { amount: 400, displayName: 'Fan', message: '', payment: { ...ING, paymentmethod: w.ideal } } },
    });
    expect(res.status, res.text).toBe(201);
    const [row] = await query<{ request: Record<string, unknown> }>(
      t,
      sql`select o.request from opp_transactions o join recurring_tip_charges c on c.id = o.owner_id
          where c.recurring_tip_id = ${res.body.recurringTip.id}`,
    );
    expect(row!.request).toMatchObject({ mandate_method: 'payment', payment_method: 'ideal' });
    expect(row!.request).not.toHaveProperty('issuer');
  });

  it('the Podpot order with a bank chosen is paid without an issuer', async () => {
    const maker = await t.createUser();
    const res = await t.api('POST', '/tipjars', {
      token: maker.token,
      body: {
        data: {
          name: 'Issuerless Pod',
          slug: `issuerless-${Date.now().toString(36)}`,
          type: 'CONSUMER',
          email: 'maker@example.test',
          phoneNumber: '06 12345678',
          payment: { ...ING, paymentmethod: w.ideal },
        },
      },
    });
    expect(res.status, res.text).toBe(201);
    expect((await providerTransaction(uidOf(res.body.oppTransaction.redirectUrl))).issuer).toBeNull();
  });
});

describe(`a provider without an iDEAL bank list (${TEST_DB})`, () => {
  it('syncs to an empty list and iDEAL still takes tips without a bank', async () => {
    const method = await t.api('POST', '/paymentmethods', {
      token: admin.token,
      body: { data: { name: 'iDEAL hub', type: 'ideal', priority: 1 } },
    });
    expect(method.status, method.text).toBe(201);
    const first = await t.api('POST', `/paymentmethods/${method.body.id}/issuers/sync`, { token: admin.token });
    expect(first.body.paymentissuers.length).toBeGreaterThan(0);

    // iDEAL 2.0 at the provider: the issuer list answers no banks (or no data at all).
    for (const answer of [{ object: 'list', data: [] }, { data: null }, {}]) {
      const realFetch = globalThis.fetch;
      vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
        String(input instanceof Request ? input.url : input).endsWith('/ideal_issuers')
          ? Promise.resolve(Response.json(answer))
          : realFetch(input, init),
      );
      const synced = await t.api('POST', `/paymentmethods/${method.body.id}/issuers/sync`, { token: admin.token });
      expect(synced.status, synced.text).toBe(200);
      expect(synced.body.paymentissuers).toEqual([]);
      vi.restoreAllMocks();
    }
    const listed = (await t.api('GET', '/paymentmethods')).body.data.find(
      (m: { id: string }) => m.id === method.body.id,
    );
    expect(listed).toMatchObject({ type: 'ideal', paymentissuers: [] });
    const tip = await t.api('POST', `/tipjars/${w.jar.id}/tips`, { body: oneOffTip(method.body.id, 250) });
    expect(tip.status, tip.text).toBe(201);
    expect(tip.body.oppTransaction.redirectUrl).toMatch(/\/sim\/checkout\/tra_/);
  });
});
