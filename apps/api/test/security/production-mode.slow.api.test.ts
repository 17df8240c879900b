import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { DEMO_PASSWORD } from '../../src/seed/demo.js';
import { freePort, outputOf, runScript, startedListening, stopChild } from '../support/child-app.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, TEST_DB } from '../support/test-db.js';

/** Issue 10, production mode: replayed as an attacker (and an operator who forgot a setting) would. */
const PRODUCTION = PRODUCTION_ENV;
/**
 * Starting test apps (each migrates a new database): two on PGlite took over the 60 s default at a
 * load of 21 on the 2-core machine; a hang still fails.
 */
const APP_START_MS = 240_000;

describe('production start-up check', () => {
  it('names every missing setting in one message', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' }, {});
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of [
      'DATABASE_URL',
      'JWT_SECRET',
      'OPP_API_URL',
      'OPP_API_KEY',
      'OPP_NOTIFY_SECRET',
      'OPP_PLATFORM_MERCHANT_UID',
      'PUBLIC_URL',
      'SELLER_NAME',
      'SELLER_VAT_NUMBER',
    ]) {
      expect(message, name).toContain(name);
    }
    expect(message).toMatch(/never runs the built-in simulator/);
  });

  it('refuses weak settings: plain http and a low-entropy secret', () => {
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        PUBLIC_URL: 'http://podpot.example',
        OPP_API_URL: 'http://opp.example/v1',
        JWT_SECRET: 'a'.repeat(40),
      }),
    ).toThrow(/PUBLIC_URL must use https[\s\S]*|JWT_SECRET is weak/);
    let message = '';
    try {
      loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://podpot.example', JWT_SECRET: 'a'.repeat(40) });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('PUBLIC_URL must use https');
    expect(message).toContain('JWT_SECRET is weak');
  });

  it('refuses a JWT_SECRET (and TWO_STEP_KEY) of 32+ characters that is not random enough (issue 33)', () => {
    const weak = [
      // 12 distinct characters, repeated: passed the old check.
      'abcdefghijkl'.repeat(3),
      'Xy7!'.repeat(10),
      'abcdefghijklmnopqrstuvwxyz0123456789',
      'password-password-password-password',
      `${'a'.repeat(20)}b3f1c8e2a9d47f`,
    ];
    for (const secret of weak) {
      expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: secret }), secret).toThrow(/JWT_SECRET is weak/);
      expect(() => loadConfig({ ...PRODUCTION, TWO_STEP_KEY: secret }), secret).toThrow(/TWO_STEP_KEY is weak/);
    }
    // What `openssl rand -hex 16`, `-hex 32` and `-base64 32` print pass.
    for (const secret of [
      '9f86d081884c7d659a2feaa0c55ad015',
      'b3f1c8e2a9d47f6e0c5b1a8d2e9f3c7a6b4d8e1f0a2c5b9e1d7f3a6c8e2b4d90',
      'q0Zr8k3yPz1mW6vN+u2Lc5Jt7Hs9Gd4Fe0Ba1Xo3Yi8=',
    ]) {
      expect(loadConfig({ ...PRODUCTION, JWT_SECRET: secret, TWO_STEP_KEY: secret }).JWT_SECRET).toBe(secret);
    }
  });

  it('answers a TRUST_PROXY that trusts every address with the configuration message, not a stack (issue 33)', () => {
    for (const value of ['0.0.0.0/0', '::/0', '10.0.0.1,0.0.0.0/0', '0.0.0.0/1', '::ffff:0.0.0.0/96']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /Invalid configuration:\n {2}TRUST_PROXY: .*trusts (every|a large part of the internet)/,
      );
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,192.168.1.1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      'loopback',
    ]);
  });

  it('starts no server with TRUST_PROXY=0.0.0.0/0: the message, no stack', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-prod-'));
    try {
      const result = await runScript('src/server.ts', [], {
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        TRUST_PROXY: '0.0.0.0/0',
      });
      expect(result.code).not.toBe(0);
      expect(result.output).toContain('TRUST_PROXY');
      expect(result.output).not.toMatch(/\n\s+at /);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses the simulator's fault mode (SIM_FAULTS)", () => {
    expect(() => loadConfig({ ...PRODUCTION, SIM_FAULTS: 'http5xx=0.1' })).toThrow(
      /SIM_FAULTS is set: the fault mode belongs to the payment simulator/,
    );
    expect(loadConfig({ ...PRODUCTION, SIM_FAULTS: 'off' }).SIM_FAULTS).toBe('off');
  });

  it('starts with complete settings, on the real provider (no simulator)', () => {
    const config = loadConfig({ ...PRODUCTION });
    expect(config.usesSimulator).toBe(false);
  });

  it('makes the server exit non-zero with that message, before listening', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-prod-'));
    try {
      const result = await runScript('src/server.ts', [], {
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      expect(result.code).not.toBe(0);
      expect(result.output).toContain('Podpot will not start in production');
      expect(result.output).toContain('DATABASE_URL is not set');
      expect(result.output).toContain('OPP_API_URL is not set');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe(`production never seeds and never runs the simulator (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production settings except NODE_ENV=test-style plumbing: buildApp as production builds it.
    t = await createTestApp({ ...PRODUCTION, NODE_ENV: 'production', SEED_DEMO: 'true' });
  }, APP_START_MS);
  afterAll(() => t?.close());

  it('mounts no simulator: its API and its checkout (mark any order paid) do not exist', async () => {
    const api = await fetch(`${t.baseUrl}/sim/opp/v1/transactions`, {
      headers: { authorization: 'Bearer simulator-key' },
    });
    expect(api.status).toBe(404);
    const pay = await fetch(`${t.baseUrl}/sim/checkout/tra_anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=completed',
      redirect: 'manual',
    });
    expect(pay.status).toBe(404);
  });
});

