import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { totpCode } from '../../src/modules/two-step/two-step.codes.js';
import { type ChildApp, startChildApp } from '../support/child-app.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Sessions are cached per process (decision 024): a revoked session, a changed role or profile must
 * still show at once in the process that made the change, and within a bound in every other one.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'een-heel-lang-nieuw-wachtwoord-2026';

async function me(token: string, base?: string) {
  if (!base) return t.api('GET', '/users/me', { token });
  const res = await fetch(`${base}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect arbitrary JSON
  return { status: res.status, body: (await res.json()) as any };
}

/** Used twice, so the second answer comes from the cache (when there is one). */
async function warm(token: string, base?: string) {
  expect((await me(token, base)).status).toBe(200);
  expect((await me(token, base)).status).toBe(200);
}

describe(`sessions in the process that changes them (${TEST_DB})`, () => {
  it('refuses a token at once after its user changed the password', async () => {
    const user = await t.createUser();
    await warm(user.token);
    const changed = await t.api('PUT', '/users/me/password', {
      token: user.token,
      body: { data: { currentPassword: user.password, newPassword: NEW_PASSWORD } },
    });
    expect(changed.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(changed.body.access_token)).status).toBe(200);
  });

  it('applies a role change, archiving and deletion by a platform admin at once, on every route', async () => {
    // With two-step login (and a session that passed it): an admin acts as one only so (decision 036).
    const user = await t.createUser({ twoStep: true });
    await warm(user.token);
    expect((await t.api('GET', '/users', { token: user.token })).status).toBe(403);

    expect(
      (await t.api('PUT', `/users/${user.id}`, { token: admin.token, body: { data: { role: 'ADMIN' } } })).status,
    ).toBe(200);
    expect((await me(user.token)).body.role).toBe('ADMIN');
    expect((await t.api('GET', '/users', { token: user.token })).status).toBe(200);

    expect(
      (await t.api('PUT', `/users/${user.id}`, { token: admin.token, body: { data: { role: 'USER' } } })).status,
    ).toBe(200);
    expect((await t.api('GET', '/users', { token: user.token })).status).toBe(403);

    expect((await t.api('DELETE', `/users/${user.id}`, { token: admin.token })).status).toBe(204);
    expect((await me(user.token)).status).toBe(401);
    expect(
      (
        await t.api('PUT', '/users/me/profile', {
          token: user.token,
          body: { data: { firstName: 'X', lastName: 'Y' } },
        })
      ).status,
    ).toBe(401);
  });

  it('an admin without two-step login is refused admin routes, and at once once it is set up (decision 036)', async () => {
    const user = await t.createUser();
    await warm(user.token);
    expect(
      (await t.api('PUT', `/users/${user.id}`, { token: admin.token, body: { data: { role: 'ADMIN' } } })).status,
    ).toBe(200);
    expect((await me(user.token)).body.role).toBe('ADMIN');
    const refused = await t.api('GET', '/users', { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TWO_STEP_REQUIRED');
    const { secret } = (await t.api('POST', '/users/me/two-step/setup', { token: user.token })).body;
    const confirmed = await t.api('POST', '/users/me/two-step/confirm', {
      token: user.token,
      body: { data: { code: totpCode(secret), password: user.password } },
    });
    const passed = confirmed.body.token.access_token;
    expect((await t.api('GET', '/users', { token: passed })).status).toBe(200);
    // Setting it up ends every other session of the user, this warm one too.
    expect((await me(user.token)).status).toBe(401);
  });

  it('shows a profile change and a tip jar the user joined at once', async () => {
    const maker = await t.createUser();
    const helper = await t.createUser();
    const [jar] = await t.database.db
      .insert(tipjars)
      .values({ slug: `cache-pod-${Date.now()}`, name: 'Cache Pod', contactEmail: maker.email })
      .returning();
    await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: maker.id });
    await warm(helper.token);
    expect((await me(helper.token)).body.tipjars).toEqual([]);

    const invited = await t.api('POST', `/tipjars/${jar!.id}/admins`, {
      token: maker.token,
      body: { email: helper.email },
    });
    expect(invited.status).toBe(202);
    const link = (await t.outbox()).find((m) => m.to === helper.email)!;
    const token = /token=([\w-]+)/.exec(link.text)![1];
    expect((await t.api('POST', `/invitations/${token}/accept`, { token: helper.token })).status).toBe(200);
    expect((await me(helper.token)).body.tipjars).toMatchObject([{ id: jar!.id, name: 'Cache Pod' }]);
    const renamed = await t.api('PUT', `/tipjars/${jar!.id}`, {
      token: maker.token,
      body: { data: { name: 'Nieuwe Pod' } },
    });
    expect(renamed.status).toBe(200);
    expect((await me(helper.token)).body.tipjars).toMatchObject([{ id: jar!.id, name: 'Nieuwe Pod' }]);
    const removed = await t.api('DELETE', `/tipjars/${jar!.id}/admins`, {
      token: maker.token,
      body: { email: helper.email },
    });
    expect(removed.status).toBe(200);
    expect((await me(helper.token)).body.tipjars).toEqual([]);
    const profile = await t.api('PUT', '/users/me/profile', {
      token: helper.token,
      body: { data: { firstName: 'Nieuwe', lastName: 'Naam' } },
    });
    expect(profile.status).toBe(200);
    expect((await me(helper.token)).body.profile).toMatchObject({ firstName: 'Nieuwe', lastName: 'Naam' });
  });
});

/** Asks until `ok` holds; answers how long that took (fails after `limitMs`). */
async function within(limitMs: number, ok: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await ok()) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// The notification's bound: far below the cache's 5 s safety net, so a missed notification fails.
const CROSS_PROCESS_MS = 1_000;

describe.runIf(TEST_DB === 'pg')('sessions changed by another process on the same database', () => {
  let other: ChildApp;
  beforeAll(async () => {
    other = await startChildApp((t.database as { url?: string }).url!, { JWT_SECRET: t.ctx.config.JWT_SECRET });
  }, 90_000);
  afterAll(() => other?.stop());

  it('refuses a token there within a second after a password change here', async () => {
    const user = await t.createUser();
    await warm(user.token, other.url);
    const changed = await t.api('PUT', '/users/me/password', {
      token: user.token,
      body: { data: { currentPassword: user.password, newPassword: NEW_PASSWORD } },
    });
    expect(changed.status).toBe(200);
    await within(CROSS_PROCESS_MS, async () => (await me(user.token, other.url)).status === 401);
    expect((await me(changed.body.access_token, other.url)).status).toBe(200);
  });

  it('refuses a token there within a second after an admin archived its user here', async () => {
    const user = await t.createUser();
    await warm(user.token, other.url);
    expect((await t.api('DELETE', `/users/${user.id}`, { token: admin.token })).status).toBe(204);
    await within(CROSS_PROCESS_MS, async () => (await me(user.token, other.url)).status === 401);
  });

  it('shows a role and profile change made there here within a second', async () => {
    const user = await t.createUser({ twoStep: true });
    await warm(user.token);
    const res = await fetch(`${other.url}/api/v1/users/${user.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { role: 'ADMIN', firstName: 'Elders' } }),
    });
    expect(res.status).toBe(200);
    await within(CROSS_PROCESS_MS, async () => {
      const { body } = await me(user.token);
      return body.role === 'ADMIN' && body.profile.firstName === 'Elders';
    });
    expect((await t.api('GET', '/users', { token: user.token })).status).toBe(200);
  });
});
