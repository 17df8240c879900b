import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Walks every operation in the OpenAPI document and throws bad input at it, as an admin (so the
 * request gets past the permission checks): malformed ids, wrong body types, broken JSON, a NUL byte
 * in every path parameter, query parameter and string field of every body (in every content type it
 * takes), a line break in every one-line field, a lone surrogate in every JSON string field, a body
 * nested far too deep, and huge numbers in every number field and query parameter. Every answer must
 * be a 4xx with the JSON error body — never a 500, never a stack trace. New operations and fields are
 * covered without a change here.
 */
let t: TestApp;
let admin: TestUser;
let operations: Operation[];

interface Operation {
  method: string;
  /** As the document writes it, without the /api/v1 prefix. */
  path: string;
  query: string[];
  /** Per request content type: the paths of its string fields and of its number fields. */
  bodies: { type: string; strings: string[][]; numbers: string[][] }[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  type Op = {
    parameters?: { in: string; name: string }[];
    requestBody?: { content: Record<string, { schema: JsonSchema }> };
  };
  const doc = (await t.api('GET', '/openapi.json')).body as {
    paths: Record<string, Record<string, Op>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (ref: string) => doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => HTTP_METHODS.includes(m))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v1/, ''),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodies: Object.entries(op.requestBody?.content ?? {}).map(([type, { schema }]) => ({
          type,
          strings: typedPaths(schema, resolve, 'string'),
          numbers: [...typedPaths(schema, resolve, 'integer'), ...typedPaths(schema, resolve, 'number')],
        })),
      })),
  );
});
afterAll(() => t.close());

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/**
 * The paths of every field of JSON type `type` a JSON schema describes (array items as index 0, map
 * values as `key`).
 */
function typedPaths(
  schema: JsonSchema | undefined,
  resolve: (ref: string) => JsonSchema | undefined,
  type: string,
  at: string[] = [],
): string[][] {
  if (!schema || at.length > 12) return [];
  if (schema.$ref) return typedPaths(resolve(schema.$ref), resolve, type, at);
  const types = [schema.type ?? []].flat();
  const own = types.includes(type) ? [at] : [];
  const map = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const nested = [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, s]) => typedPaths(s, resolve, type, [...at, key])),
    ...typedPaths(schema.items, resolve, type, [...at, '0']),
    ...typedPaths(map, resolve, type, [...at, 'key']),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
      typedPaths(s, resolve, type, at),
    ),
  ];
  const seen = new Set<string>();
  return [...own, ...nested].filter((p) => !seen.has(p.join('.')) && seen.add(p.join('.')));
}

/** A body holding only `value` at `path` (numeric segments make arrays). */
function bodyWith(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return /^\d+$/.test(head) ? [inner] : { [head]: inner };
}

/** A request whose body holds only `value` at `path`, in the content type `type`. */
function withBody(type: string, path: string[], value: string) {
  if (type === 'application/x-www-form-urlencoded') return { form: { [path.join('.')]: value } };
  expect(type, 'a content type this test knows how to send').toBe('application/json');
  return { body: bodyWith(path, value) };
}

const NUL = 'a\u0000b';
/** Half of a surrogate pair, alone: JSON.stringify writes it as the escape `\ud800`. */
const LONE_SURROGATE = 'a\ud800b';
/** Past a 32-bit integer, past the safe integers, and a float far beyond any amount. */
const HUGE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e300];
/** Far deeper than any body of ours (the API reads at most 32 levels). */
const DEEP_BODY = `${'{"data":['.repeat(500)}1${']}'.repeat(500)}`;
const SOME_ID = '00000000-0000-4000-8000-000000000000';

const LINE_BREAK = 'a\r\nb';

/** Fields that may hold several lines (a text area in the web app); every other string is one line. */
const MULTI_LINE = new Set([
  'data.description',
  'data.message',
  'data.thankYouMessage',
  'data.answer.en',
  'data.answer.nl',
]);
/** Passwords keep their own rules (any character a password manager types is the user's business). */
const PASSWORD = /(^|\.)(password|new_password|currentPassword|newPassword)$/;
/** The payment provider's notification: made by a machine, proven by its hash, never shown or mailed. */
const NOT_TYPED = new Set(['POST /payments/opp/notify']);

/** Operations with a body get an empty one, so a check of the query or path is what answers. */
const bodyFor = (op: Operation) => (['POST', 'PUT', 'PATCH'].includes(op.method) ? {} : undefined);

const BAD_BODIES = ['{"data": 5}', '[]', '"text"', '{"data": {"email": 12, "amount": "lots"}}', '{broken', 'null'];

