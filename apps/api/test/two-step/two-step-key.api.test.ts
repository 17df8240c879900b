import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, loadConfig } from '../../src/config/env.js';
import type { Database } from '../../src/db/client.js';
import { userTwoStep } from '../../src/db/schema/index.js';
import { decryptSecret, totpCode } from '../../src/modules/two-step/two-step.codes.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { type ApiResponse, captureLog, createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { createTestDatabase, TEST_DB } from '../support/test-db.js';

/**
 * Decision 045: the TOTP secrets of two-step login survive a change of JWT_SECRET. One database, apps
 * started on it one after another with other keys (a restart); a secret no key opens answers a 400
 * the user can act on (a recovery code), never a 500.
 */
const KEY_A = randomBytes(32).toString('hex');
const KEY_B = randomBytes(32).toString('hex');
const KEY_C = randomBytes(32).toString('hex');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** An app on the shared database with these settings, closed after `work` (the next one is a restart). */
async function withApp(env: Partial<Env>, work: (t: TestApp, log: () => string) => Promise<void>): Promise<void> {
  const log = captureLog();
  const t = await createTestApp({ LOG_LEVEL: 'error', ...env }, { database, logStream: log.stream });
  try {
    await work(t, log.text);
  } finally {
    await t.close();
  }
}

async function storedSecret(userId: string): Promise<string | null> {
  const [row] = await database.db.select().from(userTwoStep).where(eq(userTwoStep.userId, userId));
  return row?.secret ?? null;
}

/** A current code whose step was not used yet (the user's last used step is forgotten first). */
async function freshCode(userId: string, secret: string): Promise<string> {
  await database.db.update(userTwoStep).set({ lastStep: null }).where(eq(userTwoStep.userId, userId));
  return totpCode(secret);
}

/** The password step, then the code step. */
async function logIn(t: TestApp, user: TestUser, code: string) {
  const first = await t.api('POST', '/auth/login', { form: { username: user.email, password: user.password } });
  expect(first.body.two_step, first.text).toBe('required');
  return t.api('POST', '/auth/two-step', { body: { challenge: first.body.challenge, code } });
}

