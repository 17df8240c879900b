import { awaitSimulatorDeliveries, simulateMerchantStatus, simulateMerchantVerification } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { oneOffTip } from '../money/monthly-support.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Merchants as the real provider has them (issue 11): a consumer merchant goes live by itself after
 * a while, before its bank account is verified; only the provider makes a merchant live; one merchant
 * per e-mail address; a suspended, blocked or terminated merchant takes no tips. Real HTTP, simulator
 * with a short go-live delay, both databases.
 */
const LIVE_DELAY_MS = 1500;
let t: TestApp;
let maker: TestUser;
let admin: TestUser;
let ideal: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ SIM_MERCHANT_LIVE_DELAY_MS: LIVE_DELAY_MS });
  maker = await t.createUser();
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = (
    await t.api('POST', '/paymentmethods', { token: admin.token, body: { data: { name: 'iDEAL', type: 'ideal' } } })
  ).body.id;
});
afterAll(() => t.close());

async function registeredJar(values: Partial<typeof tipjars.$inferInsert> = {}) {
  n += 1;
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `provider-${n}-${Date.now().toString(36)}`,
      name: `Provider Pod ${n}`,
      status: 'LIVE',
      contactEmail: `provider-maker-${n}-${Date.now()}@example.test`,
      contactPhone: '+31612345678',
      ...values,
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: maker.id });
  const res = await t.api('POST', `/tipjars/${jar!.id}/oppmerchant`, {
    token: maker.token,
    body: { data: { firstName: 'Mia', lastName: 'Maker', country: 'nld' } },
  });
  expect(res.status, res.text).toBe(201);
  return { jar: jar!, merchant: res.body };
}