// Production runs on PostgreSQL only (decision 077): a migrated database of its own.
describe.runIf(TEST_DB === 'pg')('never seeding in production, whatever SEED_DEMO says', () => {
  it('starts a production server with SEED_DEMO=true and no demo admin can log in', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-prod-'));
    const database = await createTestDatabase();
    const port = await freePort();
    // The development server (what `npm start` runs) in production: the dev host adds nothing there.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.dev.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        ...PRODUCTION,
        DATABASE_URL: database.url!,
        PUBLIC_URL: `https://127.0.0.1:${port}`,
        SEED_DEMO: 'true',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        JOBS: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = outputOf(child);
    // Runs however the test ends (a timeout too): the server is gone, SIGKILL if its own shutdown
    // never ends, before its data folder and its database are removed.
    onTestFinished(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
      await database.close();
    });
    // Its banner says it listens: printed after listen, with the demo logins when it has seeded.
    await startedListening(child, output);
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'podpot-web',
        scope: 'all',
        username: 'admin@podpot.local',
        password: DEMO_PASSWORD,
      }).toString(),
    });
    // Its own shutdown (SIGTERM), waited for to the end of its output, so the whole banner is read.
    await stopChild(child);
    expect(login.status, output()).toBe(401);
    expect(output()).toContain(' is running at ');
    expect(output()).not.toContain('Demo logins');
  }, 240_000);
});

describe(`the simulator's API key (${TEST_DB})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  }, APP_START_MS);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('is random per database, never the old constant', async () => {
    expect(a.ctx.config.OPP_API_KEY).not.toBe('simulator-key');
    expect(a.ctx.config.OPP_API_KEY.length).toBeGreaterThanOrEqual(32);
    expect(a.ctx.config.OPP_API_KEY).not.toBe(b.ctx.config.OPP_API_KEY);
    const guessed = await fetch(`${a.baseUrl}/sim/opp/v1/transactions`, {
      headers: { authorization: 'Bearer simulator-key' },
    });
    expect(guessed.status).toBe(401);
    const right = await fetch(`${a.baseUrl}/sim/opp/v1/transactions`, {
      headers: { authorization: `Bearer ${a.ctx.config.OPP_API_KEY}` },
    });
    expect(right.status).toBe(200);
  });
});
