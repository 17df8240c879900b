import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  user = await t.createUser();
});
afterAll(() => t.close());

const method = (name: string, type: 'ideal' | 'bcmc', priority: number, active = true) => ({
  data: { name, type, priority, active },
});

describe('payment methods', () => {
  it('answers 401/403 on admin calls for anonymous and users', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [verb, path, body] of [
      ['POST', '/paymentmethods', method('X', 'ideal', 1)],
      ['PUT', `/paymentmethods/${id}`, method('X', 'ideal', 1)],
      ['DELETE', `/paymentmethods/${id}`, undefined],
      ['POST', `/paymentmethods/${id}/issuers/sync`, undefined],
    ] as const) {
      expect((await t.api(verb, path, { body })).status, `${verb} ${path}`).toBe(401);
      expect((await t.api(verb, path, { body, token: user.token })).status, `${verb} ${path}`).toBe(403);
    }
  });

  it('offers the public only active methods, by priority descending', async () => {
    await t.api('POST', '/paymentmethods', { token: admin.token, body: method('Bancontact', 'bcmc', 10) });
    await t.api('POST', '/paymentmethods', { token: admin.token, body: method('iDEAL', 'ideal', 20) });
    await t.api('POST', '/paymentmethods', { token: admin.token, body: method('Old iDEAL', 'ideal', 99, false) });
    const pub = await t.api('GET', '/paymentmethods');
    expect(pub.status).toBe(200);
    expect(pub.body.data.map((m: { name: string }) => m.name)).toEqual(['iDEAL', 'Bancontact']);
    expect(pub.body.data[0]).toMatchObject({ type: 'ideal', active: true, priority: 20, paymentissuers: [] });
    const all = await t.api('GET', '/paymentmethods', { token: admin.token });
    expect(all.body.data.map((m: { name: string }) => m.name)).toEqual(['Old iDEAL', 'iDEAL', 'Bancontact']);
  });

  it('shows a change on the public list at once, even right after it was read', async () => {
    const created = await t.api('POST', '/paymentmethods', { token: admin.token, body: method('Fresh', 'bcmc', 5) });
    expect((await t.api('GET', '/paymentmethods')).body.data.map((m: { name: string }) => m.name)).toContain('Fresh');
    await t.api('PUT', `/paymentmethods/${created.body.id}`, { token: admin.token, body: { data: { active: false } } });
    expect((await t.api('GET', '/paymentmethods')).body.data.map((m: { name: string }) => m.name)).not.toContain(
      'Fresh',
    );
  });

  it('refreshes the iDEAL bank list from the payment provider (the simulator), and none for Bancontact', async () => {
    const ideal = await t.api('POST', '/paymentmethods', {
      token: admin.token,
      body: method('iDEAL sync', 'ideal', 1),
    });
    const synced = await t.api('POST', `/paymentmethods/${ideal.body.id}/issuers/sync`, { token: admin.token });
    expect(synced.status).toBe(200);
    expect(synced.body.paymentissuers.length).toBeGreaterThan(3);
    expect(synced.body.paymentissuers[0]).toEqual({
      bic: expect.stringMatching(/^[A-Z0-9]{8,11}$/),
      name: expect.any(String),
    });
    // Syncing twice leaves one copy of each bank.
    const again = await t.api('POST', `/paymentmethods/${ideal.body.id}/issuers/sync`, { token: admin.token });
    expect(again.body.paymentissuers).toEqual(synced.body.paymentissuers);

    const bcmc = await t.api('POST', '/paymentmethods', { token: admin.token, body: method('BC sync', 'bcmc', 1) });
    const none = await t.api('POST', `/paymentmethods/${bcmc.body.id}/issuers/sync`, { token: admin.token });
    expect(none.body.paymentissuers).toEqual([]);
    expect(
      (await t.api('POST', '/paymentmethods/00000000-0000-4000-8000-000000000000/issuers/sync', { token: admin.token }))
        .status,
    ).toBe(404);
  });

  it('refuses an unknown type', async () => {
    const res = await t.api('POST', '/paymentmethods', {
      token: admin.token,
      body: method('Card', 'creditcard' as 'ideal', 1),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.type'].key).toBe('choice');
  });

  it('changes and deletes a method', async () => {
    const created = await t.api('POST', '/paymentmethods', { token: admin.token, body: method('Temp', 'bcmc', 1) });
    const changed = await t.api('PUT', `/paymentmethods/${created.body.id}`, {
      token: admin.token,
      body: { data: { active: false } },
    });
    expect(changed.body).toMatchObject({ active: false, name: 'Temp' });
    expect((await t.api('GET', `/paymentmethods/${created.body.id}`)).status).toBe(404);
    expect((await t.api('DELETE', `/paymentmethods/${created.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('DELETE', `/paymentmethods/${created.body.id}`, { token: admin.token })).status).toBe(404);
  });
});