/** Waits until the simulated provider made the merchant live and its notification was handled. */
async function untilLive(tipjarId: string) {
  const deadline = Date.now() + LIVE_DELAY_MS * 4;
  while (Date.now() < deadline) {
    await awaitSimulatorDeliveries(t.ctx);
    const jar = await t.api('GET', `/tipjars/${tipjarId}`, { token: maker.token });
    if (jar.body.oppMerchant?.merchantStatus === 'live') return jar.body.oppMerchant;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the merchant never went live');
}

/** Straight to the simulated provider's API, as our client would. */
// biome-ignore lint/suspicious/noExplicitAny: tests inspect the provider's arbitrary JSON
type Json = Record<string, any>;
function provider(method: string, path: string, body?: unknown, key?: string) {
  return fetch(`${t.baseUrl}/sim/opp/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${t.ctx.config.OPP_API_KEY}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as Json }));
}

const consumer = (emailaddress: string) => ({
  type: 'consumer',
  country: 'nld',
  emailaddress,
  notify_url: `http://127.0.0.1:9/notify`,
});

describe('registration complete means payout-ready', () => {
  it('is not complete when the consumer merchant went live before its bank account was approved', async () => {
    const { jar, merchant } = await registeredJar();
    expect(merchant).toMatchObject({ merchantStatus: 'pending', registrationComplete: false });
    // The provider makes the consumer live by itself: verified (level 100) and live, bank account still to verify.
    const ref = await untilLive(jar.id);
    expect(ref).toMatchObject({
      merchantStatus: 'live',
      complianceStatus: 'verified',
      complianceLevel: 100,
      bankAccountStatus: 'new',
      registrationComplete: false,
    });
    const view = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(view.body).toMatchObject({ merchantStatus: 'live', registrationComplete: false, acceptsPayments: true });
    // What is still to do, with the provider's link to do it.
    expect(view.body.requirements).toContainEqual({
      type: 'bank_account.verification.required',
      status: 'pending',
      redirectUrl: expect.stringContaining(`/sim/verify/${merchant.merchantUid}`),
    });

    await simulateMerchantVerification(t.ctx, merchant.merchantUid, 'approve');
    await awaitSimulatorDeliveries(t.ctx);
    const jarRes = await t.api('GET', `/tipjars/${jar.id}`, { token: maker.token });
    expect(jarRes.body.oppMerchant).toEqual({
      merchantStatus: 'live',
      complianceStatus: 'verified',
      complianceLevel: 200,
      bankAccountStatus: 'approved',
      registrationComplete: true,
    });
    const done = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(done.body).toMatchObject({
      registrationComplete: true,
      requirements: [],
      bankAccount: { status: 'approved', iban: expect.stringMatching(/^NL\*\*/) },
    });
  });

  it('a business merchant lists its outstanding requirements with their links until it is verified', async () => {
    const { jar, merchant } = await registeredJar({ type: 'BUSINESS', companyName: 'Pod BV', cocNumber: '12345678' });
    const view = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(view.body.registrationComplete).toBe(false);
    const types = view.body.requirements.map((r: { type: string }) => r.type);
    expect(types).toEqual(['bank_account.verification.required', 'contact.verification.required']);
    for (const r of view.body.requirements) expect(r.redirectUrl).toContain(`/sim/verify/${merchant.merchantUid}`);
    await simulateMerchantVerification(t.ctx, merchant.merchantUid, 'approve');
    await awaitSimulatorDeliveries(t.ctx);
    const done = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(done.body).toMatchObject({ merchantStatus: 'live', complianceLevel: 400, registrationComplete: true });
  });
});

describe('a merchant the provider stopped takes no tips', () => {
  const tipBody = () => oneOffTip(ideal, 500);

  for (const status of ['suspended', 'blocked', 'terminated']) {
    it(`${status}: the storefront says so, the tip API answers 409 NOT_ACCEPTING_TIPS, the backoffice shows it`, async () => {
      const { jar, merchant } = await registeredJar();
      const storefront = async () =>
        (await t.api('GET', `/tipjars?slug=${jar.slug}`)).body.data[0] as { acceptsTips: boolean };
      expect((await storefront()).acceptsTips).toBe(true);
      expect((await t.api('POST', `/tipjars/${jar.id}/tips`, { body: tipBody() })).status).toBe(201);

      await simulateMerchantStatus(t.ctx, merchant.merchantUid, status);
      await awaitSimulatorDeliveries(t.ctx);

      expect((await storefront()).acceptsTips).toBe(false);
      const refused = await t.api('POST', `/tipjars/${jar.id}/tips`, { body: tipBody() });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(refused.body).toMatchObject({
        code: 'NOT_ACCEPTING_TIPS',
        message: expect.stringMatching(/cannot receive tips/),
      });
      const view = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
      expect(view.body).toMatchObject({ merchantStatus: status, acceptsPayments: false, registrationComplete: false });
    });
  }

  it('a tip jar without a merchant is not offered on the storefront either', async () => {
    n += 1;
    const [jar] = await t.database.db
      .insert(tipjars)
      .values({
        slug: `unregistered-${n}-${Date.now().toString(36)}`,
        name: 'Nobody yet',
        status: 'LIVE',
        contactEmail: 'x@example.test',
      })
      .returning();
    expect((await t.api('GET', `/tipjars?slug=${jar!.slug}`)).body.data[0].acceptsTips).toBe(false);
  });
});

describe('the simulated provider behaves like OPP', () => {
  it('allows one merchant per e-mail address, refusing the second with error.parameters.emailaddress', async () => {
    const address = `unique-${Date.now()}@example.test`;
    const first = await provider('POST', '/merchants', consumer(address), `a-${address}`);
    expect(first.status).toBe(200);
    const second = await provider('POST', '/merchants', consumer(address.toUpperCase()), `b-${address}`);
    expect(second.status).toBe(400);
    expect(second.body.error).toMatchObject({ code: 400, parameters: { emailaddress: [expect.any(String)] } });
    // The same Idempotency-Key still answers the first merchant.
    expect((await provider('POST', '/merchants', consumer(address), `a-${address}`)).body.uid).toBe(first.body.uid);
    // Of concurrent creates with one new address, exactly one succeeds.
    const racing = `race-${Date.now()}@example.test`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => provider('POST', '/merchants', consumer(racing), `race-${i}-${racing}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    // The partner finds it by address.
    const found = await provider('GET', `/merchants?filter[emailaddress]=${encodeURIComponent(address)}`);
    expect(found.body.data.map((m: { uid: string }) => m.uid)).toEqual([first.body.uid]);
  });

  it('makes a consumer merchant live after its delay, by itself, and never on the partner’s request', async () => {
    const created = await provider('POST', '/merchants', consumer(`later-${Date.now()}@example.test`), `later-${n++}`);
    expect(created.body.status).toBe('pending');
    const refused = await provider('POST', `/merchants/${created.body.uid}`, { status: 'live' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.parameters).toHaveProperty('status');
    expect((await provider('GET', `/merchants/${created.body.uid}`)).body.status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, LIVE_DELAY_MS + 1100));
    expect((await provider('GET', `/merchants/${created.body.uid}`)).body.status).toBe('live');
    // The partner may suspend it.
    const suspended = await provider('POST', `/merchants/${created.body.uid}`, { status: 'suspended' });
    expect(suspended).toMatchObject({ status: 200, body: { status: 'suspended' } });
  });
});
