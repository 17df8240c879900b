import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { isProviderProfile } from '@podpot/opp-simulator';
import type { FastifyInstance } from 'fastify';
import type { AppPorts } from '../../src/app.js';
import { type Env, loadConfig } from '../../src/config/env.js';
import type { AppContext } from '../../src/context.js';
import type { Database } from '../../src/db/client.js';
import { users, userTwoStep } from '../../src/db/schema/index.js';
import { listenDevApp } from '../../src/dev/host.js';
import { signAccessToken } from '../../src/lib/access-token.js';
import { loggerOptions } from '../../src/lib/log-options.js';
import { currentTwoStepKey, encryptSecret, newTotpSecret } from '../../src/modules/two-step/two-step.codes.js';
import { hashPassword } from '../../src/modules/users/users.service.js';
import { type OutboxMail, readOutboxDir } from './eml.js';
import { createTestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The ports app.ts wired for this app (decision 072): what jobs and services called directly take. */
  ports: AppPorts;
  /** ports.ledger: the payment ledger a job or a payment service called directly takes. */
  ledger: AppPorts['ledger'];
  database: Database;
  /** http://127.0.0.1:<port> — tests talk real HTTP. */
  baseUrl: string;
  dataDir: string;
  /** fetch against /api/v1 with JSON in and out. */
  api(method: string, path: string, options?: ApiOptions): Promise<ApiResponse>;
  /** Creates a user directly in the database and returns a bearer token for it. */
  createUser(options?: {
    role?: 'ADMIN' | 'USER';
    email?: string;
    password?: string;
    locale?: 'en' | 'nl';
    /**
     * Two-step login set up (a fresh TOTP secret, in `totpSecret`) and the token counted as having
     * passed it. Default: on for an ADMIN (an admin acts as one only so, decision 036), off for a USER.
     */
    twoStep?: boolean;
  }): Promise<TestUser>;
  /**
   * The mails sent so far, oldest first: first the work that follows an answer settles (e.g. a
   * password reset link is queued), then the mail outbox is drained, then the .eml files are read.
   */
  outbox(): Promise<OutboxMail[]>;
  /** Waits for the work the app does after answering (e.g. a password reset link and its mail). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  /** The base32 TOTP secret when created with two-step login on (totpCode() of two-step.codes.ts gives a code). */
  totpSecret?: string;
}

export interface ApiOptions {
  token?: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect arbitrary JSON
  body: any;
  text: string;
}

/**
 * A log stream for createTestApp's `logStream`, and everything written to it so far. `until` resolves
 * once the log holds what `seen` looks for: a request's line is written after its answer has gone out
 * (onResponse), so a client can hold the answer before the line exists.
 */
export function captureLog(): {
  stream: PassThrough;
  text(): string;
  until(seen: (text: string) => boolean): Promise<void>;
} {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk) => {
    text += chunk;
  });
  return {
    stream,
    text: () => text,
    until: (seen) =>
      new Promise((resolve) => {
        if (seen(text)) return resolve();
        const look = () => {
          if (!seen(text)) return;
          stream.off('data', look);
          resolve();
        };
        // After the listener above, so `text` already holds the chunk.
        stream.on('data', look);
      }),
  };
}

/** SIM_FAULTS, SIM_FAULTS_SEED (the fault run) and SIM_PROVIDER of the test process, as config overrides. */
function faultSettings(): Partial<Env> {
  const { SIM_FAULTS, SIM_FAULTS_SEED, SIM_PROVIDER } = process.env;
  const provider: Partial<Env> = isProviderProfile(SIM_PROVIDER) ? { SIM_PROVIDER } : {};
  if (!SIM_FAULTS) return provider;
  return { ...provider, SIM_FAULTS, ...(SIM_FAULTS_SEED ? { SIM_FAULTS_SEED: Number(SIM_FAULTS_SEED) } : {}) };
}

let counter = 0;
const PASSWORD_HASH_CACHE = new Map<string, Promise<string>>();

