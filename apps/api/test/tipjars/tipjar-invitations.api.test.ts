import { MAX_PENDING_INVITATIONS } from '@podpot/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tipjarAdmins, tipjarInvitations } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { insertLiveJar } from '../support/tipjar.js';

/**
 * Tip jar admins by invitation (issue 33, decision 062): an admin invites an address, the invitee
 * accepts through the mailed link logged in with it, or declines; invitations expire and can be
 * withdrawn; any admin may leave, the last one hands the tip jar to the platform. Real HTTP, both
 * databases; the races on PostgreSQL.
 */
let t: TestApp;
let platform: TestUser;
let run = 0;
let clients = 0;

beforeAll(async () => {
  // Each invitation from its own client address: inviting shares the per-client budget of e-mail questions.
  t = await createTestApp({ TRUST_PROXY: 1 });
  platform = await t.createUser({ role: 'ADMIN' });
});
afterAll(() => t.close());

async function jarOf(maker: TestUser): Promise<string> {
  run += 1;
  return insertLiveJar(t, `invite-${run}-${Date.now().toString(36)}`, maker);
}

const invite = (jarId: string, by: TestUser, email: string, locale?: 'en' | 'nl') => {
  clients += 1;
  return t.api('POST', `/tipjars/${jarId}/admins`, {
    token: by.token,
    body: { email, ...(locale ? { locale } : {}) },
    headers: { 'x-forwarded-for': `198.51.100.${clients % 250}` },
  });
};