/** A user who turns two-step login on through the API: the secret and the ten recovery codes. */
async function enrol(t: TestApp) {
  const user = await t.createUser();
  const setup = await t.api('POST', '/users/me/two-step/setup', { token: user.token });
  const secret: string = setup.body.secret;
  const confirmed = await t.api('POST', '/users/me/two-step/confirm', {
    token: user.token,
    body: { data: { code: totpCode(secret), password: user.password } },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { user, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

function expectUnavailable(res: ApiResponse, field: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe('AUTHENTICATOR_UNAVAILABLE');
  expect(res.body.message).toMatch(/cannot be checked right now/);
  expect(res.body.fields).toEqual({ [field]: { key: 'authenticatorUnavailable' } });
}

describe(`the key of two-step secrets (${TEST_DB})`, () => {
  it('JWT_SECRET changed, no older key given: the code answers 400 (not 500), is logged, and recovery codes still work', async () => {
    let enrolled!: Awaited<ReturnType<typeof enrol>>;
    await withApp({ JWT_SECRET: KEY_A }, async (t) => {
      enrolled = await enrol(t);
    });
    const { user, secret, recoveryCodes } = enrolled;
    const before = await storedSecret(user.id);
    await withApp({ JWT_SECRET: KEY_B }, async (t, log) => {
      // More tries than the 5 free wrong codes: a code the server cannot check is not counted as wrong.
      for (let i = 0; i < 6; i++) expectUnavailable(await logIn(t, user, await freshCode(user.id, secret)), 'code');
      const lines = log()
        .split('\n')
        .filter((line) => line.includes('TWO_STEP_KEY_PREVIOUS'));
      expect(lines).toHaveLength(6);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, userId: user.id });

      const recovered = await logIn(t, user, recoveryCodes[0]!);
      expect(recovered.status, recovered.text).toBe(200);
      const token = recovered.body.access_token;
      // The account page's code checks answer alike.
      const off = await t.api('POST', '/users/me/two-step/disable', {
        token,
        body: { data: { password: user.password, code: await freshCode(user.id, secret) } },
      });
      expectUnavailable(off, 'data.code');
      const codes = await t.api('POST', '/users/me/two-step/recovery-codes', {
        token,
        body: { data: { code: await freshCode(user.id, secret) } },
      });
      expectUnavailable(codes, 'data.code');
      expect(log()).not.toMatch(/"level":60|Internal Server Error/);
    });
    // Nothing was rewritten: the old key can still read it once it is given.
    expect(await storedSecret(user.id)).toBe(before);
  });

  it('with TWO_STEP_KEY_PREVIOUS the code works and the secret is stored again under the current key', async () => {
    let enrolled!: Awaited<ReturnType<typeof enrol>>;
    await withApp({ JWT_SECRET: KEY_A }, async (t) => {
      enrolled = await enrol(t);
    });
    const { user, secret } = enrolled;
    const underA = (await storedSecret(user.id))!;
    expect(decryptSecret(KEY_A, underA)).toBe(secret);

    await withApp({ JWT_SECRET: KEY_B, TWO_STEP_KEY_PREVIOUS: [KEY_C, KEY_A] }, async (t) => {
      // Two logins with one code at once: one wins (replay), neither fails on the re-keying.
      const code = await freshCode(user.id, secret);
      const [first, second] = await Promise.all([logIn(t, user, code), logIn(t, user, code)]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      expect([first.body.code, second.body.code]).toContain('INVALID_CODE');
    });
    const underB = (await storedSecret(user.id))!;
    expect(underB).not.toBe(underA);
    expect(decryptSecret(KEY_B, underB)).toBe(secret);
    expect(() => decryptSecret(KEY_A, underB)).toThrow();

    // The old key can go now.
    await withApp({ JWT_SECRET: KEY_B }, async (t) => {
      const res = await logIn(t, user, await freshCode(user.id, secret));
      expect(res.status, res.text).toBe(200);
    });
  });

  it('TWO_STEP_KEY set on a database written under JWT_SECRET: logins work, and JWT_SECRET may change afterwards', async () => {
    let enrolled!: Awaited<ReturnType<typeof enrol>>;
    await withApp({ JWT_SECRET: KEY_A }, async (t) => {
      enrolled = await enrol(t);
    });
    const { user, secret } = enrolled;
    let newcomer!: Awaited<ReturnType<typeof enrol>>;
    await withApp({ JWT_SECRET: KEY_A, TWO_STEP_KEY: KEY_C }, async (t) => {
      const res = await logIn(t, user, await freshCode(user.id, secret));
      expect(res.status, res.text).toBe(200);
      newcomer = await enrol(t);
    });
    expect(decryptSecret(KEY_C, (await storedSecret(user.id))!)).toBe(secret);
    expect(decryptSecret(KEY_C, (await storedSecret(newcomer.user.id))!)).toBe(newcomer.secret);

    await withApp({ JWT_SECRET: KEY_B, TWO_STEP_KEY: KEY_C }, async (t) => {
      for (const { user: who, secret: whose } of [enrolled, newcomer]) {
        const res = await logIn(t, who, await freshCode(who.id, whose));
        expect(res.status, res.text).toBe(200);
      }
    });
  });

  it('a setup started before the key changed is confirmed with the older key given, else answers 400', async () => {
    let user!: TestUser;
    let secret = '';
    await withApp({ JWT_SECRET: KEY_A }, async (t) => {
      user = await t.createUser();
      secret = (await t.api('POST', '/users/me/two-step/setup', { token: user.token })).body.secret;
    });
    const confirm = async (t: TestApp) => {
      const login = await t.api('POST', '/auth/login', { form: { username: user.email, password: user.password } });
      return t.api('POST', '/users/me/two-step/confirm', {
        token: login.body.access_token,
        body: { data: { code: totpCode(secret), password: user.password } },
      });
    };
    await withApp({ JWT_SECRET: KEY_B }, async (t) => expectUnavailable(await confirm(t), 'data.code'));
    await withApp({ JWT_SECRET: KEY_B, TWO_STEP_KEY_PREVIOUS: [KEY_A] }, async (t) => {
      const res = await confirm(t);
      expect(res.status, res.text).toBe(200);
    });
    expect(decryptSecret(KEY_B, (await storedSecret(user.id))!)).toBe(secret);
  });
});

describe('TWO_STEP_KEY and TWO_STEP_KEY_PREVIOUS settings', () => {
  it('are read from the environment: a comma-separated list of older keys, each at least 32 characters', () => {
    const config = loadConfig({ TWO_STEP_KEY: KEY_C, TWO_STEP_KEY_PREVIOUS: ` ${KEY_A}, ${KEY_B},` });
    expect(config.TWO_STEP_KEY).toBe(KEY_C);
    expect(config.TWO_STEP_KEY_PREVIOUS).toEqual([KEY_A, KEY_B]);
    expect(loadConfig({ TWO_STEP_KEY: '' }).TWO_STEP_KEY_PREVIOUS).toEqual([]);
    expect(() => loadConfig({ TWO_STEP_KEY: 'short' })).toThrow(/TWO_STEP_KEY must be at least 32 characters/);
    expect(() => loadConfig({ TWO_STEP_KEY_PREVIOUS: `${KEY_A},short` })).toThrow(/TWO_STEP_KEY_PREVIOUS/);
  });

  it('production accepts both and refuses a weak TWO_STEP_KEY like a weak JWT_SECRET', () => {
    const config = loadConfig({ ...PRODUCTION_ENV, TWO_STEP_KEY: KEY_C, TWO_STEP_KEY_PREVIOUS: KEY_A });
    expect(config.TWO_STEP_KEY_PREVIOUS).toEqual([KEY_A]);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TWO_STEP_KEY: 'ab'.repeat(20) })).toThrow(/TWO_STEP_KEY is weak/);
  });
});
