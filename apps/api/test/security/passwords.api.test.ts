import { checkPasswordStrength } from '@podpot/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods, users } from '../../src/db/schema/index.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData } from '../../src/seed/demo.js';
import { type ApiResponse, createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Issue 10, safe to run with real money: every operation that sets a password refuses common,
 * brand-based and personal passwords (zxcvbn score below 3), as a 400 field error whose key the web
 * shows in the user's language (validation.passwordCommon etc., en and nl, see catalogs.test.ts and
 * password-feedback.test.tsx); the length rule and its message stay first. Real HTTP, both databases.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let n = 0;
const run = Date.now().toString(36);
const STRONG = 'koffie-fiets-molen-42';

// Each request from its own address: these routes are rate limited per IP, and these tests send many.
let ip = 0;
const fromNewIp = () => {
  ip += 1;
  return { 'x-forwarded-for': `10.77.${Math.floor(ip / 250)}.${(ip % 250) + 1}` };
};

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: ['loopback'] });
  await seedDemoData(t.ctx); // first, on the empty database: the demo password is checked below
  admin = await t.createUser({ role: 'ADMIN' });
  const [method] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.type, 'ideal'));
  ideal = method!.id;
});
afterAll(() => t.close());

interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

function person(): Person {
  n += 1;
  return { email: `luisteraar-${run}-${n}@example.test`, firstName: 'Marieke', lastName: 'Vermeulen' };
}

/** The passwords every operation refuses, with the validation key the web translates. */
function weakExamples(p: Person): [password: string, key: string][] {
  return [
    ['12345678', 'passwordCommon'],
    ['password', 'passwordCommon'],
    ['wachtwoord', 'passwordCommon'],
    ['Podpot2024', 'passwordBrand'],
    ['podpot', 'tooShort'], // the length rule (docs/domain-rules.md §12) answers first, with its own message
    [p.email, 'passwordPersonal'],
    [p.email.split('@')[0]!, 'passwordPersonal'],
    [`${p.firstName}${p.lastName}`, 'passwordPersonal'],
  ];
}

function expectRefused(res: ApiResponse, field: string, key: string, password = key) {
  expect(res.status, `${password}: ${res.text}`).toBe(400);
  expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
  expect(Object.keys(res.body.fields), password).toEqual([field]);
  expect(res.body.fields[field].key, password).toBe(key);
  expect(res.body.message).toEqual(expect.any(String));
}

async function register(p: Person, password = STRONG, app = t): Promise<ApiResponse> {
  return app.api('POST', '/users/register', { headers: fromNewIp(), body: { data: { ...p, password } } });
}

async function login(email: string, password: string): Promise<number> {
  const form = { username: email, password, client_id: 'podpot-web', grant_type: 'password', scope: 'all' };
  return (await t.api('POST', '/auth/login', { headers: fromNewIp(), form })).status;
}

describe('POST /api/v1/users/register', () => {
  it('refuses common, brand and personal passwords and creates no account', async () => {
    const p = person();
    for (const [password, key] of weakExamples(p))
      expectRefused(await register(p, password), 'data.password', key, password);
    // No refused attempt left an account behind: the address is still free.
    const ok = await register(p);
    expect(ok.status, ok.text).toBe(201);
    expect(await login(p.email, STRONG)).toBe(200);
  });

  it('takes the brand from BRAND_NAME', async () => {
    // A setting is the app's from its start: an app of another brand on the same database.
    const tipkelder = await createTestApp(
      { TRUST_PROXY: ['loopback'], BRAND_NAME: 'Tipkelder' },
      { database: t.database },
    );
    try {
      expectRefused(await register(person(), 'Tipkelder2024', tipkelder), 'data.password', 'passwordBrand');
    } finally {
      await tipkelder.close();
    }
    expect((await register(person(), 'Tipkelder2024')).status).toBe(201);
  });
});

describe('POST /api/v1/tipjars (ordering with a new account)', () => {
  it('refuses a weak account password and orders nothing; a strong one orders', async () => {
    const p = person();
    const slug = `pw-jar-${run}`;
    const order = (password: string) =>
      t.api('POST', '/tipjars', {
        headers: fromNewIp(),
        body: {
          data: {
            name: 'Wachtwoordpod',
            slug,
            type: 'CONSUMER',
            email: p.email,
            phoneNumber: '+31 6 12345678',
            payment: { paymentmethod: ideal, paymentissuer: '' },
            account: { ...p, password },
          },
        },
      });
    for (const [password, key] of weakExamples(p))
      expectRefused(await order(password), 'data.account.password', key, password);
    // Neither the slug nor the address was taken by a refused order.
    const ok = await order(STRONG);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.tipjar.slug).toBe(slug);
    expect(await login(p.email, STRONG)).toBe(200);
  });
});

