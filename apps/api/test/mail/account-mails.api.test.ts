import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Mails that say an account changed (issue 15, decision 035): a changed or reset password, a new admin
 * of a tip jar — each in the recipient's language, with what to do when it was not them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = async (email: string) => (await t.outbox()).filter((m) => m.to === email);

describe(`account-change mails (${TEST_DB})`, () => {
  it('a password changed on the account page is mailed, with how to take the account back', async () => {
    const user = await t.createUser({ locale: 'nl' });
    const changed = await t.api('PUT', '/users/me/password', {
      token: user.token,
      body: { data: { currentPassword: user.password, newPassword: 'een heel nieuw wachtwoord 42' } },
    });
    expect(changed.status, changed.text).toBe(200);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Je wachtwoord is gewijzigd - Podpot');
    expect(mail!.text).toContain('Was jij dit niet?');
    expect(mail!.text).toContain('/nl/password-recovery');
    expect(mail!.raw).toMatch(/content-type: text\/html/i);
  });

  it('a password set with a reset link is mailed too', async () => {
    const user = await t.createUser({ locale: 'en' });
    await t.api('POST', `/auth/password-recover/${encodeURIComponent(user.email)}`);
    const link = (await mailsTo(user.email))[0]!;
    const token = /password-reset\?token=([\w-]+)/.exec(link.text)![1];
    const reset = await t.api('POST', '/auth/password-reset', {
      body: { new_password: 'a brand new secret 7', token },
    });
    expect(reset.status).toBe(204);
    const changed = (await mailsTo(user.email)).filter((m) => m.subject === 'Your password was changed - Podpot');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).toContain("Wasn't this you?");
  });

  it('the other admins of a tip jar hear of a new admin, each in their language; the new one does not', async () => {
    const [first, second, newcomer] = [
      await t.createUser({ locale: 'nl' }),
      await t.createUser({ locale: 'en' }),
      await t.createUser(),
    ];
    const [jar] = await t.database.db
      .insert(tipjars)
      .values({
        slug: `admins-${Date.now().toString(36)}`,
        name: 'Admin Pod',
        status: 'LIVE',
        contactEmail: first.email,
      })
      .returning();
    await t.database.db.insert(tipjarAdmins).values([
      { tipjarId: jar!.id, userId: first.id },
      { tipjarId: jar!.id, userId: second.id },
    ]);
    const added = await t.api('POST', `/tipjars/${jar!.id}/admins`, {
      token: first.token,
      body: { email: newcomer.email },
    });
    expect(added.status, added.text).toBe(200);

    const [nl] = await mailsTo(first.email);
    expect(nl!.subject).toBe('Nieuwe beheerder van Admin Pod - Podpot');
    expect(nl!.text).toContain(`${newcomer.email} is nu beheerder van Admin Pod`);
    expect(nl!.text).toContain(`/nl/backoffice/${jar!.slug}/settings`);
    const [en] = await mailsTo(second.email);
    expect(en!.subject).toBe('New admin of Admin Pod - Podpot');
    expect(en!.text).toContain("Don't know this person");
    expect(await mailsTo(newcomer.email)).toEqual([]);

    // Adding them again changes nothing and mails nobody.
    await t.api('POST', `/tipjars/${jar!.id}/admins`, { token: first.token, body: { email: newcomer.email } });
    expect(await mailsTo(first.email)).toHaveLength(1);
  });
});
