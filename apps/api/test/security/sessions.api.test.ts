import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/db/schema/index.js';
import { insertResetToken } from '../../src/modules/auth/auth.repository.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 10, "sessions end on a password change": whoever changes or resets a password must be able
 * to count on every session opened with the old one (a stolen token, a forgotten shared computer)
 * being over, and on every reset link sent before being dead.
 */
let t: TestApp;
beforeAll(async () => {
  // Each request from its own address, so the per-IP limits of login and recovery stay out of the way.
  t = await createTestApp({ TRUST_PROXY: 1 });
});
afterAll(() => t.close());

let ip = 0;
function fromNewAddress() {
  ip += 1;
  return { 'x-forwarded-for': `203.0.${Math.floor(ip / 250)}.${ip % 250}` };
}

async function login(email: string, password: string): Promise<string> {
  const form = { username: email, password, client_id: 'podpot-web', grant_type: 'password', scope: 'all' };
  const res = await t.api('POST', '/auth/login', { form, headers: fromNewAddress() });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token;
}

const me = (token: string) => t.api('GET', '/users/me', { token });

/** Asks for a reset link and answers the token in the mail that arrives for it. */
async function requestResetLink(user: TestUser): Promise<string> {
  const before = (await t.outbox()).filter((m) => m.to === user.email).length;
  const res = await t.api('POST', `/auth/password-recover/${encodeURIComponent(user.email)}`, {
    headers: fromNewAddress(),
  });
  expect(res.status).toBe(204);
  const mails = (await t.outbox()).filter((m) => m.to === user.email);
  expect(mails).toHaveLength(before + 1);
  return /password-reset\?token=([\w-]+)/.exec(mails.at(-1)!.text)![1]!;
}

const reset = (token: string, newPassword: string) =>
  t.api('POST', '/auth/password-reset', { body: { new_password: newPassword, token }, headers: fromNewAddress() });

/** A token as the API minted them before the version claim existed. */
async function tokenWithoutVersion(userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('podpot')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(t.ctx.config.JWT_SECRET));
}

describe(`a password change ends every session (${TEST_DB})`, () => {
  it('signs out every token of the user when they change their password, and hands this session a new one', async () => {
    const user = await t.createUser({ password: 'first password' });
    const laptop = await login(user.email, 'first password');
    const phone = await login(user.email, 'first password');
    expect((await me(laptop)).status).toBe(200);
    expect((await me(phone)).status).toBe(200);

    const change = await t.api('PUT', '/users/me/password', {
      token: laptop,
      body: { data: { currentPassword: 'first password', newPassword: 'second password' } },
    });
    expect(change.status, change.text).toBe(200);
    expect(change.body.token_type).toBe('bearer');

    for (const old of [laptop, phone, user.token]) {
      const res = await me(old);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    expect((await me(change.body.access_token)).body.email).toBe(user.email);
    expect((await me(await login(user.email, 'second password'))).status).toBe(200);
  });

  it('signs out every token of the user on a reset through the mailed link', async () => {
    const user = await t.createUser({ password: 'first password' });
    const session = await login(user.email, 'first password');
    const link = await requestResetLink(user);
    expect((await reset(link, 'reset password 1')).status).toBe(204);

    expect((await me(session)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(await login(user.email, 'reset password 1'))).status).toBe(200);
  });

  it('signs a user out once they use the reset link a platform admin had sent (not before)', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const user = await t.createUser({ password: 'first password' });
    const session = await login(user.email, 'first password');
    const before = (await t.outbox()).filter((m) => m.to === user.email).length;
    const sent = await t.api('POST', `/users/${user.id}/password-reset`, { token: admin.token });
    expect(sent.status, sent.text).toBe(204);
    expect((await me(session)).status).toBe(200);
    const mails = (await t.outbox()).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(before + 1);
    const link = /password-reset\?token=([\w-]+)/.exec(mails.at(-1)!.text)![1]!;
    expect((await reset(link, 'chosen by the user')).status).toBe(204);
    expect((await me(session)).status).toBe(401);
    expect((await me(admin.token)).status).toBe(200);
    expect((await me(await login(user.email, 'chosen by the user'))).status).toBe(200);
  });

  it('keeps other users signed in, and keeps the user signed in when the admin changes only their name', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const user = await t.createUser();
    const other = await t.createUser();
    await t.api('PUT', `/users/${user.id}`, { token: admin.token, body: { data: { firstName: 'Renamed' } } });
    expect((await me(user.token)).status).toBe(200);
    const change = await t.api('PUT', '/users/me/password', {
      token: user.token,
      body: { data: { currentPassword: user.password, newPassword: 'another password' } },
    });
    expect(change.status).toBe(200);
    expect((await me(other.token)).status).toBe(200);
  });

  it('refuses a token without the version claim once the password was changed (missing counts as 0)', async () => {
    const user = await t.createUser({ password: 'first password' });
    const legacy = await tokenWithoutVersion(user.id);
    expect((await me(legacy)).status).toBe(200);
    const link = await requestResetLink(user);
    expect((await reset(link, 'reset password 2')).status).toBe(204);
    expect((await me(legacy)).status).toBe(401);
  });
});

describe(`older reset links die (${TEST_DB})`, () => {
  it('refuses link A once link B was asked for; B works', async () => {
    const user = await t.createUser();
    const a = await requestResetLink(user);
    const b = await requestResetLink(user);
    const withA = await reset(a, 'password from a');
    expect(withA.status).toBe(400);
    expect(withA.body.code).toBe('INVALID_TOKEN');
    expect((await reset(b, 'password from b')).status).toBe(204);
  });

  it('refuses an unused link after the user changed their password while signed in', async () => {
    const user = await t.createUser({ password: 'first password' });
    const link = await requestResetLink(user);
    const change = await t.api('PUT', '/users/me/password', {
      token: user.token,
      body: { data: { currentPassword: 'first password', newPassword: 'second password' } },
    });
    expect(change.status).toBe(200);
    const late = await reset(link, 'attacker password');
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_TOKEN');
    expect((await me(await login(user.email, 'second password'))).status).toBe(200);
  });

  it('refuses every other unused link after a reset', async () => {
    const user = await t.createUser();
    const used = await requestResetLink(user);
    // A second live link (e.g. one issued by an earlier version that did not end older links).
    const other = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(other).digest('hex');
    await insertResetToken(t.database.db, user.id, hash, new Date(Date.now() + 60 * 60_000));
    expect((await reset(used, 'reset password 3')).status).toBe(204);
    expect((await reset(other, 'attacker password')).status).toBe(400);
  });

  it('leaves exactly one live link when several are asked for at once', async () => {
    const user = await t.createUser();
    const asks = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.api('POST', `/auth/password-recover/${encodeURIComponent(user.email)}`, { headers: fromNewAddress() }),
      ),
    );
    expect(asks.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect((await t.outbox()).filter((m) => m.to === user.email)).toHaveLength(4);
    const [live] = await t.database.db
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    expect(live!.n).toBe(1);
  });
});