export async function createTestApp(
  overrides: Partial<Env> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    /** A database another app of the test uses too (a restart with other settings); close() leaves it open. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-test-'));
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: 0,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      JOBS: 'off',
      // A checkout's pending and completed notifications come milliseconds apart: no re-read window
      // unless a test is about it (the window's own tests set one).
      OPP_NOTIFY_REREAD_MS: 0,
      // The fault run (scripts/test.mjs) turns the simulator's fault mode on for every app of a file.
      ...faultSettings(),
      ...overrides,
    },
  );
  const logger = options.logStream ? { ...(loggerOptions(config) as object), stream: options.logStream } : false;
  // Provider calls through the global fetch, looked up per call: tests watch or answer them with vi.spyOn.
  const oppFetch = (url: string, init: RequestInit) => globalThis.fetch(url, init);
  // The app listens on a port of its own, which its configuration (publicUrl, PORT: the provider
  // client, the simulator's pages and notifications) names from the start.
  const { app, ctx, ports, baseUrl } = await listenDevApp({ config, db: database.db, logger, oppFetch });
  // The test's requests and the server share one event loop. After a long synchronous stretch (PGlite
  // works on the loop), a request sent before the timers run could take an idle kept-alive socket whose
  // server-side keep-alive (Node's 5 s) had run out meanwhile: the server closed it as the request went
  // out, and fetch failed with ECONNRESET. An idle socket is kept for a minute here, longer than any
  // stretch; the connection timeouts under test (CONNECTION_TIMEOUT_MS) are untouched.
  app.server.keepAliveTimeout = 60_000;

  async function api(method: string, urlPath: string, options: ApiOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(`${baseUrl}/api/v1${urlPath}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  async function createUser(options: Parameters<TestApp['createUser']>[0] = {}): Promise<TestUser> {
    counter += 1;
    const email = options.email ?? `user${counter}-${Date.now()}@example.test`;
    const twoStep = options.twoStep ?? options.role === 'ADMIN';
    const password = options.password ?? 'correct horse battery';
    let hash = PASSWORD_HASH_CACHE.get(password);
    if (!hash) {
      hash = hashPassword(password);
      PASSWORD_HASH_CACHE.set(password, hash);
    }
    const [row] = await database.db
      .insert(users)
      .values({
        email,
        passwordHash: await hash,
        role: options.role ?? 'USER',
        firstName: 'Test',
        lastName: `User ${counter}`,
        locale: options.locale ?? 'en',
        twoStepEnabled: twoStep,
      })
      .returning();
    const totpSecret = twoStep ? newTotpSecret() : undefined;
    if (totpSecret) {
      await database.db.insert(userTwoStep).values({
        userId: row!.id,
        secret: encryptSecret(currentTwoStepKey(ctx.config), totpSecret),
        enabledAt: new Date(),
      });
    }
    // Minted directly, not through /auth/login, so tests do not run into the login rate limit.
    const { token } = await signAccessToken(ctx.config, { id: row!.id, tokenVersion: row!.tokenVersion, twoStep });
    return { id: row!.id, email, password, token, ...(totpSecret ? { totpSecret } : {}) };
  }

  async function outbox() {
    await ctx.background.idle();
    await ctx.outbox.drain();
    return readOutboxDir(path.join(dataDir, 'outbox'));
  }

  return {
    app,
    ctx,
    ports,
    ledger: ports.ledger,
    database,
    baseUrl,
    dataDir,
    api,
    createUser,
    outbox,
    settle: () => ctx.background.idle(),
    async close() {
      // A close that hangs times the suite's afterAll out with no clue: say what is still open.
      const watchdog = setTimeout(() => {
        console.error('app.close() still waiting after 20 s; open:', process.getActiveResourcesInfo().join(', '));
      }, 20_000);
      watchdog.unref();
      await app.close().finally(() => clearTimeout(watchdog));
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
