import { connect } from 'node:net';
import { ErrorCode } from '@podpot/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { insertLiveJar } from '../support/tipjar.js';

/**
 * Issue 33 (12): the answers Fastify and Node give before any route runs — a URL they cannot decode,
 * an over-long path parameter (414), headers too large (431), a broken request line — came in
 * Fastify's own shape, without our `code`. Every answer of the API is the one error body. And an
 * answer to a signed-in request is that person's: no cache keeps it (`Cache-Control: no-store`),
 * while public answers keep the caching they had.
 */
let t: TestApp;
let user: TestUser;
let slug: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser();
  slug = `answers-${Date.now().toString(36)}`;
  await insertLiveJar(t, slug, user);
});
afterAll(() => t.close());

const CODES: string[] = Object.values(ErrorCode);

/** `status` and our error body: statusCode, error, a code of ours, a message, no stack. */
function expectErrorBody(status: number, text: string, expected: number, what: string) {
  expect(status, `${what} → ${text.slice(0, 200)}`).toBe(expected);
  const body = JSON.parse(text);
  expect(Object.keys(body).sort(), `${what} → ${text}`).toEqual(['code', 'error', 'message', 'statusCode']);
  expect(body.statusCode, what).toBe(expected);
  expect(CODES, `${what}: ${body.code}`).toContain(body.code);
  expect(typeof body.message, what).toBe('string');
  expect(text).not.toMatch(/\n\s+at /);
}

/** A raw request over a socket (what fetch will not send); the status line and body of the answer. */
function raw(request: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(t.baseUrl);
    const socket = connect(Number(url.port), url.hostname, () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const at = answer.indexOf('\r\n\r\n');
      const head = answer.slice(0, at);
      resolve({ status: Number(head.split(' ')[1]), head, body: answer.slice(at + 4) });
    });
  });
}

describe("Fastify's and Node's own answers", () => {
  it('come in our error body: broken JSON, an empty JSON body, a content type we do not read, a body too large', async () => {
    const cases: [string, Record<string, string>, string, number][] = [
      ['broken JSON', { 'content-type': 'application/json' }, '{"username": ', 400],
      ['empty JSON', { 'content-type': 'application/json' }, '', 400],
      ['XML', { 'content-type': 'application/xml' }, '<login/>', 415],
      ['too large', { 'content-type': 'application/json' }, JSON.stringify({ username: 'x'.repeat(300_000) }), 413],
    ];
    for (const [what, headers, body, status] of cases) {
      const res = await fetch(`${t.baseUrl}/api/v1/auth/login`, { method: 'POST', headers, body });
      expectErrorBody(res.status, await res.text(), status, what);
    }
  });

  it('come in our error body: a path parameter longer than the router takes (414), a URL that does not decode', async () => {
    const long = await fetch(`${t.baseUrl}/api/v1/tipjars/${'a'.repeat(300)}`);
    expectErrorBody(long.status, await long.text(), 414, 'long parameter');
    const bad = await fetch(`${t.baseUrl}/api/v1/tipjars/%E0%A4%A`);
    expectErrorBody(bad.status, await bad.text(), 400, 'bad URL');
  });

  it('come in our error body: headers too large (431), a broken request line (400)', async () => {
    const big = await raw(`GET /api/v1/paymentmethods HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectErrorBody(big.status, big.body, 431, 'large headers');
    const broken = await raw('THIS IS NOT HTTP\r\n\r\n');
    expectErrorBody(broken.status, broken.body, 400, 'broken request line');
  });
});

describe('Cache-Control on signed-in answers', () => {
  it('is no-store on what a signed-in request reads, its errors included', async () => {
    for (const path of [
      '/users/me',
      `/tipjars?slug=${slug}`,
      '/tips',
      '/tipjars/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await t.api('GET', path, { token: user.token });
      expect(res.status, `${path} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it("leaves public answers their caching: the storefront's lookup without a session, a shared badge", async () => {
    const lookup = await t.api('GET', `/tipjars?slug=${slug}`);
    expect(lookup.status, lookup.text).toBe(200);
    expect(lookup.headers.get('cache-control')).toBeNull();
    for (const token of [undefined, user.token]) {
      const badge = await t.api('GET', `/tipjars/slug/${slug}/badge.svg`, { token });
      expect(badge.status).toBe(200);
      expect(badge.headers.get('cache-control')).toBe('public, max-age=86400');
    }
  });
});
