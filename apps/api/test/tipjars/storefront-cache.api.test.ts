import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal, orderJar } from '../support/tipjar.js';

/**
 * The storefront lookup (GET tipjars?slug= without a session) is answered from a short cache
 * (decision 020). A visitor must still see every change made through the app at once, and the shared
 * answer must never carry what only the tip jar's admins may see.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
});
afterAll(() => t.close());

async function liveJar() {
  const jar = await orderJar(t, { paymentmethod: ideal, name: 'Cached' });
  await jar.pay();
  return jar;
}

const visit = async (slug: string) => (await t.api('GET', `/tipjars?slug=${slug}`)).body.data;

describe('GET tipjars?slug= for visitors, from the cache', () => {
  it('shows a change of the settings and of the status at once', async () => {
    const jar = await liveJar();
    expect((await visit(jar.slug))[0]).toMatchObject({ name: jar.name, presetAmounts: [300, 500, 1000] });
    const put = await t.api('PUT', `/tipjars/${jar.id}`, {
      token: jar.maker.token,
      body: { data: { name: 'Nieuwe naam', presetAmounts: [200] } },
    });
    expect(put.status, put.text).toBe(200);
    expect((await visit(jar.slug))[0]).toMatchObject({ name: 'Nieuwe naam', presetAmounts: [200] });
    await t.api('PUT', `/tipjars/${jar.id}`, { token: admin.token, body: { data: { status: 'SUSPENDED' } } });
    expect(await visit(jar.slug)).toEqual([]);
  });

  it('shows an order once its payment arrived, to a visitor who looked before', async () => {
    const jar = await orderJar(t, { paymentmethod: ideal, name: 'Cached' });
    expect(await visit(jar.slug)).toEqual([]);
    await jar.pay();
    expect((await visit(jar.slug))[0]).toMatchObject({ id: jar.id, status: 'LIVE' });
  });

  it('shows that tips are accepted once the maker registered with the payment provider', async () => {
    const jar = await liveJar();
    expect((await visit(jar.slug))[0].acceptsTips).toBe(false);
    await registerMerchant(t, jar.id, jar.maker.token);
    expect((await visit(jar.slug))[0].acceptsTips).toBe(true);
  });

  it('keeps private fields out of the shared answer, and gives signed-in admins the full tip jar', async () => {
    const jar = await liveJar();
    const anonymous = await visit(jar.slug);
    for (const token of [jar.maker.token, admin.token]) {
      const full = await t.api('GET', `/tipjars?slug=${jar.slug}`, { token });
      expect(full.body.data[0]).toMatchObject({ id: jar.id, email: 'maker@example.test' });
      expect(full.body.data[0].admins).toEqual([expect.objectContaining({ email: jar.maker.email })]);
    }
    const again = await visit(jar.slug);
    expect(again).toEqual(anonymous);
    expect(again[0]).not.toHaveProperty('email');
    expect(again[0]).not.toHaveProperty('admins');
    expect(again[0]).not.toHaveProperty('oppMerchant');
  });
});
