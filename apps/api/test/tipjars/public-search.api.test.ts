import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal, orderJar } from '../support/tipjar.js';

/**
 * The landing page's search box: GET tipjars?search= without a session finds the tip jars a listener
 * can tip (LIVE, active, not archived) by name or address, with their public fields only.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
const word = `zoek${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
});
afterAll(() => t.close());

const search = async (q: string, query = '') => t.api('GET', `/tipjars?search=${encodeURIComponent(q)}${query}`);

describe('GET /api/v1/tipjars?search= without a session', () => {
  it('still needs a session to list tip jars without a search', async () => {
    expect((await t.api('GET', '/tipjars')).status).toBe(401);
  });

  it('finds a LIVE tip jar by part of its name, in any case, and not one that is not LIVE', async () => {
    const live = await orderJar(t, { paymentmethod: ideal, name: `Live ${word}` });
    await live.pay();
    const unpaid = await orderJar(t, { paymentmethod: ideal, name: `Unpaid ${word}` });

    const res = await search(word.toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((j: { id: string }) => j.id)).toEqual([live.id]);
    expect(res.body.metadata.count).toBe(1);
    expect(res.body.data[0]).toMatchObject({ slug: live.slug, name: live.name, status: 'LIVE' });
    expect((await search(unpaid.slug)).body.data).toEqual([]);
  });

  it('answers public fields only and never matches on the contact e-mail', async () => {
    const jar = await orderJar(t, { paymentmethod: ideal, name: `Private ${word}` });
    await jar.pay();
    const [found] = (await search(`private ${word}`)).body.data;
    expect(found.id).toBe(jar.id);
    for (const field of ['email', 'phoneNumber', 'admins', 'addons', 'oppMerchant']) {
      expect(found).not.toHaveProperty(field);
    }
    // Every test jar's contact address is maker@example.test: a search for it finds nothing.
    expect((await search('maker@example.test')).body.data).toEqual([]);
  });

  it('drops a tip jar from the answers at once when it is suspended', async () => {
    const jar = await orderJar(t, { paymentmethod: ideal, name: `Suspended ${word}` });
    await jar.pay();
    expect((await search(`suspended ${word}`)).body.data).toHaveLength(1);
    const put = await t.api('PUT', `/tipjars/${jar.id}`, {
      token: admin.token,
      body: { data: { status: 'SUSPENDED' } },
    });
    expect(put.status, put.text).toBe(200);
    expect((await search(`suspended ${word}`)).body.data).toEqual([]);
  });

  it('answers at most 20 tip jars per call, sorted by name', async () => {
    const many = `veel${word}`;
    for (let i = 0; i < 22; i++) {
      const jar = await orderJar(t, { paymentmethod: ideal, name: `${many} ${String(i).padStart(2, '0')}` });
      await jar.pay();
    }
    const res = await search(many, '&limit=100');
    expect(res.body.data).toHaveLength(20);
    expect(res.body.metadata.count).toBe(22);
    const names = res.body.data.map((j: { name: string }) => j.name);
    expect(names).toEqual([...names].sort());
  });

  it('keeps signed-in users to their own tip jars (the backoffice), ADMINs to all', async () => {
    const jar = await orderJar(t, { paymentmethod: ideal, name: `Mine ${word}` });
    await jar.pay();
    const stranger = await t.createUser();
    const asStranger = await t.api('GET', `/tipjars?search=${encodeURIComponent(`mine ${word}`)}`, {
      token: stranger.token,
    });
    expect(asStranger.body.data).toEqual([]);
    const asMaker = await t.api('GET', `/tipjars?search=${encodeURIComponent(`mine ${word}`)}`, {
      token: jar.maker.token,
    });
    expect(asMaker.body.data.map((j: { id: string }) => j.id)).toEqual([jar.id]);
  });
});
