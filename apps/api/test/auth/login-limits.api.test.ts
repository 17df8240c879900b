import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/child-app.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 10, "limits that hold": a client cannot pick its own address with X-Forwarded-For unless the
 * deployment trusts a proxy (TRUST_PROXY), and failed logins are counted per account whatever the IP.
 */
function loginForm(username: string, password: string) {
  return { username, password, client_id: 'podpot-web', grant_type: 'password', scope: 'all' };
}

function from(ip: string) {
  return { 'x-forwarded-for': ip };
}

describe('login limits without a trusted proxy (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores a client-written X-Forwarded-For: 30 guesses from rotating addresses still hit the limit', async () => {
    const user = await t.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const form = loginForm(user.email, `guess-${i}`);
      statuses.push((await t.api('POST', '/auth/login', { form, headers: from(`198.51.100.${i + 1}`) })).status);
    }
    const allowed = t.ctx.config.LOGIN_MAX_FAILURES;
    expect(statuses.slice(0, allowed).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true);
  });

  it('mails no more password resets when the client rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.api('POST', '/auth/password-recover/nobody@example.test', {
        headers: from(`198.51.100.${i}`),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429]);
  });
});

describe('login limits behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // More account failures than the per-IP budget, so both limits show.
    t = await createTestApp({ TRUST_PROXY: 1, LOGIN_MAX_FAILURES: 15 });
  });
  afterAll(() => t.close());

  it('gives each forwarded address its own budget, but the account back-off counts across them', async () => {
    const user = await t.createUser({ password: 'correct horse battery' });
    const guess = (ip: string, i: number) =>
      t.api('POST', '/auth/login', { form: loginForm(user.email, `guess-${i}`), headers: from(ip) });

    const a: number[] = [];
    // The proxy appends the address it saw; whatever the client wrote before it is not trusted.
    for (let i = 0; i < 11; i++) a.push((await guess(`203.0.113.${i}, 198.51.100.1`, i)).status);
    expect(a).toEqual([...Array(10).fill(401), 429]);

    const b: number[] = [];
    for (let i = 0; i < 6; i++) b.push((await guess('198.51.100.2', i)).status);
    // Address 2 has its own per-IP budget, but 10 + 5 failures reach the account's 15.
    expect(b).toEqual([401, 401, 401, 401, 401, 429]);

    const fresh = await t.api('POST', '/auth/login', {
      form: loginForm(user.email, 'correct horse battery'),
      headers: from('198.51.100.3'),
    });
    expect(fresh.status).toBe(429);
    expect(fresh.body.code).toBe('RATE_LIMITED');
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const user = await t.createUser({ password: 'correct horse battery' });
    const login = (password: string, ip: string) =>
      t.api('POST', '/auth/login', { form: loginForm(user.email, password), headers: from(ip) });
    for (let i = 0; i < 9; i++) expect((await login(`guess-${i}`, `198.51.100.${10 + (i % 3)}`)).status).toBe(401);
    expect((await login('correct horse battery', '198.51.100.20')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(`guess-${i}`, `198.51.100.${30 + (i % 3)}`)).status).toBe(401);
  });
});

describe('login limits with a Redis that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  });
  afterAll(() => t.close());

  it('still answers logins (no 500) and still backs off, in this process', async () => {
    const user = await t.createUser({ password: 'correct horse battery' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.api('POST', '/auth/login', { form: loginForm(user.email, `guess-${i}`) })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const other = await t.createUser({ password: 'correct horse battery' });
    const ok = await t.api('POST', '/auth/login', { form: loginForm(other.email, 'correct horse battery') });
    expect(ok.status).toBe(200);
  });

  it('keeps the route limits, counted in this process: the 6th password recovery in a minute is 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.api('POST', `/auth/password-recover/nobody-${i}@example.test`)).status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
  });
});
