import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonthlyWorld, startTip } from '../money/monthly-support.js';
import { freePort, startChildApp } from '../support/child-app.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, TEST_DB } from '../support/test-db.js';

/** Issue 10, operable: health, readiness, metrics and a graceful shutdown. */
describe(`health, readiness and metrics (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 1000 });
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz (database checked) outside the API document', async () => {
    expect(await (await fetch(`${t.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    const doc = (await t.api('GET', '/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => /healthz|readyz|metrics/.test(p))).toEqual([]);
  });

  it('exposes request latency per route and tips by status for Prometheus', async () => {
    const w = await createMonthlyWorld(t);
    await startTip(w, 700);
    for (let i = 0; i < 3; i++) await t.api('GET', '/paymentmethods');
    await t.api('GET', '/tipjars/not-a-uuid');
    const res = await fetch(`${t.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    // Counted per method, route and status (each series looked up once, then kept: decision 027).
    expect(text).toContain(
      'podpot_http_request_duration_seconds_count{method="GET",route="/api/v1/paymentmethods",status="200"} 3',
    );
    expect(text).toMatch(
      /podpot_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/tipjars\/:id",status="4\d\d"\} 1/,
    );
    expect(text).toMatch(/podpot_tips\{status="pending"\} [1-9]/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});

describe(`readiness of a process whose provider does not answer (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const closed = await freePort();
    t = await createTestApp({ OPP_API_URL: `http://127.0.0.1:${closed}/v1`, OPP_API_KEY: 'k' });
  });
  afterAll(() => t.close());

  it('is 503 and names the provider', async () => {
    const res = await fetch(`${t.baseUrl}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { database: 'ok', provider: 'failing' } });
  });
});

describe(`readiness with a Redis configured (${TEST_DB})`, () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let down: TestApp;
  let up: TestApp;
  beforeAll(async () => {
    down = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    up = await createTestApp({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `podpot-test-ready-${Date.now()}:` });
  });
  afterAll(async () => {
    await down.close();
    await up.close();
  });

  it('is 503 and names Redis when it does not answer, while requests are still served', async () => {
    const started = Date.now();
    const res = await fetch(`${down.baseUrl}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { database: 'ok', redis: 'failing' } });
    // A short timeout: the check does not wait out the 2 s readiness budget.
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await down.api('GET', '/paymentmethods')).status).toBe(200);
  });

  it('is ready with a Redis that answers (when one runs on 127.0.0.1:6379)', async (test) => {
    const res = await fetch(`${up.baseUrl}/readyz`);
    const body = await res.json();
    if (body.checks.redis === 'failing') test.skip(`no Redis answers at ${redisUrl}`);
    expect(res.status).toBe(200);
    expect(body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
  });
});

describe(`metrics in production (${TEST_DB})`, () => {
  const PRODUCTION = PRODUCTION_ENV;
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await createTestApp(PRODUCTION);
    guarded = await createTestApp({ ...PRODUCTION, METRICS_TOKEN: 'scrape-token-0123456789' });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it('are not served without a token, and only with the right one', async () => {
    expect((await fetch(`${open.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${guarded.baseUrl}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${guarded.baseUrl}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(404);
    const right = await fetch(`${guarded.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(right.status).toBe(200);
  });
});

/** Resolves once nothing listens on 127.0.0.1:`port` any more (a connection is refused). */
async function refusesConnections(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(TEST_DB === 'pg')('graceful shutdown on SIGTERM', () => {
  const LOGIN = new URLSearchParams({
    grant_type: 'password',
    client_id: 'podpot-web',
    scope: 'all',
    username: 'nobody@example.test',
    password: 'wrong password',
  }).toString();

  /** What the client and the process saw of a request in flight at SIGTERM. */
  interface Seen {
    answer(): string;
    /** When the first bytes of the answer arrived. */
    answered: Promise<number>;
    /** When the server ended the connection. */
    closed: Promise<void>;
    exit: Promise<number | null>;
    output(): string;
  }

  /**
   * Starts the app in a child process and sends a login (a wrong password: 401) whose body is half
   * written when the process is told to stop, then the rest; `see` checks what followed.
   */
  async function loginInFlightAtSigterm(options: { keepAlive: boolean }, see: (seen: Seen) => Promise<void>) {
    const database = await createTestDatabase('pg');
    const app = await startChildApp(database.url!);
    try {
      const { port } = new URL(app.url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      let raw = '';
      // The server's interim "100 Continue" (the request asks for one) says it has read the headers:
      // the request is in flight. What the test checks is the answer after it.
      const answer = () => raw.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      let headersRead!: () => void;
      const inFlight = new Promise<void>((resolve) => {
        headersRead = resolve;
      });
      const answered = new Promise<number>((resolve) =>
        socket.on('data', (d) => {
          raw += d;
          if (raw.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) headersRead();
          if (answer() !== '' && !answer().startsWith('HTTP/1.1 100')) resolve(Date.now());
        }),
      );
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const connection = options.keepAlive ? '' : 'Connection: close\r\n';
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${LOGIN.length}\r\nExpect: 100-continue\r\n${connection}\r\n`,
      );
      await inFlight;
      socket.write(LOGIN.slice(0, 10));
      const exit = new Promise<number | null>((resolve) => app.process.once('exit', (code) => resolve(code)));
      app.process.kill('SIGTERM');
      // The shutdown has begun once the server no longer takes new connections; then the rest of the body.
      await refusesConnections(Number(port));
      socket.write(LOGIN.slice(10));
      await see({ answer, answered, closed, exit, output: () => app.output() });
    } finally {
      app.process.kill('SIGKILL');
      await database.close();
    }
  }

  it('finishes a request in flight, then exits 0', async () => {
    await loginInFlightAtSigterm({ keepAlive: false }, async ({ answer, closed, exit, output }) => {
      await closed;
      expect(answer(), output()).toMatch(/^HTTP\/1\.1 401/);
      expect(await exit, output()).toBe(0);
    });
  }, 90_000);

  it('does not wait for the keep-alive timeout of a connection whose request was in flight', async () => {
    await loginInFlightAtSigterm({ keepAlive: true }, async ({ answer, answered, exit, output }) => {
      const answeredAt = await answered;
      expect(answer(), output()).toMatch(/^HTTP\/1\.1 401/);
      // Once it is answered the connection is ended and the process exits, not 72 s later.
      expect(await exit, output()).toBe(0);
      expect(Date.now() - answeredAt).toBeLessThan(5_000);
    });
  }, 90_000);
});
