import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 33, item 6: a platform admin could set any user's password (PUT users/{id} with a password),
 * unaudited and unannounced, then sign in as that user. Now an admin can only have a reset link sent to
 * the user's own address (audited as user.passwordResetSent), and an admin's change of a user's e-mail
 * address is audited (user.emailChanged) and mailed to the old address.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.api('POST', '/auth/login', { form: { username: email, password } });

async function auditOf(adminToken: string, userId: string) {
  const res = await t.api('GET', `/audit?entityType=user&entityId=${userId}`, { token: adminToken });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { action: string; actorId: string | null }[];
}

describe(`an admin and a user's password (${TEST_DB})`, () => {
  it('refuses an admin setting a password (400): the user still signs in with their own, the admin does not', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const user = await t.createUser({ password: 'the owner’s own secret' });
    const put = await t.api('PUT', `/users/${user.id}`, {
      token: admin.token,
      body: { data: { password: 'set by the admin 42' } },
    });
    expect(put.status).toBe(400);
    expect(put.body.fields?.['data.password']).toBeDefined();
    expect((await login(user.email, 'set by the admin 42')).status).toBe(401);
    expect((await login(user.email, 'the owner’s own secret')).status).toBe(200);
  });

  it('sends a reset link to the user instead: audited, mailed to the user, the password unchanged', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const user = await t.createUser({ password: 'the owner’s own secret', locale: 'nl' });
    await t.outbox();
    const sent = await t.api('POST', `/users/${user.id}/password-reset`, { token: admin.token });
    expect(sent.status, sent.text).toBe(204);
    const mails = (await t.outbox()).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/nl/password-reset?token=');
    expect((await login(user.email, 'the owner’s own secret')).status).toBe(200);
    const entries = await auditOf(admin.token, user.id);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([['user.passwordResetSent', admin.id]]);

    const missing = await t.api('POST', '/users/00000000-0000-4000-8000-000000000000/password-reset', {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    const byUser = await t.api('POST', `/users/${admin.id}/password-reset`, { token: user.token });
    expect(byUser.status).toBe(403);
  });

  it('audits an admin changing a user’s e-mail address and mails the old address', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const user = await t.createUser();
    const newEmail = `moved-${Date.now()}@example.test`;
    await t.outbox();
    const put = await t.api('PUT', `/users/${user.id}`, { token: admin.token, body: { data: { email: newEmail } } });
    expect(put.status, put.text).toBe(200);
    expect((await t.outbox()).some((m) => m.to === user.email)).toBe(true);
    const entries = await auditOf(admin.token, user.id);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([['user.emailChanged', admin.id]]);
  });
});
