import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Proving an account's e-mail address (decision 061) over real HTTP: the link mailed on registration and
 * on a change of address, sending it again (limited), and a used reset link as proof.
 */
let t: TestApp;
let admin: TestUser;
const run = Date.now().toString(36);
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
});
afterAll(() => t.close());

/** The token of the newest confirmation link mailed to `email`, and how many were mailed. */
async function confirmationLinks(email: string) {
  const mails = (await t.outbox()).filter((m) => m.to === email && /confirm-email\?token=/.test(m.text));
  const last = mails.at(-1);
  return { count: mails.length, token: last && /confirm-email\?token=([\w.-]+)/.exec(last.text)![1]!, mail: last };
}

const me = async (token: string) => (await t.api('GET', '/users/me', { token })).body;

describe(`e-mail confirmation (${TEST_DB})`, () => {
  it('mails a link on registration, in the account’s language, that confirms the address', async () => {
    const email = `nl-${run}@example.test`;
    const res = await t.api('POST', '/users/register', {
      body: { data: { email, password: PASSWORD, firstName: 'Noor', lastName: 'Nieuw', locale: 'nl' } },
    });
    expect(res.status, res.text).toBe(201);
    expect((await me(res.body.access_token)).emailVerified).toBe(false);
    const { count, token, mail } = await confirmationLinks(email);
    expect(count).toBe(1);
    expect(mail!.subject).toContain('Bevestig je e-mailadres');
    expect(mail!.text).toContain('/nl/confirm-email?token=');

    const wrong = await t.api('POST', '/users/email-confirmation', { body: { data: { token: `${token}x` } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields['data.token'].key).toBe('invalid');
    const empty = await t.api('POST', '/users/email-confirmation', { body: { data: {} } });
    expect(empty.status).toBe(400);

    expect((await t.api('POST', '/users/email-confirmation', { body: { data: { token } } })).status).toBe(204);
    expect((await me(res.body.access_token)).emailVerified).toBe(true);
  });

  it('POST /users/me/email-confirmation: 401 anonymous, sends the link again three times an hour, 409 once confirmed', async () => {
    expect((await t.api('POST', '/users/me/email-confirmation', { body: {} })).status).toBe(401);
    const user = await t.createUser({ email: `again-${run}@example.test` });
    expect((await me(user.token)).emailVerified).toBe(false);
    for (let i = 0; i < 3; i += 1) {
      const res = await t.api('POST', '/users/me/email-confirmation', { token: user.token, body: {} });
      expect(res.status, res.text).toBe(204);
    }
    const limited = await t.api('POST', '/users/me/email-confirmation', { token: user.token, body: {} });
    expect(limited.status).toBe(429);
    const { count, token } = await confirmationLinks(user.email);
    expect(count).toBe(3);
    expect((await t.api('POST', '/users/email-confirmation', { body: { data: { token } } })).status).toBe(204);
    // The limit is the account's: another account still may.
    const other = await t.createUser();
    expect((await t.api('POST', '/users/me/email-confirmation', { token: other.token, body: {} })).status).toBe(204);
    const link = (await confirmationLinks(other.email)).token;
    expect((await t.api('POST', '/users/email-confirmation', { body: { data: { token: link } } })).status).toBe(204);

    const again = await t.api('POST', '/users/me/email-confirmation', { token: other.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
  });

  it('counts a used password reset link as proof of the address', async () => {
    const user = await t.createUser({ email: `reset-${run}@example.test` });
    expect((await t.api('POST', `/auth/password-recover/${encodeURIComponent(user.email)}`)).status).toBe(204);
    const mail = (await t.outbox()).filter((m) => m.to === user.email).at(-1)!;
    const token = /password-reset\?token=([\w-]+)/.exec(mail.text)![1]!;
    expect((await me(user.token)).emailVerified).toBe(false);
    const reset = await t.api('POST', '/auth/password-reset', {
      body: { new_password: 'a brand new passphrase', token },
    });
    expect(reset.status, reset.text).toBe(204);
    const login = await t.api('POST', '/auth/login', {
      form: { username: user.email, password: 'a brand new passphrase' },
    });
    expect((await me(login.body.access_token)).emailVerified).toBe(true);
  });

  it('makes a changed address unproven, mails its link to the new address, and refuses the old address’s link', async () => {
    const user = await t.createUser({ email: `old-${run}@example.test` });
    expect((await t.api('POST', '/users/me/email-confirmation', { token: user.token, body: {} })).status).toBe(204);
    const old = (await confirmationLinks(user.email)).token!;
    // A reset link mailed to the old address would prove the new one: it ends too.
    expect((await t.api('POST', `/auth/password-recover/${encodeURIComponent(user.email)}`)).status).toBe(204);
    const resetMail = (await t.outbox()).filter((m) => m.to === user.email).at(-1)!;
    const resetToken = /password-reset\?token=([\w-]+)/.exec(resetMail.text)![1]!;

    const changed = `new-${run}@example.test`;
    const res = await t.api('PUT', `/users/${user.id}`, { token: admin.token, body: { data: { email: changed } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.emailVerified).toBe(false);
    const stale = await t.api('POST', '/users/email-confirmation', { body: { data: { token: old } } });
    expect(stale.status).toBe(400);
    const staleReset = await t.api('POST', '/auth/password-reset', {
      body: { new_password: 'another new passphrase', token: resetToken },
    });
    expect(staleReset.status).toBe(400);

    const { count, token } = await confirmationLinks(changed);
    expect(count).toBe(1);
    expect((await t.api('POST', '/users/email-confirmation', { body: { data: { token } } })).status).toBe(204);
    expect((await t.api('GET', `/users/${user.id}`, { token: admin.token })).body.emailVerified).toBe(true);
  });
});
