import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuMs, gcPauses } from '../support/cpu-time.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 33 (1): a JSON body nested 40,000 levels deep (80 KB) sent to the anonymous login blocked the
 * event loop for 21 s: the control-character check copied the path at every level. A body nested
 * deeper than the API's bound is now refused as it is parsed, whatever the route, before anyone is
 * signed in; the rest of the server keeps answering meanwhile.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BODY_BYTES = Number(process.env.DEEP_JSON_BYTES ?? 256 * 1024);

/** A body of about `bytes` bytes: arrays in arrays, or objects in objects. */
function nested(kind: 'array' | 'object', bytes: number): string {
  if (kind === 'array') {
    const depth = Math.floor(bytes / 2);
    return `${'['.repeat(depth)}${']'.repeat(depth)}`;
  }
  const depth = Math.floor(bytes / 6);
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/**
 * Asks /healthz every 5 ms until stopped; the slowest answer in ms of this process's CPU time, counted
 * from when the question was due. The server runs in this process: while its event loop is blocked
 * no question even leaves, so the work done meanwhile counts too. CPU time, not the wall clock: on a
 * loaded machine a probe can wait for a core for longer than the whole bound without the server
 * doing any work (support/cpu-time.ts).
 */
function watchHealth(baseUrl: string) {
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const due = cpuMs();
      await new Promise((r) => setTimeout(r, 5));
      const res = await fetch(`${baseUrl}/healthz`);
      await res.text();
      slowest = Math.max(slowest, cpuMs() - due);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return slowest;
    },
  };
}

describe('a deeply nested JSON body', () => {
  for (const kind of ['array', 'object'] as const) {
    it(`of ${BODY_BYTES / 1024} KB (${kind}s) to the anonymous login is refused within 100 ms while /healthz keeps answering`, async () => {
      const body = nested(kind, BODY_BYTES);
      // Warm up the route, a body this large and the health check: the timings measure the nesting, not
      // the first large request of a cold process (a flat body of the same size takes ~15 ms here).
      await t.api('POST', '/auth/login', { body: { username: 'x'.repeat(BODY_BYTES - 64), password: 'x' } });
      await t.api('POST', '/auth/login', { body: nested(kind, 1024) });
      await fetch(`${t.baseUrl}/healthz`);
      const health = watchHealth(t.baseUrl);
      await new Promise((r) => setTimeout(r, 20));
      // The refusal's cost as CPU time (support/cpu-time.ts), the probes' work included.
      // Less the collector's pauses meanwhile: a major collection of the worker's shared heap is not
      // the refusal's work.
      const gc = gcPauses();
      const started = cpuMs();
      const res = await t.api('POST', '/auth/login', { body });
      const spent = cpuMs() - started;
      const collecting = await gc.stop();
      const took = spent - collecting;
      const slowestHealth = await health.stop();
      console.info(
        `${kind}: answered in ${took.toFixed(0)} ms of CPU (${collecting.toFixed(0)} ms of collection left out), slowest /healthz ${slowestHealth.toFixed(0)} ms of CPU`,
      );
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'BAD_REQUEST' });
      expect(res.body.message).toMatch(/nested/i);
      expect(took).toBeLessThan(100);
      expect(slowestHealth).toBeLessThan(100);
    });
  }

  it('is refused on every route, signed in or not, before the route looks at it', async () => {
    const user = await t.createUser();
    const body = nested('object', 8 * 1024);
    for (const [method, path] of [
      ['POST', '/users'],
      ['PUT', '/users/me'],
      ['POST', '/tipjars'],
    ] as const) {
      const res = await t.api(method, path, { token: user.token, body });
      expect(res.status, `${method} ${path} → ${res.text.slice(0, 200)}`).toBe(400);
      expect(res.body.code, `${method} ${path}`).toBe('BAD_REQUEST');
    }
  });

  it('keeps bodies as deep as the API reads (nesting inside strings does not count)', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    // A question whose text is all brackets: they are text, not nesting.
    const res = await t.api('POST', '/faqitems', {
      token: admin.token,
      body: { data: { question: { en: '[[[['.repeat(40), nl: '{{{{'.repeat(40) }, answer: { en: 'a', nl: 'b' } } },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
  });
});
