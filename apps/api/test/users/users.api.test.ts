import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
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

const newUser = (n: string) => ({
  email: `new-${n}-${Date.now()}@example.test`,
  password: 'long enough pw',
  firstName: 'Nieuwe',
  lastName: `Gebruiker ${n}`,
});

describe('GET /api/v1/users/me', () => {
  it('answers 401 without a token', async () => {
    const res = await t.api('GET', '/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('answers id, email, role, profile and the administered tip jars', async () => {
    const [jar] = await t.database.db
      .insert(tipjars)
      .values({ slug: `jar-${Date.now()}`, name: 'Mijn Pod', contactEmail: user.email })
      .returning();
    await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: user.id });
    const res = await t.api('GET', '/users/me', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'USER',
      profile: { firstName: 'Test', lastName: expect.any(String) },
      tipjars: [{ id: jar!.id, slug: jar!.slug, name: 'Mijn Pod' }],
    });
    expect(res.body.passwordHash).toBeUndefined();
  });
});

describe('PUT /api/v1/users/me/profile', () => {
  it('changes name, phone and address', async () => {
    const res = await t.api('PUT', '/users/me/profile', {
      token: user.token,
      body: {
        data: {
          firstName: 'Sanne',
          lastName: 'de Vries',
          phoneNumber: '0612345678',
          address: { street: 'Dam', houseNumber: '1', postalCode: '1012 JS', city: 'Amsterdam', country: 'NL' },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toEqual({ firstName: 'Sanne', lastName: 'de Vries', phoneNumber: '0612345678' });
    expect(res.body.address.city).toBe('Amsterdam');
    const me = await t.api('GET', '/users/me', { token: user.token });
    expect(me.body.profile.firstName).toBe('Sanne');
  });

  it('refuses an invalid phone number with the phone key', async () => {
    const res = await t.api('PUT', '/users/me/profile', {
      token: user.token,
      body: { data: { firstName: 'A', lastName: 'B', phoneNumber: '12345' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.phoneNumber']).toEqual({ key: 'phone' });
  });

  it('refuses an empty first name', async () => {
    const res = await t.api('PUT', '/users/me/profile', {
      token: user.token,
      body: { data: { firstName: '', lastName: 'B' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.firstName'].key).toBe('required');
  });

  it('answers 401 anonymously', async () => {
    const res = await t.api('PUT', '/users/me/profile', { body: { data: { firstName: 'A', lastName: 'B' } } });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/v1/users/me/password', () => {
  it('needs the current password', async () => {
    const u = await t.createUser({ password: 'first password' });
    const wrong = await t.api('PUT', '/users/me/password', {
      token: u.token,
      body: { data: { currentPassword: 'not it at all', newPassword: 'second password' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    expect(wrong.body.fields['data.currentPassword']).toBeTruthy();

    const ok = await t.api('PUT', '/users/me/password', {
      token: u.token,
      body: { data: { currentPassword: 'first password', newPassword: 'second password' } },
    });
    // Every session ends with the change; this one carries on with the token in the answer.
    expect(ok.status).toBe(200);
    expect((await t.api('GET', '/users/me', { token: ok.body.access_token })).status).toBe(200);
    const login = await t.api('POST', '/auth/login', { form: { username: u.email, password: 'second password' } });
    expect(login.status).toBe(200);
  });
});

describe('POST /api/v1/users/register', () => {
  it('creates an account and signs it in', async () => {
    const data = newUser('a');
    const res = await t.api('POST', '/users/register', { body: { data: { ...data, locale: 'nl' } } });
    expect(res.status).toBe(201);
    expect(res.body.token_type).toBe('bearer');
    const me = await t.api('GET', '/users/me', { token: res.body.access_token });
    expect(me.body).toMatchObject({ email: data.email, role: 'USER', locale: 'nl', tipjars: [] });
  });

  it('refuses a duplicate e-mail (in another case) with 409 EMAIL_TAKEN on the field', async () => {
    const data = newUser('b');
    expect((await t.api('POST', '/users/register', { body: { data } })).status).toBe(201);
    const res = await t.api('POST', '/users/register', {
      body: { data: { ...data, email: data.email.toUpperCase() } },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect(res.body.fields['data.email']).toBeTruthy();
  });

  it('refuses bad input field by field', async () => {
    const res = await t.api('POST', '/users/register', {
      body: { data: { email: 'nope', password: 'short', firstName: '', lastName: 'X', locale: 'fr' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      'data.email': { key: 'email' },
      'data.password': { key: 'tooShort', params: { min: 8 } },
      'data.firstName': { key: 'required' },
      'data.locale': { key: 'choice' },
    });
  });

  it('cannot be used to make oneself an admin', async () => {
    const data = newUser('c');
    const res = await t.api('POST', '/users/register', { body: { data: { ...data, role: 'ADMIN' } } });
    expect(res.status).toBe(201);
    const me = await t.api('GET', '/users/me', { token: res.body.access_token });
    expect(me.body.role).toBe('USER');
  });
});

describe('POST /api/v1/users/register/test-email', () => {
  it('tells whether an address is still free', async () => {
    expect((await t.api('POST', '/users/register/test-email', { body: { email: user.email } })).body).toEqual({
      available: false,
    });
    expect((await t.api('POST', '/users/register/test-email', { body: { email: 'free@example.test' } })).body).toEqual({
      available: true,
    });
  });

  it('refuses a malformed address', async () => {
    const res = await t.api('POST', '/users/register/test-email', { body: { email: 'x' } });
    expect(res.status).toBe(400);
  });
});

describe('admin user management', () => {
  const adminCalls = (id: string) =>
    [
      ['GET', '/users'],
      ['POST', '/users'],
      ['GET', `/users/${id}`],
      ['PUT', `/users/${id}`],
      ['DELETE', `/users/${id}`],
      ['GET', `/users/${id}/deletion`],
      ['POST', `/users/${id}/password-reset`],
    ] as const;

  it('answers 401 to anonymous and 403 to a normal user on every admin endpoint', async () => {
    for (const [method, path] of adminCalls(user.id)) {
      const { password, ...profile } = newUser('x');
      const body =
        method === 'POST'
          ? { data: { ...profile, password, firstName: 'X' } }
          : method === 'PUT'
            ? { data: profile }
            : undefined;
      expect((await t.api(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
      expect((await t.api(method, path, { body, token: user.token })).status, `${method} ${path} user`).toBe(403);
    }
  });

  it('creates, reads, changes and deletes a user', async () => {
    const data = newUser('d');
    const created = await t.api('POST', '/users', { token: admin.token, body: { data: { ...data, role: 'ADMIN' } } });
    expect(created.status).toBe(201);
    expect(created.body.role).toBe('ADMIN');
    const id = created.body.id;

    expect((await t.api('GET', `/users/${id}`, { token: admin.token })).body.email).toBe(data.email);
    const changed = await t.api('PUT', `/users/${id}`, {
      token: admin.token,
      body: { data: { role: 'USER', firstName: 'Kees' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ role: 'USER', profile: { firstName: 'Kees' } });

    // No money records: deleted for real (the preview says so first).
    const preview = await t.api('GET', `/users/${id}/deletion`, { token: admin.token });
    expect(preview.body).toEqual({ deletion: 'delete', monthlyTipsToCancel: 0, soleAdminOf: [] });
    expect((await t.api('DELETE', `/users/${id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', `/users/${id}`, { token: admin.token })).status).toBe(404);
    expect((await t.api('DELETE', `/users/${id}`, { token: admin.token })).status).toBe(404);
    expect((await t.api('GET', `/users/${id}/deletion`, { token: admin.token })).status).toBe(404);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await t.api('GET', '/users/not-a-uuid', { token: admin.token })).status).toBe(400);
    expect((await t.api('GET', '/users/00000000-0000-4000-8000-000000000000', { token: admin.token })).status).toBe(
      404,
    );
  });

  it('does not let an admin delete or demote themselves', async () => {
    expect((await t.api('DELETE', `/users/${admin.id}`, { token: admin.token })).status).toBe(409);
    expect(
      (await t.api('PUT', `/users/${admin.id}`, { token: admin.token, body: { data: { role: 'USER' } } })).status,
    ).toBe(409);
  });

  it('refuses an e-mail that another user has', async () => {
    const res = await t.api('PUT', `/users/${user.id}`, { token: admin.token, body: { data: { email: admin.email } } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
  });
});

describe('GET /api/v1/users list query', () => {
  let prefix: string;
  beforeAll(async () => {
    prefix = `pager${Date.now()}`;
    for (let i = 0; i < 12; i++) {
      await t.createUser({ email: `${prefix}-${String(i).padStart(2, '0')}@example.test` });
    }
  });

  it('answers {data, metadata.count} with count of all matching rows', async () => {
    const res = await t.api('GET', `/users?search=${prefix}&limit=5`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.metadata.count).toBe(12);
    expect(res.body.data).toHaveLength(5);
  });

  it('reads limit as the exclusive end of the window (page 3 of 5 shows rows 10–11)', async () => {
    const page = (p: number, per: number) =>
      t.api('GET', `/users?search=${prefix}&sortBy=email&skip=${p * per - per}&limit=${p * per}`, {
        token: admin.token,
      });
    const p1 = await page(1, 5);
    const p2 = await page(2, 5);
    const p3 = await page(3, 5);
    expect(p1.body.data.map((u: { email: string }) => u.email.slice(prefix.length + 1, prefix.length + 3))).toEqual([
      '00',
      '01',
      '02',
      '03',
      '04',
    ]);
    expect(p2.body.data).toHaveLength(5);
    expect(p2.body.data[0].email).toContain('-05@');
    expect(p3.body.data.map((u: { email: string }) => u.email)).toEqual([
      `${prefix}-10@example.test`,
      `${prefix}-11@example.test`,
    ]);
  });

  it('sorts descending on request', async () => {
    const res = await t.api('GET', `/users?search=${prefix}&sortBy=email&sortDesc=true&limit=2`, {
      token: admin.token,
    });
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual([
      `${prefix}-11@example.test`,
      `${prefix}-10@example.test`,
    ]);
  });

  it('searches by name too, and treats % literally', async () => {
    const res = await t.api('GET', `/users?search=${encodeURIComponent('%')}`, { token: admin.token });
    expect(res.body.metadata.count).toBe(0);
  });

  it('refuses an unknown sort column, a negative skip and a window over 1000 rows', async () => {
    for (const q of ['sortBy=passwordHash', 'skip=-1', 'skip=0&limit=5000', 'limit=abc']) {
      const res = await t.api('GET', `/users?${q}`, { token: admin.token });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });
});
