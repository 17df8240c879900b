import { awaitSimulatorDeliveries, simulateMerchantVerification } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/** Registering a tip jar with the payment provider (backoffice 'Registratie'). Real HTTP + simulator. */
let t: TestApp;
let admin: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let stranger: TestUser;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  otherMaker = await t.createUser();
  stranger = await t.createUser();
  await makeJar(otherMaker);
});
afterAll(() => t.close());

async function makeJar(owner: TestUser, values: Partial<typeof tipjars.$inferInsert> = {}) {
  n += 1;
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `reg-${n}-${Date.now().toString(36)}`,
      name: `Registratie ${n}`,
      status: 'LIVE',
      contactEmail: `maker${n}@example.test`,
      contactPhone: '+31612345678',
      ...values,
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: owner.id });
  return jar!;
}

const person = { data: { firstName: 'Mark', lastName: 'de Maker', country: 'nld' } };

describe('POST /api/v1/tipjars/:id/oppmerchant', () => {
  it("answers 401 anonymously and 404 to strangers and other jars' admins", async () => {
    const jar = await makeJar(maker);
    expect((await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person })).status).toBe(401);
    expect(
      (await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: stranger.token })).status,
    ).toBe(404);
    expect(
      (await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: otherMaker.token })).status,
    ).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: stranger.token })).status).toBe(404);
  });

  it('registers a consumer merchant with a bank account to verify, and the tip jar shows its state', async () => {
    const jar = await makeJar(maker);
    const res = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      merchantUid: expect.stringMatching(/^mer_/),
      type: 'consumer',
      merchantStatus: expect.any(String),
      complianceStatus: expect.any(String),
      bankAccount: { status: expect.any(String) },
      registrationComplete: false,
    });
    const jarRes = await t.api('GET', `/tipjars/${jar.id}`, { token: maker.token });
    expect(jarRes.body.oppMerchant).toEqual({
      complianceStatus: res.body.complianceStatus,
      merchantStatus: res.body.merchantStatus,
    });
    const read = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(read.status).toBe(200);
    expect(read.body.merchantUid).toBe(res.body.merchantUid);
    // The platform admin sees it too.
    expect((await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: admin.token })).status).toBe(200);
  });

  it('refuses a second registration for the same tip jar', async () => {
    const jar = await makeJar(maker);
    expect((await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token })).status).toBe(
      201,
    );
    const again = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
  });

  it('registers a business tip jar as a business merchant, and needs its CoC number', async () => {
    const withoutCoc = await makeJar(maker, { type: 'BUSINESS', companyName: 'Pod BV' });
    const refused = await t.api('POST', `/tipjars/${withoutCoc.id}/oppmerchant`, { body: person, token: maker.token });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['data.cocNumber'].key).toBe('required');

    const business = await makeJar(maker, { type: 'BUSINESS', companyName: 'Pod BV', cocNumber: '12345678' });
    const res = await t.api('POST', `/tipjars/${business.id}/oppmerchant`, { body: person, token: maker.token });
    expect(res.status).toBe(201);
    expect(res.body.type).toBe('business');
    expect(res.body.complianceStatus).not.toBe('verified');
  });

  it('refuses bad input with field errors', async () => {
    const jar = await makeJar(maker);
    const res = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, {
      body: { data: { firstName: '', lastName: 'X', country: 'deu' } },
      token: maker.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.firstName'].key).toBe('required');
    expect(res.body.fields['data.country'].key).toBe('choice');
  });

  it('answers 404 for a tip jar without a merchant', async () => {
    const jar = await makeJar(maker);
    expect((await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token })).status).toBe(404);
  });
});

