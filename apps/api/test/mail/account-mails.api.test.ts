import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oppMerchants, tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { userText } from '../../src/mail/user-text.js';
import { registerMerchant } from '../support/merchant.js';
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

  it('the other admins of a tip jar hear of a new admin when they accept, each in their language; the new one does not', async () => {
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
    const invited = await t.api('POST', `/tipjars/${jar!.id}/admins`, {
      token: first.token,
      body: { email: newcomer.email },
    });
    expect(invited.status, invited.text).toBe(202);
    // Invited is not added: nobody hears of a new admin yet.
    expect(await mailsTo(first.email)).toEqual([]);
    const [invitation] = await mailsTo(newcomer.email);
    const token = /token=([\w-]+)/.exec(invitation!.text)![1];
    expect((await t.api('POST', `/invitations/${token}/accept`, { token: newcomer.token })).status).toBe(200);

    const [nl] = await mailsTo(first.email);
    expect(nl!.subject).toBe('Nieuwe beheerder van Admin Pod - Podpot');
    expect(nl!.text).toContain(`${userText(newcomer.email)} is nu beheerder van Admin Pod`);
    expect(nl!.text).toContain(`/nl/backoffice/${jar!.slug}/settings`);
    const [en] = await mailsTo(second.email);
    expect(en!.subject).toBe('New admin of Admin Pod - Podpot');
    expect(en!.text).toContain("Don't know this person");
    // Only the invitation reached the new admin.
    expect(await mailsTo(newcomer.email)).toHaveLength(1);

    // Inviting them again is refused (an admin already) and mails nobody.
    const again = await t.api('POST', `/tipjars/${jar!.id}/admins`, {
      token: first.token,
      body: { email: newcomer.email },
    });
    expect(again.status).toBe(409);
    expect(await mailsTo(first.email)).toHaveLength(1);
  });

  it('an e-mail address changed by an admin is mailed to the old address, with a note to the new one', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const user = await t.createUser({ locale: 'nl' });
    const newEmail = `moved-${Date.now()}@example.test`;
    const changed = await t.api('PUT', `/users/${user.id}`, {
      token: admin.token,
      body: { data: { email: newEmail } },
    });
    expect(changed.status, changed.text).toBe(200);
    const [old, ...more] = await mailsTo(user.email);
    expect(more).toEqual([]);
    expect(old!.subject).toBe('Je e-mailadres is gewijzigd - Podpot');
    expect(old!.text).toContain(newEmail);
    expect(old!.text).toContain('Was jij dit niet');
    expect(old!.text).toContain('/nl/support');
    expect(old!.raw).toMatch(/content-type: text\/html/i);
    // The new address gets the note and, in whichever order they were queued, its confirmation link (decision 061).
    const toNew = await mailsTo(newEmail);
    expect(toNew.map((m) => m.subject).sort()).toEqual([
      'Bevestig je e-mailadres - Podpot',
      'Je Podpot-account gebruikt nu dit adres',
    ]);
    const note = toNew.find((m) => m.subject === 'Je Podpot-account gebruikt nu dit adres');
    expect(note!.text).toContain('/nl/login');
  });

  it("a tip jar's admins hear of another bank account, each in their language", async () => {
    const [first, second] = [await t.createUser({ locale: 'nl' }), await t.createUser({ locale: 'en' })];
    const [jar] = await t.database.db
      .insert(tipjars)
      .values({ slug: `bank-${Date.now().toString(36)}`, name: 'Bank Pod', status: 'LIVE', contactEmail: first.email })
      .returning();
    await t.database.db.insert(tipjarAdmins).values([
      { tipjarId: jar!.id, userId: first.id },
      { tipjarId: jar!.id, userId: second.id },
    ]);
    await registerMerchant(t, jar!.id, first.token);
    const [merchant] = await t.database.db.select().from(oppMerchants).where(eq(oppMerchants.tipjarId, jar!.id));
    expect(merchant!.bankAccountUid).toBeTruthy();
    expect(await mailsTo(first.email)).toEqual([]);
    // The provider now names another default account than the one we knew (as after a change there):
    // our copy is made to know an older one, and the next read of the merchant finds the change.
    await t.database.db
      .update(oppMerchants)
      .set({ bankAccountUid: 'bnk_older_account', bankAccountIban: 'NL02ABNA0123456789' })
      .where(eq(oppMerchants.id, merchant!.id));
    expect((await t.api('GET', `/tipjars/${jar!.id}/oppmerchant`, { token: first.token })).status).toBe(200);
    const [nl] = await mailsTo(first.email);
    expect(nl!.subject).toBe('De bankrekening van Bank Pod is gewijzigd - Podpot');
    expect(nl!.text).toContain(`/nl/backoffice/${jar!.slug}/settings`);
    expect(nl!.text).toContain('Was jij dit niet');
    const [en] = await mailsTo(second.email);
    expect(en!.subject).toBe('The bank account of Bank Pod was changed - Podpot');
    expect(en!.text).toContain("Wasn't this you");
    // Read again: the same account, no more mail.
    await t.api('GET', `/tipjars/${jar!.id}/oppmerchant`, { token: first.token });
    expect(await mailsTo(first.email)).toHaveLength(1);
  });
});