describe('POST /api/v1/auth/password-reset', () => {
  async function resetToken(email: string): Promise<string> {
    const res = await t.api('POST', `/auth/password-recover/${encodeURIComponent(email)}`, { headers: fromNewIp() });
    expect(res.status).toBe(204);
    const mail = (await t.outbox()).filter((m) => m.to === email).at(-1);
    return /password-reset\?token=([\w-]+)/.exec(mail!.text)![1]!;
  }
  const reset = (token: string, password: string) =>
    t.api('POST', '/auth/password-reset', { headers: fromNewIp(), body: { token, new_password: password } });

  it("refuses weak passwords (the link owner's e-mail and name too) and the link keeps working", async () => {
    const p = person();
    expect((await register(p)).status).toBe(201);
    const token = await resetToken(p.email);
    for (const [password, key] of weakExamples(p))
      expectRefused(await reset(token, password), 'new_password', key, password);
    expect(await login(p.email, STRONG)).toBe(200);

    const ok = await reset(token, 'tulpen-lente-zomer-7');
    expect(ok.status, ok.text).toBe(204);
    expect(await login(p.email, 'tulpen-lente-zomer-7')).toBe(200);
  });

  it('still answers an unknown link before judging the password', async () => {
    const res = await reset('made-up-token-123456', '12345678');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_TOKEN');
  });
});

describe('PUT /api/v1/users/me/password', () => {
  it('refuses weak new passwords, its own e-mail and name included; a strong one is set', async () => {
    const p = person();
    const token = (await register(p)).body.access_token as string;
    const change = (newPassword: string) =>
      t.api('PUT', '/users/me/password', { token, body: { data: { currentPassword: STRONG, newPassword } } });
    for (const [password, key] of weakExamples(p))
      expectRefused(await change(password), 'data.newPassword', key, password);
    expect(await login(p.email, STRONG)).toBe(200);

    expect((await change('regenboog-kabouter-9')).status).toBe(200); // with a new token (decision 012)
    expect(await login(p.email, 'regenboog-kabouter-9')).toBe(200);
  });
});

describe('POST /api/v1/users (admin creates a user)', () => {
  it('refuses weak passwords and creates nobody; a strong one creates the user', async () => {
    const p = person();
    const create = (password: string) =>
      t.api('POST', '/users', { token: admin.token, body: { data: { ...p, password, role: 'USER' } } });
    for (const [password, key] of weakExamples(p))
      expectRefused(await create(password), 'data.password', key, password);
    const ok = await create(STRONG);
    expect(ok.status, ok.text).toBe(201);
    expect(await login(p.email, STRONG)).toBe(200);
  });
});

describe('PUT /api/v1/users/:id (admin edits a user)', () => {
  it('sets no password at all, strong or weak (an admin sends a reset link instead, issue 33)', async () => {
    const p = person();
    const id = (await t.api('POST', '/users', { token: admin.token, body: { data: { ...p, password: STRONG } } })).body
      .id as string;
    const edit = (data: Record<string, string>) => t.api('PUT', `/users/${id}`, { token: admin.token, body: { data } });
    for (const password of ['molen-fiets-koffie-3', '12345678']) {
      const res = await edit({ firstName: 'Hendrika', password });
      expect(res.status).toBe(400);
      expect(res.body.fields['data.password']).toEqual({ key: 'invalid' });
    }
    expect(await login(p.email, STRONG)).toBe(200);
    expect((await edit({ lastName: 'Jansen' })).status).toBe(200);
  });
});

describe('the documented demo password', () => {
  it('passes the rule for every demo login, with their own e-mail and name', async () => {
    const emails = DEMO_LOGINS.map((l) => l.email);
    const rows = await t.database.db.select().from(users).where(inArray(users.email, emails));
    expect(rows).toHaveLength(DEMO_LOGINS.length);
    for (const row of rows) {
      expect(await checkPasswordStrength(DEMO_PASSWORD, { brand: t.ctx.config.BRAND_NAME, ...row }), row.email).toEqual(
        { ok: true },
      );
      expect(await login(row.email, DEMO_PASSWORD)).toBe(200);
    }
  });
});