describe('connect, migrate and disconnect', () => {
  it('lets only platform admins connect an existing merchant, once', async () => {
    const source = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${source.id}/oppmerchant`, { body: person, token: maker.token });
    const uid = created.body.merchantUid;
    const target = await makeJar(maker);

    const byMaker = await t.api('POST', `/tipjars/${target.id}/oppmerchant/connect`, {
      body: { merchantUid: uid },
      token: maker.token,
    });
    expect(byMaker.status).toBe(403);
    const byStranger = await t.api('POST', `/tipjars/${target.id}/oppmerchant/connect`, {
      body: { merchantUid: uid },
      token: stranger.token,
    });
    expect(byStranger.status).toBe(404);

    // The merchant already belongs to another tip jar.
    const taken = await t.api('POST', `/tipjars/${target.id}/oppmerchant/connect`, {
      body: { merchantUid: uid },
      token: admin.token,
    });
    expect(taken.status).toBe(409);

    // After disconnecting it from the first tip jar it can move.
    expect(
      (await t.api('POST', `/tipjars/${source.id}/oppmerchant/disconnect`, { body: {}, token: maker.token })).status,
    ).toBe(403);
    expect(
      (await t.api('POST', `/tipjars/${source.id}/oppmerchant/disconnect`, { body: {}, token: admin.token })).status,
    ).toBe(204);
    expect((await t.api('GET', `/tipjars/${source.id}/oppmerchant`, { token: maker.token })).status).toBe(404);
    const moved = await t.api('POST', `/tipjars/${target.id}/oppmerchant/connect`, {
      body: { merchantUid: uid },
      token: admin.token,
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.merchantUid).toBe(uid);
  });

  it('refuses an unknown or malformed merchant uid', async () => {
    const jar = await makeJar(maker);
    const unknown = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/connect`, {
      body: { merchantUid: 'mer_doesnotexist' },
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.fields.merchantUid).toBeTruthy();
    const malformed = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/connect`, {
      body: { merchantUid: 'x' },
      token: admin.token,
    });
    expect(malformed.status).toBe(400);
  });

  it('migrates a consumer merchant to a business merchant with the same uid, once', async () => {
    const jar = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    const migrated = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/migrate`, {
      body: { data: { cocNumber: '87654321', country: 'nld' } },
      token: maker.token,
    });
    expect(migrated.status, migrated.text).toBe(200);
    expect(migrated.body).toMatchObject({ merchantUid: created.body.merchantUid, type: 'business' });
    const again = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/migrate`, {
      body: { data: { cocNumber: '87654321', country: 'nld' } },
      token: maker.token,
    });
    expect(again.status).toBe(409);
    const badCoc = await t.api('POST', `/tipjars/${jar.id}/oppmerchant/migrate`, {
      body: { data: { cocNumber: '123', country: 'nld' } },
      token: maker.token,
    });
    expect(badCoc.status).toBe(400);
  });
});

describe('verification at the provider', () => {
  it('completes the registration when the maker is verified, through the notification alone', async () => {
    const jar = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    expect(created.body.registrationComplete).toBe(false);
    expect(created.body.bankAccount.verificationUrl).toContain(`/sim/verify/${created.body.merchantUid}`);

    await simulateMerchantVerification(t.ctx, created.body.merchantUid, 'approve');
    await awaitSimulatorDeliveries(t.ctx);

    // The tip jar (which does not ask the provider) already shows the new state: the webhook stored it.
    const jarRes = await t.api('GET', `/tipjars/${jar.id}`, { token: maker.token });
    expect(jarRes.body.oppMerchant).toEqual({ complianceStatus: 'verified', merchantStatus: 'live' });
    const read = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(read.body).toMatchObject({
      registrationComplete: true,
      bankAccount: { status: 'approved', iban: expect.stringMatching(/^NL\*\*/) },
    });
  });

  it('shows a refused bank account', async () => {
    const jar = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    await simulateMerchantVerification(t.ctx, created.body.merchantUid, 'disapprove');
    await awaitSimulatorDeliveries(t.ctx);
    const read = await t.api('GET', `/tipjars/${jar.id}/oppmerchant`, { token: maker.token });
    expect(read.body.registrationComplete).toBe(false);
    expect(read.body.bankAccount.status).toBe('disapproved');
  });

  it('serves the verification page and returns the maker to the backoffice', async () => {
    const jar = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    const page = await fetch(`${t.baseUrl}/sim/verify/${created.body.merchantUid}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Approve');
    const done = await fetch(`${t.baseUrl}/sim/verify/${created.body.merchantUid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/backoffice/${jar.slug}/registration`);
  });

  it('returns a Dutch maker to the Dutch registration page', async () => {
    const dutchMaker = await t.createUser({ locale: 'nl' });
    const jar = await makeJar(dutchMaker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: dutchMaker.token });
    const done = await fetch(`${t.baseUrl}/sim/verify/${created.body.merchantUid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    expect(done.headers.get('location')).toBe(`${t.baseUrl}/nl/backoffice/${jar.slug}/registration`);
  });
});

describe('tips after registration', () => {
  it('pays a tip to the merchant the maker registered', async () => {
    const admin2 = admin;
    const method = await t.api('POST', '/paymentmethods', {
      token: admin2.token,
      body: { data: { name: 'iDEAL', type: 'ideal' } },
    });
    const jar = await makeJar(maker);
    const created = await t.api('POST', `/tipjars/${jar.id}/oppmerchant`, { body: person, token: maker.token });
    const tip = await t.api('POST', `/tipjars/${jar.id}/tips`, {
      body: {
        data: {
          amount: 500,
          displayName: 'Lotte',
          email: 'lotte@example.test',
          payment: { paymentmethod: method.body.id, paymentissuer: '' },
        },
      },
    });
    expect(tip.status, tip.text).toBe(201);
    const uid = tip.body.oppTransaction.redirectUrl.split('/').pop();
    const transaction = await t.ctx.opp.getTransaction(uid);
    expect(transaction.merchantUid).toBe(created.body.merchantUid);
  });
});
