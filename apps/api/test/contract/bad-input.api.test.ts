import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Walks every operation in the OpenAPI document and throws bad input at it, as an admin (so the
 * request gets past the permission checks): malformed ids, wrong body types, broken JSON. Every
 * answer must be a 4xx with the JSON error body — never a 500, never a stack trace.
 */
let t: TestApp;
let admin: TestUser;
let operations: { method: string; path: string; query: string[] }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  type Op = { parameters?: { in: string; name: string }[] };
  const doc = (await t.api('GET', '/openapi.json')).body as { paths: Record<string, Record<string, Op>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => ['get', 'post', 'put', 'delete'].includes(m))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
  );
});
afterAll(() => t.close());

const BAD_BODIES = ['{"data": 5}', '[]', '"text"', '{"data": {"email": 12, "amount": "lots"}}', '{broken', 'null'];

function fill(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

function expectClientError(
  res: { status: number; body: { statusCode?: number; code?: string }; text: string },
  what: string,
) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
  expect(res.body?.statusCode, what).toBe(res.status);
  expect(typeof res.body?.code, what).toBe('string');
  expect(res.text).not.toMatch(/\n\s+at /);
}

describe('bad input on every API operation', () => {
  it('found the operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(15);
  });

  it('answers 4xx JSON for malformed path parameters', async () => {
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      const path = fill(op.path.replace(/^\/api\/v1/, ''), 'not-an-id');
      const body = op.method === 'POST' || op.method === 'PUT' ? {} : undefined;
      expectClientError(await t.api(op.method, path, { token: admin.token, body }), `${op.method} ${path}`);
    }
  });

  it('answers 4xx JSON for bodies of the wrong shape and broken JSON', async () => {
    for (const op of operations.filter((o) => o.method === 'POST' || o.method === 'PUT')) {
      const path = fill(op.path.replace(/^\/api\/v1/, ''), '00000000-0000-4000-8000-000000000000');
      for (const raw of BAD_BODIES) {
        const res = await t.api(op.method, path, { token: admin.token, body: raw });
        // A well-formed id that does not exist may answer 404 before the body matters; that is fine too.
        expectClientError(res, `${op.method} ${path} ${raw}`);
      }
    }
  });

  it('answers 4xx JSON for nonsense list queries', async () => {
    const lists = operations.filter((o) => o.method === 'GET' && o.query.includes('skip') && !o.path.includes('{'));
    expect(lists.length).toBeGreaterThan(2);
    for (const op of lists) {
      const path = `${op.path.replace(/^\/api\/v1/, '')}?skip=-5&limit=x&sortBy=%27;drop`;
      const res = await t.api('GET', path, { token: admin.token });
      if (res.status === 200 && !res.headers.get('content-type')?.includes('json')) continue; // file downloads
      expectClientError(res, `GET ${path}`);
    }
  });
});
