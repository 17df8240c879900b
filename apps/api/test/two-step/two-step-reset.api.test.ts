import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRecoveryCodes, users, userTwoStep } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Decision 056: a platform admin turns off the two-step login of a user who lost both the
 * authenticator and the recovery codes. Only an admin, never their own, decided on the locked row
 * (the same reset twice at once does it once), audited, and the user is mailed in their language.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
});
afterAll(() => t.close());

const reset = (userId: string, token?: string) => t.api('DELETE', `/users/${userId}/two-step`, { token });

const passwordStep = (user: TestUser) =>
  t.api('POST', '/auth/login', { form: { username: user.email, password: user.password } });

async function auditEntries(userId: string, action: string) {
  const res = await t.api('GET', `/audit?entityId=${userId}&sortBy=at`, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { action: string; actorId: string }[]).filter((e) => e.action === action);
}

async function mailsTo(user: TestUser) {
  return (await t.outbox()).filter((m) => m.to === user.email);
}

describe(`an admin turns off a user's two-step login (${TEST_DB})`, () => {
  it('the password alone signs in again; the secret and recovery codes are gone; audited; mailed in Dutch', async () => {
    const user = await t.createUser({ twoStep: true, locale: 'nl' });
    expect((await passwordStep(user)).body.two_step).toBe('required');

    const res = await reset(user.id, admin.token);
    expect(res.status, res.text).toBe(204);

    const login = await passwordStep(user);
    expect(login.status, login.text).toBe(200);
    expect(login.body.access_token).toBeTruthy();
    expect(await t.database.db.select().from(userTwoStep).where(eq(userTwoStep.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id))).toEqual(
      [],
    );
    expect((await t.api('GET', `/users/${user.id}`, { token: admin.token })).body.twoStepEnabled).toBe(false);

    const entries = await auditEntries(user.id, 'user.twoStepReset');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(admin.id);

    const mails = await mailsTo(user);
    const mail = mails.find((m) => m.subject === 'Inloggen in twee stappen uitgezet door support - Podpot');
    expect(mail, mails.map((m) => m.subject).join(', ')).toBeTruthy();
    expect(mail!.text).toContain('Heb jij hier niet om gevraagd?');
  });

  it('the user turns it on again afterwards, with a new authenticator', async () => {
    const user = await t.createUser({ twoStep: true });
    expect((await reset(user.id, admin.token)).status).toBe(204);
    const token = (await passwordStep(user)).body.access_token;
    const setup = await t.api('POST', '/users/me/two-step/setup', { token });
    expect(setup.status, setup.text).toBe(200);
    const mail = (await mailsTo(user)).find((m) => m.subject === 'Two-step login turned off by support - Podpot');
    expect(mail?.text).toContain("Didn't you ask for this?");
  });

  it('only a platform admin; 404 for no such user; 409 when it is off, for their own, and for an archived user', async () => {
    const user = await t.createUser({ twoStep: true });
    const other = await t.createUser();
    expect((await reset(user.id)).status).toBe(401);
    expect((await reset(user.id, other.token)).status).toBe(403);
    expect((await passwordStep(user)).body.two_step).toBe('required');

    expect((await reset('00000000-0000-4000-8000-000000000000', admin.token)).status).toBe(404);
    expect((await reset('not-a-uuid', admin.token)).status).toBe(400);

    const off = await reset(other.id, admin.token);
    expect(off.status, off.text).toBe(409);
    expect(off.body.message).toBe('Two-step login is off already');

    const own = await reset(admin.id, admin.token);
    expect(own.status, own.text).toBe(409);
    expect(own.body.message).toMatch(/your own two-step login/);

    const archived = await t.createUser({ twoStep: true });
    await t.database.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, archived.id));
    expect((await reset(archived.id, admin.token)).status).toBe(409);

    expect(await auditEntries(user.id, 'user.twoStepReset')).toEqual([]);
  });

  it('the same reset twice at once: done once, audited once, mailed once', async () => {
    const user = await t.createUser({ twoStep: true });
    const answers = await Promise.all([reset(user.id, admin.token), reset(user.id, admin.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
    expect(await auditEntries(user.id, 'user.twoStepReset')).toHaveLength(1);
    const mails = (await mailsTo(user)).filter((m) => m.subject === 'Two-step login turned off by support - Podpot');
    expect(mails).toHaveLength(1);
  });
});