function fill(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

/** 400 VALIDATION naming `field` as invalid. */
function expectInvalidField(
  res: { status: number; body: { code?: string; fields?: Record<string, { key: string }> }; text: string },
  field: string,
  what: string,
) {
  expectClientError(res as never, what);
  expect(res.status, `${what} → ${res.text.slice(0, 300)}`).toBe(400);
  expect(res.body.code, what).toBe('VALIDATION');
  expect(res.body.fields?.[field], `${what} → ${res.text.slice(0, 300)}`).toEqual({ key: 'invalid' });
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
      const path = fill(op.path, 'not-an-id');
      expectClientError(
        await t.api(op.method, path, { token: admin.token, body: bodyFor(op) }),
        `${op.method} ${path}`,
      );
    }
  });

  it('answers 4xx JSON for bodies of the wrong shape and broken JSON', async () => {
    for (const op of operations.filter((o) => bodyFor(o))) {
      const path = fill(op.path, SOME_ID);
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
      const path = `${op.path}?skip=-5&limit=x&sortBy=%27;drop`;
      const res = await t.api('GET', path, { token: admin.token });
      if (res.status === 200 && !res.headers.get('content-type')?.includes('json')) continue; // file downloads
      expectClientError(res, `GET ${path}`);
    }
  });

  it('refuses a NUL byte in every string field of every body, in every content type, naming the field', async () => {
    let checked = 0;
    const types = new Set<string>();
    for (const op of operations) {
      const path = fill(op.path, SOME_ID);
      for (const { type, strings } of op.bodies) {
        for (const field of strings) {
          const res = await t.api(op.method, path, { token: admin.token, ...withBody(type, field, NUL) });
          expectInvalidField(res, field.join('.'), `${op.method} ${path} ${type} ${field.join('.')}`);
          checked += 1;
          types.add(type);
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
    // The login takes a form too (OAuth2 password grant): its fields are walked the same way.
    expect([...types].sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });

  it('refuses a NUL byte in every query parameter of every operation (lists, search, the CSV export)', async () => {
    let checked = 0;
    for (const op of operations.filter((o) => o.query.length > 0)) {
      const path = fill(op.path, SOME_ID);
      for (const name of op.query) {
        const res = await t.api(op.method, `${path}?${name}=${encodeURIComponent(NUL)}`, { token: admin.token });
        expectInvalidField(res, name, `${op.method} ${path}?${name}`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses other control characters, leaves line breaks to the field (one line or not) and keeps tabs', async () => {
    const res = await t.api('GET', `/users?search=${encodeURIComponent('a\u001bb')}`, { token: admin.token });
    expectInvalidField(res, 'search', 'ESC in search');
    const ok = await t.api('GET', `/users?search=${encodeURIComponent('a\tb')}`, { token: admin.token });
    expect(ok.status).toBe(200);
    const lines = await t.api('GET', `/users?search=${encodeURIComponent('a\r\nc')}`, { token: admin.token });
    expect(lines.status, lines.text).toBe(400);
    expect(lines.body.fields).toEqual({ search: { key: 'singleLine' } });
  });

  it('answers 4xx JSON for a NUL byte as a path parameter', async () => {
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      for (const name of names) {
        const path = op.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(n === name ? NUL : SOME_ID));
        const res = await t.api(op.method, path, { token: admin.token, body: bodyFor(op) });
        expectClientError(res, `${op.method} ${path}`);
      }
    }
  });

  it('replays a NUL byte on every operation of the document, also those without a documented string input', async () => {
    // The guard reads the whole query, documented or not, so no operation is left without a NUL to refuse.
    for (const op of operations) {
      const path = `${fill(op.path, SOME_ID)}?probe=${encodeURIComponent(NUL)}`;
      const res = await t.api(op.method, path, { token: admin.token, body: bodyFor(op) });
      expectInvalidField(res, 'probe', `${op.method} ${path}`);
    }
  });

  it('refuses a line break in every one-line string field of every body, naming the field; multi-line fields keep it', async () => {
    let refused = 0;
    let kept = 0;
    for (const op of operations.filter((o) => !NOT_TYPED.has(`${o.method} ${o.path}`))) {
      const path = fill(op.path, SOME_ID);
      for (const { type, strings } of op.bodies) {
        for (const field of strings.filter((f) => !PASSWORD.test(f.join('.')))) {
          const name = field.join('.');
          const res = await t.api(op.method, path, { token: admin.token, ...withBody(type, field, LINE_BREAK) });
          const what = `${op.method} ${path} ${type} ${name} → ${res.text.slice(0, 300)}`;
          expectClientError(res, what);
          if (MULTI_LINE.has(name)) {
            expect(res.body.fields?.[name], what).toBeUndefined();
            kept += 1;
          } else {
            expect(res.status, what).toBe(400);
            expect(res.body.fields?.[name], what).toBeDefined();
            refused += 1;
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(40);
    expect(kept).toBeGreaterThanOrEqual(MULTI_LINE.size);
  });

  it('refuses a line break in every query parameter of every read, naming it', async () => {
    // The same query schemas serve the writes (the manage link's token); there the body is checked first.
    let checked = 0;
    for (const op of operations.filter((o) => o.method === 'GET')) {
      const path = fill(op.path, SOME_ID);
      for (const name of op.query) {
        const res = await t.api('GET', `${path}?${name}=${encodeURIComponent(LINE_BREAK)}`, { token: admin.token });
        const what = `GET ${path}?${name} → ${res.text.slice(0, 300)}`;
        expect(res.status, what).toBe(400);
        expect(res.body.fields?.[name], what).toBeDefined();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses a line break in every path parameter', async () => {
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
        const path = op.path.replace(/\{([^}]+)\}/g, (_, n: string) =>
          encodeURIComponent(n === name ? LINE_BREAK : SOME_ID),
        );
        const res = await t.api(op.method, path, { token: admin.token, body: bodyFor(op) });
        expectClientError(res, `${op.method} ${path}`);
        // A rate-limited route (password recovery) may answer 429 before it looks at the address.
        if (res.status !== 429) expect(res.body.fields?.[name!], `${op.method} ${path} → ${res.text}`).toBeDefined();
      }
    }
  });

  it('refuses dates outside the years 1970..9999 with a field error on every list that takes dates', async () => {
    const dated = operations.filter((o) => o.method === 'GET' && o.query.includes('from'));
    expect(dated.length).toBeGreaterThan(2);
    for (const op of dated) {
      const path = fill(op.path, SOME_ID);
      for (const [name, value] of [
        ['from', '0000-01-01'],
        ['to', '0000-01-01'],
        ['from', '1969-12-31'],
        ['to', '0001-01-01T00:00:00Z'],
        ['from', '2024-13-45'],
      ] as const) {
        const res = await t.api('GET', `${path}?${name}=${value}`, { token: admin.token });
        expect(res.status, `${path}?${name}=${value} → ${res.text.slice(0, 300)}`).toBe(400);
        expect(res.body.fields?.[name], `${path}?${name}=${value}`).toBeDefined();
      }
    }
  });

  it('refuses a lone surrogate in every string field of every JSON body, naming the field', async () => {
    // A form's fields are UTF-8 on the wire, where a lone surrogate cannot be written.
    let checked = 0;
    for (const op of operations) {
      const path = fill(op.path, SOME_ID);
      for (const { strings } of op.bodies.filter((b) => b.type === 'application/json')) {
        for (const field of strings) {
          const res = await t.api(op.method, path, { token: admin.token, body: bodyWith(field, LONE_SURROGATE) });
          expectInvalidField(res, field.join('.'), `${op.method} ${path} ${field.join('.')}`);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('answers 4xx JSON for a surrogate spelled out in UTF-8 in every query parameter', async () => {
    for (const op of operations.filter((o) => o.query.length > 0)) {
      const path = fill(op.path, SOME_ID);
      for (const name of op.query) {
        const res = await t.api(op.method, `${path}?${name}=a%ED%A0%80b`, { token: admin.token });
        if (res.status < 400) continue; // decoded as text that is no surrogate: an ordinary value
        expectClientError(res, `${op.method} ${path}?${name}`);
      }
    }
  });

  it('refuses a body nested far too deep on every operation that takes one', async () => {
    let checked = 0;
    for (const op of operations.filter((o) => o.bodies.some((b) => b.type === 'application/json'))) {
      const path = fill(op.path, SOME_ID);
      const res = await t.api(op.method, path, { token: admin.token, body: DEEP_BODY });
      const what = `${op.method} ${path} → ${res.text.slice(0, 300)}`;
      expectClientError(res, what);
      expect(res.status, what).toBe(400);
      expect(res.body.code, what).toBe('BAD_REQUEST');
      checked += 1;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('refuses a huge number in every number field of every JSON body, naming the field', async () => {
    // Every number has a highest (and lowest) value, so no total of them can overflow a column.
    let checked = 0;
    const unbounded: string[] = [];
    for (const op of operations) {
      const path = fill(op.path, SOME_ID);
      for (const { numbers } of op.bodies.filter((b) => b.type === 'application/json')) {
        for (const field of numbers) {
          for (const value of HUGE_NUMBERS) {
            const res = await t.api(op.method, path, { token: admin.token, body: bodyWith(field, value) });
            const what = `${op.method} ${op.path} ${field.join('.')}=${value}`;
            expectClientError(res, `${what} → ${res.text.slice(0, 300)}`);
            // The provider's notification is a poke whose fields are never stored: a 4xx is enough there.
            if (NOT_TYPED.has(`${op.method} ${op.path}`)) continue;
            if (res.status !== 400 || !res.body.fields?.[field.join('.')]) unbounded.push(what);
            checked += 1;
          }
        }
      }
    }
    expect(unbounded).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('answers 4xx JSON (or an ordinary answer) for a huge number in every query parameter', async () => {
    for (const op of operations.filter((o) => o.query.length > 0)) {
      const path = fill(op.path, SOME_ID);
      for (const name of op.query) {
        for (const value of ['99999999999999999999', '2147483648', '-2147483649', '1e300']) {
          const res = await t.api(op.method, `${path}?${name}=${value}`, { token: admin.token });
          if (res.status < 400) continue; // a text search for digits, say
          expectClientError(res, `${op.method} ${path}?${name}=${value}`);
        }
      }
    }
  });

  it('accepts the edges of the date range', async () => {
    for (const path of ['/tips', '/tips/export']) {
      const res = await t.api('GET', `${path}?from=1970-01-01&to=9999-12-31`, { token: admin.token });
      expect(res.status, `${path} → ${res.text.slice(0, 300)}`).toBe(200);
    }
  });
});