/** The link token of the last invitation mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const mail = (await t.outbox()).filter((m) => m.to === email).pop();
  expect(mail, `an invitation mail to ${email}`).toBeDefined();
  return /\/invitation\?token=([\w-]+)/.exec(mail!.text)![1]!;
}

const adminsOf = async (jarId: string) =>
  (await t.database.db.select().from(tipjarAdmins).where(eq(tipjarAdmins.tipjarId, jarId))).map((a) => a.userId);

const auditOf = async (jarId: string, action: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.tipjarId, jarId))).filter((e) => e.action === action);

describe('POST /api/v1/tipjars/:id/admins (invite)', () => {
  it('401 without a session, 404 for a stranger, 400 for a bad address', async () => {
    const maker = await t.createUser();
    const stranger = await t.createUser();
    const jarId = await jarOf(maker);
    expect((await t.api('POST', `/tipjars/${jarId}/admins`, { body: { email: 'a@example.test' } })).status).toBe(401);
    expect((await invite(jarId, stranger, 'a@example.test')).status).toBe(404);
    const bad = await invite(jarId, maker, 'not an address');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toBeDefined();
    expect((await t.api('GET', `/tipjars/${jarId}/invitations`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jarId}/invitations`)).status).toBe(401);
  });

  it('mails the invitee in their own language, or in the inviter’s page language for an address without an account', async () => {
    const maker = await t.createUser();
    const dutch = await t.createUser({ locale: 'nl' });
    const jarId = await jarOf(maker);
    expect((await invite(jarId, maker, dutch.email, 'en')).status).toBe(202);
    const nl = (await t.outbox()).filter((m) => m.to === dutch.email).pop()!;
    expect(nl.subject).toBe('Uitnodiging om een Podpot te beheren');
    expect(nl.text).toContain('/nl/invitation?token=');
    expect(nl.text).toContain(`log in met ${dutch.email}`);

    const newcomer = `new-${Date.now()}@example.test`;
    expect((await invite(jarId, maker, newcomer, 'nl')).status).toBe(202);
    expect((await t.outbox()).filter((m) => m.to === newcomer).pop()!.subject).toBe(
      'Uitnodiging om een Podpot te beheren',
    );
    const english = `en-${Date.now()}@example.test`;
    expect((await invite(jarId, maker, english)).status).toBe(202);
    const en = (await t.outbox()).filter((m) => m.to === english).pop()!;
    expect(en.subject).toBe('Invitation to manage a Podpot');
    expect(en.text).toContain('Test User');

    const list = await t.api('GET', `/tipjars/${jarId}/invitations`, { token: maker.token });
    expect(list.body.data.map((i: { email: string }) => i.email)).toEqual([dutch.email, newcomer, english]);
  });

  it('refuses an address that is an admin already, and more than the pending limit', async () => {
    const maker = await t.createUser();
    const jarId = await jarOf(maker);
    const again = await invite(jarId, maker, maker.email.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.fields.email).toEqual({ key: 'alreadyAdmin' });
    for (let i = 0; i < MAX_PENDING_INVITATIONS; i++) {
      expect((await invite(jarId, maker, `many-${i}-${run}@example.test`)).status).toBe(202);
    }
    const over = await invite(jarId, maker, `one-too-many-${run}@example.test`);
    expect(over.status).toBe(409);
    expect(over.body.fields.email.key).toBe('tooManyInvitations');
    // Renewing one that waits is no new invitation.
    expect((await invite(jarId, maker, `many-0-${run}@example.test`)).status).toBe(202);
  });

  it('inviting again renews the invitation: the older link stops working', async () => {
    const maker = await t.createUser();
    const invitee = await t.createUser();
    const jarId = await jarOf(maker);
    await invite(jarId, maker, invitee.email);
    const old = await linkTokenFor(invitee.email);
    await invite(jarId, maker, invitee.email);
    const fresh = await linkTokenFor(invitee.email);
    expect(fresh).not.toBe(old);
    expect((await t.api('GET', `/invitations/${old}`)).status).toBe(404);
    expect((await t.api('POST', `/invitations/${old}/accept`, { token: invitee.token })).status).toBe(404);
    expect((await t.api('POST', `/invitations/${fresh}/accept`, { token: invitee.token })).status).toBe(200);
    expect((await t.api('GET', `/tipjars/${jarId}/invitations`, { token: maker.token })).body.data).toEqual([]);
  });
});

describe('the invitee: GET /api/v1/invitations/:token, accept, decline', () => {
  it('shows the invitation without a login; accepting needs one, with the invited address', async () => {
    const maker = await t.createUser();
    const invitee = await t.createUser();
    const other = await t.createUser();
    const jarId = await jarOf(maker);
    await invite(jarId, maker, invitee.email);
    const token = await linkTokenFor(invitee.email);

    const shown = await t.api('GET', `/invitations/${token}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ email: invitee.email, tipjarName: expect.stringMatching(/^invite-/) });
    expect((await t.api('GET', '/invitations/not-a-token!')).status).toBe(400);
    expect((await t.api('GET', `/invitations/${'x'.repeat(43)}`)).status).toBe(404);

    expect((await t.api('POST', `/invitations/${token}/accept`)).status).toBe(401);
    const wrong = await t.api('POST', `/invitations/${token}/accept`, { token: other.token });
    expect(wrong.status).toBe(403);
    expect(await adminsOf(jarId)).toEqual([maker.id]);

    const accepted = await t.api('POST', `/invitations/${token}/accept`, { token: invitee.token });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.tipjar.id).toBe(jarId);
    expect((await adminsOf(jarId)).sort()).toEqual([maker.id, invitee.id].sort());
    // The other admins hear of the new one; the link is used up.
    const told = (await t.outbox()).filter((m) => m.to === maker.email);
    // The address is a stranger's text in our mail: written with its links broken (decision 064).
    expect(told.pop()!.text).toContain(`${invitee.email.replace('.test', '[.]test')} is now an admin`);
    expect((await t.api('POST', `/invitations/${token}/accept`, { token: invitee.token })).status).toBe(404);
  });

  it('declining needs only the link; the invitation is gone', async () => {
    const maker = await t.createUser();
    const email = `decline-${Date.now()}@example.test`;
    const jarId = await jarOf(maker);
    await invite(jarId, maker, email);
    const token = await linkTokenFor(email);
    expect((await t.api('POST', `/invitations/${token}/decline`)).status).toBe(204);
    expect((await t.api('POST', `/invitations/${token}/decline`)).status).toBe(404);
    expect((await t.api('GET', `/invitations/${token}`)).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jarId}/invitations`, { token: maker.token })).body.data).toEqual([]);
  });

  it('an expired or withdrawn invitation cannot be accepted', async () => {
    const maker = await t.createUser();
    const invitee = await t.createUser();
    const jarId = await jarOf(maker);
    await invite(jarId, maker, invitee.email);
    const token = await linkTokenFor(invitee.email);
    await t.database.db
      .update(tipjarInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tipjarInvitations.tipjarId, jarId));
    expect((await t.api('GET', `/invitations/${token}`)).status).toBe(404);
    expect((await t.api('POST', `/invitations/${token}/accept`, { token: invitee.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jarId}/invitations`, { token: maker.token })).body.data).toEqual([]);

    const renewed = await invite(jarId, maker, invitee.email);
    expect(renewed.status).toBe(202);
    const fresh = await linkTokenFor(invitee.email);
    const stranger = await t.createUser();
    const path = `/tipjars/${jarId}/invitations/${renewed.body.id}`;
    expect((await t.api('DELETE', path)).status).toBe(401);
    expect((await t.api('DELETE', path, { token: stranger.token })).status).toBe(404);
    expect((await t.api('DELETE', path, { token: maker.token })).status).toBe(204);
    expect((await t.api('DELETE', path, { token: maker.token })).status).toBe(404);
    expect((await t.api('POST', `/invitations/${fresh}/accept`, { token: invitee.token })).status).toBe(404);
    expect(await adminsOf(jarId)).toEqual([maker.id]);
  });

  it('a platform admin invites too (no admin without consent), as the platform', async () => {
    const maker = await t.createUser();
    const invitee = await t.createUser();
    const jarId = await jarOf(maker);
    expect((await invite(jarId, platform, invitee.email)).status).toBe(202);
    const mail = (await t.outbox()).filter((m) => m.to === invitee.email).pop()!;
    expect(mail.text).toMatch(/^Podpot invites you/m);
    expect(await adminsOf(jarId)).toEqual([maker.id]);
  });
});

describe('DELETE /api/v1/tipjars/:id/admins/me (leave)', () => {
  it('any admin leaves; the last one hands the tip jar to the platform, which still manages it', async () => {
    const maker = await t.createUser();
    const partner = await t.createUser();
    const jarId = await jarOf(maker);
    await invite(jarId, maker, partner.email);
    await t.api('POST', `/invitations/${await linkTokenFor(partner.email)}/accept`, { token: partner.token });

    expect((await t.api('DELETE', `/tipjars/${jarId}/admins/me`)).status).toBe(401);
    expect((await t.api('DELETE', `/tipjars/${jarId}/admins/me`, { token: platform.token })).status).toBe(404);

    const first = await t.api('DELETE', `/tipjars/${jarId}/admins/me`, { token: maker.token });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ handedToPlatform: false });
    expect((await t.api('GET', `/tipjars/${jarId}`, { token: maker.token })).status).toBe(404);

    const last = await t.api('DELETE', `/tipjars/${jarId}/admins/me`, { token: partner.token });
    expect(last.body).toEqual({ handedToPlatform: true });
    expect(await adminsOf(jarId)).toEqual([]);
    const kept = await t.api('GET', `/tipjars/${jarId}`, { token: platform.token });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: 'LIVE', admins: [] });
    // The platform brings a maker back by invitation.
    expect((await invite(jarId, platform, maker.email)).status).toBe(202);
  });
});

describe.runIf(TEST_DB === 'pg')('races, decided on locked rows (PostgreSQL)', () => {
  it('two accepts of one invitation at once: one admin, one 404, one entry', async () => {
    const maker = await t.createUser();
    const invitee = await t.createUser();
    const jarId = await jarOf(maker);
    await invite(jarId, maker, invitee.email);
    const token = await linkTokenFor(invitee.email);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.api('POST', `/invitations/${token}/accept`, { token: invitee.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404]);
    expect(await auditOf(jarId, 'tipjar.adminJoined')).toHaveLength(1);
    const written = invitee.email.replace('.test', '[.]test'); // a stranger's text, links broken (decision 064)
    expect((await t.outbox()).filter((m) => m.to === maker.email && m.text.includes(written))).toHaveLength(1);
  });

  it('the last two admins leaving at once: both leave, exactly one hands the tip jar to the platform', async () => {
    for (let round = 0; round < 3; round++) {
      const maker = await t.createUser();
      const partner = await t.createUser();
      const jarId = await jarOf(maker);
      await t.database.db.insert(tipjarAdmins).values({ tipjarId: jarId, userId: partner.id });
      const [a, b] = await Promise.all(
        [maker, partner].map((u) => t.api('DELETE', `/tipjars/${jarId}/admins/me`, { token: u.token })),
      );
      expect([a!.status, b!.status]).toEqual([200, 200]);
      expect([a!.body.handedToPlatform, b!.body.handedToPlatform].sort()).toEqual([false, true]);
      expect(await adminsOf(jarId)).toEqual([]);
      const handed = (await auditOf(jarId, 'tipjar.adminLeft')).filter((e) => e.after?.handedToPlatform === true);
      expect(handed).toHaveLength(1);
    }
  });
});
