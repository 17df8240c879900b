import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function loginForm(username: string, password: string) {
  return { username, password, client_id: 'podpot-web', grant_type: 'password', scope: 'all' };
}

describe('POST /api/v1/auth/login', () => {
  it('answers an OAuth2 bearer token for the right e-mail and password (form-encoded)', async () => {
    const user = await t.createUser({ password: 'right password 1' });
    const res = await t.api('POST', '/auth/login', { form: loginForm(user.email, 'right password 1') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: expect.any(Number) });
    const me = await t.api('GET', '/users/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('accepts the e-mail in any case', async () => {
    const user = await t.createUser({ password: 'right password 1' });
    const res = await t.api('POST', '/auth/login', { form: loginForm(user.email.toUpperCase(), 'right password 1') });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const user = await t.createUser();
    const res = await t.api('POST', '/auth/login', { form: loginForm(user.email, 'not the password') });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: expect.stringMatching(/password/i),
    });
    expect(res.body.access_token).toBeUndefined();
  });

  it('refuses an unknown e-mail with the same 401', async () => {
    const res = await t.api('POST', '/auth/login', { form: loginForm('nobody@example.test', 'whatever123') });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers 400 with field errors when the form is incomplete', async () => {
    const res = await t.api('POST', '/auth/login', { form: { username: 'x@example.test' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.fields.password.key).toBe('required');
  });

  it('answers 400 (not 500) for malformed JSON', async () => {
    const res = await t.api('POST', '/auth/login', { body: '{"username":', headers: {} });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.text).not.toMatch(/at .*\.ts/);
  });

  it('makes an account wait after 5 failed logins, even with the right password; others are not affected', async () => {
    const user = await t.createUser({ password: 'correct horse battery' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.api('POST', '/auth/login', { form: loginForm(user.email, `wrong-${i}`) })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await t.api('POST', '/auth/login', { form: loginForm(user.email, 'correct horse battery') });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await t.createUser({ password: 'correct horse battery' });
    const ok = await t.api('POST', '/auth/login', { form: loginForm(other.email, 'correct horse battery') });
    expect(ok.status).toBe(200);
  });
});

describe('GET /api/v1/users/me with a bad token', () => {
  it('answers 401 for a forged token', async () => {
    const res = await t.api('GET', '/users/me', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 when the user behind the token was deleted', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const user = await t.createUser();
    expect((await t.api('DELETE', `/users/${user.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('GET', '/users/me', { token: user.token })).status).toBe(401);
  });
});

describe('password recovery and reset', () => {
  it('mails a single-use reset link that sets a new password', async () => {
    const user = await t.createUser({ locale: 'nl' });
    const res = await t.api('POST', `/auth/password-recover/${encodeURIComponent(user.email)}`);
    expect(res.status).toBe(204);

    const mails = (await t.outbox()).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Wachtwoord/);
    const token = /password-reset\?token=([\w-]+)/.exec(mails[0]!.text)?.[1];
    expect(mails[0]!.text).toContain('/nl/password-reset?token=');
    expect(token).toBeTruthy();

    const reset = await t.api('POST', '/auth/password-reset', { body: { new_password: 'brand new secret', token } });
    expect(reset.status).toBe(204);
    const login = await t.api('POST', '/auth/login', { form: loginForm(user.email, 'brand new secret') });
    expect(login.status).toBe(200);
    const oldLogin = await t.api('POST', '/auth/login', { form: loginForm(user.email, user.password) });
    expect(oldLogin.status).toBe(401);

    const reuse = await t.api('POST', '/auth/password-reset', { body: { new_password: 'another secret 2', token } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const res = await t.api('POST', '/auth/password-recover/unknown-person@example.test');
    expect(res.status).toBe(204);
    expect((await t.outbox()).length).toBe(before);
  });

  it('refuses a made-up token', async () => {
    const res = await t.api('POST', '/auth/password-reset', {
      body: { new_password: 'brand new secret', token: 'made-up-token-123456' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a too short new password with a field error', async () => {
    const res = await t.api('POST', '/auth/password-reset', {
      body: { new_password: 'short', token: 'made-up-token-123456' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.new_password).toEqual({ key: 'tooShort', params: { min: 8 } });
  });

  it('refuses an invalid e-mail in the path', async () => {
    const res = await t.api('POST', '/auth/password-recover/not-an-email');
    expect(res.status).toBe(400);
    expect(res.body.fields.email.key).toBe('email');
  });
});
