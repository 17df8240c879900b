import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, tipjarAdmins, tipjars, tips } from '../../src/db/schema/index.js';
import { registerMerchant } from '../support/merchant.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 33, finding 3: "Your data" and erasure took every tip given with the account's address, an
 * address nobody had proven. Registering with a victim's address exported the victim's tips (amounts,
 * podcasts, messages, names), and erasing that account wiped them for the maker too and dropped the
 * mail queued for the victim. Before the fix the replay below exported 3 of the victim's tips and its
 * erasure blanked all 3 and deleted the victim's 3 queued receipts; now 0, 0 and 0 (decision 061).
 */
let t: TestApp;
let ideal: string;
let jar: { id: string; slug: string };
const run = Date.now().toString(36);
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser({ role: 'ADMIN' });
  const maker = await t.createUser();
  ideal = (
    await t.api('POST', '/paymentmethods', {
      token: admin.token,
      body: { data: { name: 'iDEAL', type: 'ideal', priority: 10 } },
    })
  ).body.id;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({ slug: `claim-${run}`, name: 'Claim Pod', status: 'LIVE', contactEmail: 'maker@example.test' })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: maker.id });
  await registerMerchant(t, row!.id, maker.token);
  jar = { id: row!.id, slug: row!.slug };
});
afterAll(() => t.close());

const uidOf = (url: string) => url.split('/').pop()!;

/** A paid tip with this address, given anonymously or (with `token`) while signed in. */
async function tip(email: string, message: string, token?: string) {
  const res = await t.api('POST', `/tipjars/${jar.id}/tips`, {
    ...(token ? { token } : {}),
    body: {
      data: {
        amount: 1250,
        displayName: 'Vera Victim',
        message,
        email,
        payment: { paymentmethod: ideal, paymentissuer: '' },
        locale: 'en',
      },
    },
  });
  expect(res.status, res.text).toBe(201);
  await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  return res.body.tip.id as string;
}

/** Registers through the API, as anyone can, with the address given. */
async function register(email: string) {
  const res = await t.api('POST', '/users/register', {
    body: { data: { email, password: PASSWORD, firstName: 'Mallory', lastName: 'Claimer', locale: 'en' } },
  });
  expect(res.status, res.text).toBe(201);
  const token = res.body.access_token as string;
  const me = await t.api('GET', '/users/me', { token });
  return { token, id: me.body.id as string, me: me.body };
}

async function exported(token: string) {
  const res = await fetch(`${t.baseUrl}/api/v1/users/me/data`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const text = Object.values(files)
    .map((bytes) => strFromU8(bytes))
    .join('\n');
  return { data: JSON.parse(strFromU8(files['data.json']!)), text };
}

/** The mail rows addressed to `email` that are not about account `accountId` (its own confirmation links). */
async function mailTo(email: string, accountId: string) {
  const rows = await t.database.db
    .select({ dedupeKey: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email));
  return rows
    .map((r) => r.dedupeKey ?? '')
    .filter((key) => !key.includes(accountId))
    .sort();
}

describe(`an account's unproven address (${TEST_DB})`, () => {
  it('exports none of the tips of the address’s owner, and erasing the account leaves their tips and queued mail', async () => {
    const victim = `vera-${run}@example.test`;
    const ids = [
      await tip(victim, `Private note one ${run}`),
      await tip(victim, `Private note two ${run}`),
      await tip(victim, `Private note three ${run}`),
    ];
    const mallory = await register(victim);
    expect(mallory.me.emailVerified).toBe(false);
    const queuedBefore = await mailTo(victim, mallory.id);
    expect(queuedBefore.length).toBeGreaterThanOrEqual(3); // the victim's receipts

    const { data, text } = await exported(mallory.token);
    expect(data.tips).toHaveLength(0);
    expect(text).not.toContain('Private note');
    expect(text).not.toContain('Vera Victim');

    const erased = await t.api('POST', '/users/me/erasure', {
      token: mallory.token,
      body: { data: { password: PASSWORD } },
    });
    expect(erased.status, erased.text).toBe(200);
    const kept = await t.database.db
      .select({ email: tips.email, displayName: tips.displayName, message: tips.message, userId: tips.userId })
      .from(tips)
      .where(sql`${tips.id} in ${ids}`);
    expect(kept).toHaveLength(3);
    for (const row of kept) {
      expect(row).toMatchObject({ email: victim, displayName: 'Vera Victim', userId: null });
      expect(row.message).toContain('Private note');
    }
    expect(await mailTo(victim, mallory.id)).toEqual(queuedBefore);
  });

  it('adds the tips given with the address once the account confirms it through the mailed link', async () => {
    const owner = `olga-${run}@example.test`;
    await tip(owner, `Before the account ${run}`);
    await tip(owner, `Also before ${run}`);
    const account = await register(owner);
    expect((await exported(account.token)).data.tips).toHaveLength(0);

    const mail = (await t.outbox()).filter((m) => m.to === owner && /Confirm your e-mail address/.test(m.subject));
    expect(mail).toHaveLength(1);
    const token = /confirm-email\?token=([\w.-]+)/.exec(mail[0]!.text)![1]!;
    // Not a bearer token, and a bearer token is no confirmation.
    expect((await t.api('GET', '/users/me', { token })).status).toBe(401);
    const forged = await t.api('POST', '/users/email-confirmation', { body: { data: { token: account.token } } });
    expect(forged.status).toBe(400);
    expect(forged.body.fields['data.token'].key).toBe('invalid');

    const confirmed = await t.api('POST', '/users/email-confirmation', { body: { data: { token } } });
    expect(confirmed.status, confirmed.text).toBe(204);
    expect((await t.api('GET', '/users/me', { token: account.token })).body.emailVerified).toBe(true);
    const { data } = await exported(account.token);
    expect(data.tips.map((x: { message: string }) => x.message).sort()).toEqual([
      `Also before ${run}`,
      `Before the account ${run}`,
    ]);
    const linked = await t.database.db
      .select({ id: tips.id })
      .from(tips)
      .where(and(eq(tips.email, owner), eq(tips.userId, account.id)));
    expect(linked).toHaveLength(2);
    // Opening the link again changes nothing.
    expect((await t.api('POST', '/users/email-confirmation', { body: { data: { token } } })).status).toBe(204);
  });

  it('exports a tip given while signed in without any confirmation, and erases it with the account', async () => {
    const email = `sam-${run}@example.test`;
    const account = await register(email);
    const signedIn = await tip(email, `Signed in ${run}`, account.token);
    await tip(email, `Not signed in ${run}`);
    const { data, text } = await exported(account.token);
    expect(data.tips.map((x: { id: string }) => x.id)).toEqual([signedIn]);
    expect(text).not.toContain('Not signed in');

    const erased = await t.api('POST', '/users/me/erasure', {
      token: account.token,
      body: { data: { password: PASSWORD } },
    });
    expect(erased.status, erased.text).toBe(200);
    const rows = await t.database.db
      .select({ id: tips.id, message: tips.message, email: tips.email })
      .from(tips)
      .where(eq(tips.userId, account.id));
    expect(rows).toEqual([{ id: signedIn, message: '', email: `erased-${account.id}@erased.invalid` }]);
    const [other] = await t.database.db
      .select({ message: tips.message })
      .from(tips)
      .where(eq(tips.message, `Not signed in ${run}`));
    expect(other).toBeDefined();
  });
});
