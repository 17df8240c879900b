import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/** Tip jars and their add-ons: validation, permission matrix, admins. Real HTTP, both databases. */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = (
    await t.api('POST', '/paymentmethods', { token: admin.token, body: { data: { name: 'iDEAL', type: 'ideal' } } })
  ).body.id;
});
afterAll(() => t.close());

function body(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    data: {
      name: `Pod ${n}`,
      slug: `jar-${n}-${Date.now().toString(36)}`,
      type: 'CONSUMER',
      email: 'maker@example.test',
      phoneNumber: '+31 6 12345678',
      payment: { paymentmethod: ideal, paymentissuer: '' },
      ...overrides,
    },
  };
}

interface Jar {
  id: string;
  slug: string;
  addonId: string;
  redirectUrl: string;
}

async function orderJar(token: string, paid = false): Promise<Jar> {
  const res = await t.api('POST', '/tipjars', { token, body: body() });
  expect(res.status, res.text).toBe(201);
  const jar = {
    id: res.body.tipjar.id,
    slug: res.body.tipjar.slug,
    addonId: res.body.addon.id,
    redirectUrl: res.body.oppTransaction.redirectUrl,
  };
  if (paid) {
    await simulatePayment(t.ctx, jar.redirectUrl.split('/').pop()!, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
  }
  return jar;
}

describe('POST /api/v1/tipjars', () => {
  it('needs a signed-in user or an account to register', async () => {
    const res = await t.api('POST', '/tipjars', { body: body() });
    expect(res.status).toBe(401);
  });

  it('registers an anonymous orderer in the same request and signs them in', async () => {
    const email = `new-${Date.now()}@example.test`;
    const res = await t.api('POST', '/tipjars', {
      body: body({ account: { email, password: 'long enough pw', firstName: 'Nieuw', lastName: 'Maker' } }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.access_token).toBeTruthy();
    expect(res.body.tipjar.status).toBe('AWAITING_PAYMENT');
    expect(res.body.addon).toMatchObject({
      type: { name: 'TIPJAR', unlocks: 'TIPJAR' },
      costTotalWithTax: 1500,
      oppTransaction: { status: 'created' },
    });
    const me = await t.api('GET', '/users/me', { token: res.body.access_token });
    expect(me.body.email).toBe(email);
    expect(me.body.tipjars.map((j: { id: string }) => j.id)).toEqual([res.body.tipjar.id]);
    // The address typed on the order form is unproven until the mailed link is opened (decision 061).
    expect(me.body.emailVerified).toBe(false);
    const links = (await t.outbox()).filter((m) => m.to === email && /confirm-email\?token=/.test(m.text));
    expect(links).toHaveLength(1);
  });

  it('refuses an account e-mail that is taken, and creates nothing', async () => {
    const existing = await t.createUser();
    const b = body({ account: { email: existing.email, password: 'long enough pw', firstName: 'A', lastName: 'B' } });
    const res = await t.api('POST', '/tipjars', { body: b });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect(res.body.fields['data.account.email']).toBeDefined();
    const bySlug = await t.api('GET', `/tipjars?slug=${b.data.slug}`, { token: admin.token });
    expect(bySlug.body.data).toHaveLength(0);
  });

  it('refuses a reserved slug with SLUG_RESERVED', async () => {
    const user = await t.createUser();
    for (const slug of ['admin', 'backoffice', 'api', 'sim', 'login', 'account']) {
      const res = await t.api('POST', '/tipjars', { token: user.token, body: body({ slug }) });
      expect(res.status, slug).toBe(400);
      expect(res.body.code).toBe('SLUG_RESERVED');
      expect(res.body.fields['data.slug']).toEqual({ key: 'slugReserved' });
    }
  });

  it('refuses a slug that is taken with 409 SLUG_TAKEN', async () => {
    const user = await t.createUser();
    const jar = await orderJar(user.token);
    const res = await t.api('POST', '/tipjars', { token: user.token, body: body({ slug: jar.slug }) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SLUG_TAKEN');
    expect(res.body.fields['data.slug']).toEqual({ key: 'slugTaken' });
  });

  it.each([
    ['a malformed slug', { slug: 'No Spaces!' }, 'data.slug'],
    ['a landline instead of a mobile number', { phoneNumber: '020 1234567' }, 'data.phoneNumber'],
    ['a bad e-mail', { email: 'nope' }, 'data.email'],
    ['an empty name', { name: '' }, 'data.name'],
    ['an unknown type', { type: 'OTHER' }, 'data.type'],
    ['a business without company and CoC number', { type: 'BUSINESS' }, 'data.companyName'],
    [
      'a payment method that does not exist',
      { payment: { paymentmethod: '00000000-0000-4000-8000-000000000000' } },
      'data.payment.paymentmethod',
    ],
  ])('refuses %s with 400 and the field', async (_what, overrides, field) => {
    const user = await t.createUser();
    const res = await t.api('POST', '/tipjars', { token: user.token, body: body(overrides) });
    expect(res.status, res.text).toBe(400);
    expect(res.body.fields[field], JSON.stringify(res.body.fields)).toBeDefined();
  });

  it('accepts a business tip jar with its company fields', async () => {
    const user = await t.createUser();
    const res = await t.api('POST', '/tipjars', {
      token: user.token,
      body: body({ type: 'BUSINESS', companyName: 'Pod BV', cocNumber: '12345678', vatNumber: 'nl123456789b01' }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.tipjar).toMatchObject({ type: 'BUSINESS', companyName: 'Pod BV', vatNumber: 'NL123456789B01' });
  });
});

describe('POST /api/v1/tipjars/create/test-email and test-phonenumber', () => {
  it('tells whether an e-mail is free', async () => {
    const user = await t.createUser();
    expect((await t.api('POST', '/tipjars/create/test-email', { body: { email: user.email } })).body).toEqual({
      available: false,
    });
    expect((await t.api('POST', '/tipjars/create/test-email', { body: { email: 'free@example.test' } })).body).toEqual({
      available: true,
    });
    expect((await t.api('POST', '/tipjars/create/test-email', { body: { email: 'x' } })).status).toBe(400);
  });

  it('tells whether a number is a valid mobile number', async () => {
    const check = async (phoneNumber: string) =>
      (await t.api('POST', '/tipjars/create/test-phonenumber', { body: { phoneNumber } })).body.valid;
    expect(await check('0612345678')).toBe(true);
    expect(await check('0201234567')).toBe(false);
    expect(await check('hello')).toBe(false);
  });
});

describe('permissions', () => {
  let owner: TestUser;
  let other: TestUser;
  let stranger: TestUser;
  let jar: Jar;
  let otherJar: Jar;

  beforeAll(async () => {
    owner = await t.createUser();
    other = await t.createUser();
    stranger = await t.createUser();
    jar = await orderJar(owner.token);
    otherJar = await orderJar(other.token);
  });

  const reads = () => [`/tipjars/${jar.id}`, `/tipjars/${jar.id}/addons`, `/tipjars/${jar.id}/addons/${jar.addonId}`];

  it('anonymous: 401 on every managed endpoint', async () => {
    for (const path of reads()) expect((await t.api('GET', path)).status, path).toBe(401);
    expect((await t.api('PUT', `/tipjars/${jar.id}`, { body: { data: { name: 'x' } } })).status).toBe(401);
    expect((await t.api('DELETE', `/tipjars/${jar.id}`)).status).toBe(401);
    expect((await t.api('POST', `/tipjars/${jar.id}/admins`, { body: { email: stranger.email } })).status).toBe(401);
    expect((await t.api('GET', '/tipjars')).status).toBe(401);
  });

  it('a stranger and another tip jar’s admin get 404, never the data', async () => {
    for (const token of [stranger.token, other.token]) {
      for (const path of reads()) {
        const res = await t.api('GET', path, { token });
        expect(res.status, path).toBe(404);
        expect(res.text).not.toContain(jar.slug);
      }
      expect((await t.api('PUT', `/tipjars/${jar.id}`, { token, body: { data: { name: 'x' } } })).status).toBe(404);
      expect((await t.api('DELETE', `/tipjars/${jar.id}`, { token })).status).toBe(404);
      expect(
        (await t.api('POST', `/tipjars/${jar.id}/admins`, { token, body: { email: stranger.email } })).status,
      ).toBe(404);
      expect(
        (
          await t.api('POST', `/tipjars/${jar.id}/addons/${jar.addonId}/payment/retry`, {
            token,
            body: { data: { paymentmethod: ideal, paymentissuer: '' } },
          })
        ).status,
      ).toBe(404);
    }
  });

  it('this tip jar’s admin and ADMIN can read it, its add-ons and the add-on', async () => {
    for (const token of [owner.token, admin.token]) {
      for (const path of reads()) expect((await t.api('GET', path, { token })).status, path).toBe(200);
    }
    const addons = await t.api('GET', `/tipjars/${jar.id}/addons`, { token: owner.token });
    expect(addons.body.metadata.count).toBe(1);
    expect(addons.body.data[0]).toMatchObject({ id: jar.addonId, tipjarId: jar.id });
  });

  it('an add-on of another tip jar is 404 under this tip jar', async () => {
    const res = await t.api('GET', `/tipjars/${jar.id}/addons/${otherJar.addonId}`, { token: owner.token });
    expect(res.status).toBe(404);
  });

  it('GET tipjars: users see their own, ADMIN sees all and can search', async () => {
    const mine = await t.api('GET', '/tipjars', { token: owner.token });
    expect(mine.body.data.map((j: { id: string }) => j.id)).toEqual([jar.id]);
    const all = await t.api('GET', `/tipjars?search=${otherJar.slug}`, { token: admin.token });
    expect(all.body.data.map((j: { id: string }) => j.id)).toEqual([otherJar.id]);
    const window = await t.api('GET', '/tipjars?skip=0&limit=1', { token: admin.token });
    expect(window.body.data).toHaveLength(1);
    expect(window.body.metadata.count).toBeGreaterThan(1);
  });

  it('GET tipjars?slug=: strangers see only LIVE tip jars, with public fields', async () => {
    const unpaid = await t.api('GET', `/tipjars?slug=${jar.slug}`);
    expect(unpaid.body).toEqual({ data: [], metadata: { count: 0 } });
    const asOwner = await t.api('GET', `/tipjars?slug=${jar.slug}`, { token: owner.token });
    expect(asOwner.body.data[0]).toMatchObject({ id: jar.id, status: 'AWAITING_PAYMENT', email: 'maker@example.test' });

    const live = await orderJar(owner.token, true);
    const pub = await t.api('GET', `/tipjars?slug=${live.slug}`, { token: stranger.token });
    expect(pub.body.data).toHaveLength(1);
    expect(pub.body.data[0].status).toBe('LIVE');
    expect(pub.body.data[0]).not.toHaveProperty('email');
    expect(pub.body.data[0]).not.toHaveProperty('addons');
    expect(pub.body.data[0]).not.toHaveProperty('admins');
    expect((await t.api('GET', '/tipjars?slug=does-not-exist')).body.data).toEqual([]);
  });

  it('GET tipjars?slug=&managed=true: the full tip jar for its admins and ADMIN, nothing for anyone else', async () => {
    const live = await orderJar(owner.token, true);
    const ask = (token?: string) => t.api('GET', `/tipjars?slug=${live.slug}&managed=true`, { token });
    expect((await ask()).status).toBe(401);
    for (const token of [stranger.token, other.token]) {
      const res = await ask(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], metadata: { count: 0 } });
    }
    for (const token of [owner.token, admin.token]) {
      const res = await ask(token);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ id: live.id, status: 'LIVE', email: 'maker@example.test' });
      expect(res.body.data[0].admins).toEqual([expect.objectContaining({ email: owner.email })]);
    }
    const unpaid = await t.api('GET', `/tipjars?slug=${jar.slug}&managed=true`, { token: owner.token });
    expect(unpaid.body.data[0]).toMatchObject({ id: jar.id, status: 'AWAITING_PAYMENT' });
  });
});

describe('PUT /api/v1/tipjars/:id', () => {
  it('lets its admin change the settings', async () => {
    const owner = await t.createUser();
    const jar = await orderJar(owner.token);
    const res = await t.api('PUT', `/tipjars/${jar.id}`, {
      token: owner.token,
      body: {
        data: {
          name: 'Nieuwe naam',
          description: 'Over de pod',
          imageUrl: 'https://example.test/cover.png',
          presetAmounts: [200, 500],
          thankYouMessage: 'Dank je!',
          notifyOnTip: false,
        },
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Nieuwe naam', presetAmounts: [200, 500], notifyOnTip: false });
  });

  it.each([
    ['an http image URL', { imageUrl: 'http://example.test/x.png' }, 'data.imageUrl'],
    ['too many preset amounts', { presetAmounts: [100, 200, 300, 400, 500, 600, 700] }, 'data.presetAmounts'],
    ['a preset amount below €1.00', { presetAmounts: [99] }, 'data.presetAmounts.0'],
    ['a preset amount above €1,000.00', { presetAmounts: [100_001] }, 'data.presetAmounts.0'],
  ])('refuses %s', async (_what, data, field) => {
    const owner = await t.createUser();
    const jar = await orderJar(owner.token);
    const res = await t.api('PUT', `/tipjars/${jar.id}`, { token: owner.token, body: { data } });
    expect(res.status).toBe(400);
    expect(res.body.fields[field], JSON.stringify(res.body.fields)).toBeDefined();
  });

  it('only ADMIN changes the status, and only along the status machine', async () => {
    const owner = await t.createUser();
    const jar = await orderJar(owner.token, true);
    const byOwner = await t.api('PUT', `/tipjars/${jar.id}`, {
      token: owner.token,
      body: { data: { status: 'SUSPENDED' } },
    });
    expect(byOwner.status).toBe(403);
    const illegal = await t.api('PUT', `/tipjars/${jar.id}`, { token: admin.token, body: { data: { status: 'NEW' } } });
    expect(illegal.status).toBe(409);
    expect(illegal.body.code).toBe('INVALID_TRANSITION');
    const ok = await t.api('PUT', `/tipjars/${jar.id}`, {
      token: admin.token,
      body: { data: { status: 'SUSPENDED' } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('SUSPENDED');
    // A suspended tip jar disappears from the storefront.
    expect((await t.api('GET', `/tipjars?slug=${jar.slug}`)).body.data).toEqual([]);
  });

  it('an admin cannot skip the payment (AWAITING_PAYMENT → LIVE)', async () => {
    const owner = await t.createUser();
    const jar = await orderJar(owner.token);
    const res = await t.api('PUT', `/tipjars/${jar.id}`, { token: admin.token, body: { data: { status: 'LIVE' } } });
    expect(res.status).toBe(409);
  });
});

describe('DELETE /api/v1/tipjars/:id', () => {
  it('lets its admin delete an unpaid order but not a LIVE tip jar; ADMIN can', async () => {
    const owner = await t.createUser();
    const unpaid = await orderJar(owner.token);
    expect((await t.api('DELETE', `/tipjars/${unpaid.id}`, { token: owner.token })).status).toBe(204);
    expect((await t.api('GET', `/tipjars/${unpaid.id}`, { token: owner.token })).status).toBe(404);
    const live = await orderJar(owner.token, true);
    expect((await t.api('DELETE', `/tipjars/${live.id}`, { token: owner.token })).status).toBe(409);
    expect((await t.api('DELETE', `/tipjars/${live.id}`, { token: admin.token })).status).toBe(204);
    // Both saw a payment (a checkout, a paid order): archived, not deleted (docs/money-rules.md §9).
    for (const id of [unpaid.id, live.id]) {
      const kept = await t.api('GET', `/tipjars/${id}`, { token: admin.token });
      expect(kept.status).toBe(200);
      expect(kept.body.archivedAt).toEqual(expect.any(String));
    }
    expect((await t.api('GET', `/tipjars?slug=${live.slug}`)).body.data).toEqual([]);
  });

  it('answers 404 to strangers and for an unknown id; the preview says what will happen', async () => {
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const jar = await orderJar(owner.token);
    expect((await t.api('GET', `/tipjars/${jar.id}/deletion`)).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${jar.id}/deletion`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('DELETE', `/tipjars/${jar.id}`, { token: stranger.token })).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.api('DELETE', `/tipjars/${unknown}`, { token: admin.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/not-a-uuid/deletion`, { token: admin.token })).status).toBe(400);
    const preview = await t.api('GET', `/tipjars/${jar.id}/deletion`, { token: owner.token });
    expect(preview.body).toEqual({ deletion: 'archive', monthlyTipsToCancel: 0 });
  });
});

describe('tip jar admins', () => {
  it('an invited user who accepts gets access; removing them; never the last one (that one leaves instead)', async () => {
    const owner = await t.createUser();
    const helper = await t.createUser();
    const jar = await orderJar(owner.token);
    expect((await t.api('GET', `/tipjars/${jar.id}`, { token: helper.token })).status).toBe(404);

    const invited = await t.api('POST', `/tipjars/${jar.id}/admins`, {
      token: owner.token,
      body: { email: helper.email },
    });
    expect(invited.status, invited.text).toBe(202);
    expect((await t.api('GET', `/tipjars/${jar.id}`, { token: helper.token })).status).toBe(404);
    const mail = (await t.outbox()).find((m) => m.to === helper.email)!;
    const token = /token=([\w-]+)/.exec(mail.text)![1];
    expect((await t.api('POST', `/invitations/${token}/accept`, { token: helper.token })).status).toBe(200);
    const shared = await t.api('GET', `/tipjars/${jar.id}`, { token: helper.token });
    expect(shared.status).toBe(200);
    expect(shared.body.admins.map((a: { email: string }) => a.email).sort()).toEqual(
      [owner.email, helper.email].sort(),
    );

    const removed = await t.api('DELETE', `/tipjars/${jar.id}/admins`, {
      token: helper.token,
      body: { email: owner.email },
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await t.api('GET', `/tipjars/${jar.id}`, { token: owner.token })).status).toBe(404);

    const last = await t.api('DELETE', `/tipjars/${jar.id}/admins`, {
      token: helper.token,
      body: { email: helper.email },
    });
    expect(last.status).toBe(409);
  });

  it('answers an unknown address like a known one: an invitation', async () => {
    const owner = await t.createUser();
    const jar = await orderJar(owner.token);
    const res = await t.api('POST', `/tipjars/${jar.id}/admins`, {
      token: owner.token,
      body: { email: 'nobody@example.test' },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ email: 'nobody@example.test' });
  });
});

describe('POST /api/v1/tipjars/:id/addons/:addonId/payment/retry', () => {
  it('refuses a payment method that is not active', async () => {
    const owner = await t.createUser();
    const jar = await orderJar(owner.token);
    await simulatePayment(t.ctx, jar.redirectUrl.split('/').pop()!, 'expired');
    await awaitSimulatorDeliveries(t.ctx);
    const res = await t.api('POST', `/tipjars/${jar.id}/addons/${jar.addonId}/payment/retry`, {
      token: owner.token,
      body: { data: { paymentmethod: '00000000-0000-4000-8000-000000000000', paymentissuer: '' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.paymentmethod']).toBeDefined();
  });

  it('answers an open payment as is instead of starting a second one', async () => {
    const owner = await t.createUser();
    const jar = await orderJar(owner.token);
    const res = await t.api('POST', `/tipjars/${jar.id}/addons/${jar.addonId}/payment/retry`, {
      token: owner.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.oppTransaction.redirectUrl).toBe(jar.redirectUrl);
  });
});
