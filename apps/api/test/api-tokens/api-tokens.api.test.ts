import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditLog, tipjarAdmins } from '../../src/db/schema/index.js';
import { jarsWithTips } from '../support/jars-with-tips.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/** A maker's personal API tokens (issue 41.3, decision 096): real HTTP, the token as an integration sends it. */
let t: TestApp;
let maker: TestUser;
let otherMaker: TestUser;
let platformAdmin: TestUser;
let jarA: { id: string; slug: string };
let jarB: { id: string; slug: string };
const RATE = 40;

/** Makes a token as `user` (a session) and answers its secret and id. */
async function makeToken(user: TestUser, jarId: string, scopes: string[], name = 'Zapier') {
  const res = await t.api('POST', `/tipjars/${jarId}/tokens`, { token: user.token, body: { name, scopes } });
  expect(res.status, res.text).toBe(201);
  return { token: res.body.token as string, id: res.body.id as string, body: res.body };
}

beforeAll(async () => {
  t = await createTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: RATE });
  maker = await t.createUser();
  otherMaker = await t.createUser();
  platformAdmin = await t.createUser({ role: 'ADMIN' });
  ({ jarA, jarB } = await jarsWithTips(t, maker, otherMaker, 'tokens', { lotte: { message: 'Top' } }));
  // The platform admin also runs a tip jar of their own: their token must still be a maker's token.
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: jarA.id, userId: platformAdmin.id });
});
afterAll(() => t.close());

describe(`personal API tokens (${TEST_DB})`, () => {
  it("with tips:read lists its own tip jar's tips, and gets 403 on another tip jar's", async () => {
    const { token, body } = await makeToken(maker, jarA.id, ['tips:read']);
    expect(token).toMatch(/^pp_[A-Za-z0-9_-]{43}$/);
    expect(body.prefix).toBe(token.slice(0, 8));
    expect(body.scopes).toEqual(['tips:read']);
    expect(body.lastUsedAt).toBeNull();

    const own = await t.api('GET', `/tipjars/${jarA.id}/tips`, { token });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.map((tip: { amount: number }) => tip.amount).sort((a: number, b: number) => a - b)).toEqual([
      500, 1250,
    ]);
    // As the maker sees them: no e-mail, no name of an anonymous tipper.
    expect(own.text).not.toContain('@example.test');
    expect(own.text).not.toContain('Secret Sam');

    const other = await t.api('GET', `/tipjars/${jarB.id}/tips`, { token });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'FORBIDDEN', message: 'This API token is for another tip jar' });
    // An id that is no tip jar at all answers the same: the token learns nothing of other ids.
    const none = await t.api('GET', '/tipjars/00000000-0000-4000-8000-000000000000/tips', { token });
    expect(none.status).toBe(403);
  });

  it('downloads the CSV of its tips with tips:read, but not the monthly supporters without supporters:read', async () => {
    const { token } = await makeToken(maker, jarA.id, ['tips:read']);
    const csv = await t.api('GET', `/tipjars/${jarA.id}/tips/export?separator=semicolon`, { token });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = parse(csv.text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows).toHaveLength(3);
    expect(csv.text).not.toContain('Secret Sam');

    const monthly = await t.api('GET', `/tipjars/${jarA.id}/recurringtips/export`, { token });
    expect(monthly.status).toBe(403);
    expect(monthly.body.message).toContain('supporters:read');

    const supporters = await makeToken(maker, jarA.id, ['supporters:read']);
    const list = await t.api('GET', `/tipjars/${jarA.id}/recurringtips`, { token: supporters.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const file = await t.api('GET', `/tipjars/${jarA.id}/recurringtips/export`, { token: supporters.token });
    expect(file.status, file.text).toBe(200);
    expect(file.text).toContain('Mila');
    expect((await t.api('GET', `/tipjars/${jarA.id}/statistics`, { token: supporters.token })).status).toBe(200);
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips`, { token: supporters.token })).status).toBe(403);
  });

  it('cannot reach the account, the tokens, other operations, or change settings without tipjar:manage', async () => {
    const { token, id } = await makeToken(maker, jarA.id, ['tips:read', 'supporters:read']);
    const refused = [
      ['GET', '/users/me'],
      ['PUT', '/users/me/password'],
      ['GET', '/tipjars'],
      ['GET', `/tipjars/${jarA.id}/tokens`],
      ['POST', `/tipjars/${jarA.id}/tokens`],
      ['DELETE', `/tipjars/${jarA.id}/tokens/${id}`],
      ['GET', `/tipjars/${jarA.id}`],
      ['PUT', `/tipjars/${jarA.id}`],
      ['DELETE', `/tipjars/${jarA.id}`],
      ['GET', `/tipjars/${jarA.id}/invoices`],
      ['POST', `/tipjars/${jarA.id}/admins`],
      ['GET', '/tips'],
    ] as const;
    for (const [method, path] of refused) {
      const body = method === 'POST' || method === 'PUT' ? { data: { description: 'x' } } : undefined;
      const res = await t.api(method, path, { token, body });
      expect(res.status, `${method} ${path} → ${res.text}`).toBe(403);
      expect(res.body.code, `${method} ${path}`).toBe('FORBIDDEN');
    }
    const put = await t.api('PUT', `/tipjars/${jarA.id}`, { token, body: { data: { description: 'x' } } });
    expect(put.body.message).toContain('tipjar:manage');
  });

  it("of a platform admin is a maker's token: no admin operation, only its own tip jar", async () => {
    const { token } = await makeToken(platformAdmin, jarA.id, ['tips:read']);
    for (const path of ['/tips', '/recurringtips', '/users', `/tipjars/${jarB.id}/tips`]) {
      expect((await t.api('GET', path, { token })).status, path).toBe(403);
    }
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips`, { token })).status).toBe(200);
  });

  it('with tipjar:manage changes the storefront settings, but not who the maker is', async () => {
    const { token } = await makeToken(maker, jarA.id, ['tipjar:manage']);
    const ok = await t.api('PUT', `/tipjars/${jarA.id}`, {
      token,
      body: { data: { description: 'Now via Zapier', thankYouMessage: 'Thanks!' } },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.description).toBe('Now via Zapier');
    const identity = await t.api('PUT', `/tipjars/${jarA.id}`, {
      token,
      body: { data: { description: 'x', email: 'attacker@example.test', status: 'BLOCKED' } },
    });
    expect(identity.status).toBe(403);
    expect(identity.body.message).toBe('An API token cannot change these fields: email, status');
    const kept = await t.api('GET', `/tipjars/${jarA.id}`, { token });
    expect(kept.status).toBe(200);
    expect(kept.body.email).toBe(`${jarA.slug}@example.test`);
    // Not even the settings of another tip jar.
    const other = await t.api('PUT', `/tipjars/${jarB.id}`, { token, body: { data: { description: 'x' } } });
    expect(other.status).toBe(403);
  });

  it('answers 401 once revoked, expired, its maker no longer an admin, or for a token that never was', async () => {
    const revoked = await makeToken(maker, jarA.id, ['tips:read']);
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips`, { token: revoked.token })).status).toBe(200);
    const del = await t.api('DELETE', `/tipjars/${jarA.id}/tokens/${revoked.id}`, { token: maker.token });
    expect(del.status, del.text).toBe(204);
    const after = await t.api('GET', `/tipjars/${jarA.id}/tips`, { token: revoked.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    // Revoking twice changes nothing.
    expect((await t.api('DELETE', `/tipjars/${jarA.id}/tokens/${revoked.id}`, { token: maker.token })).status).toBe(
      204,
    );

    const expired = await makeToken(maker, jarA.id, ['tips:read']);
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips`, { token: expired.token })).status).toBe(401);

    const leaver = await t.createUser();
    await t.database.db.insert(tipjarAdmins).values({ tipjarId: jarA.id, userId: leaver.id });
    const left = await makeToken(leaver, jarA.id, ['tips:read']);
    expect((await t.api('DELETE', `/tipjars/${jarA.id}/admins/me`, { token: leaver.token })).status).toBe(200);
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips`, { token: left.token })).status).toBe(401);

    const made = `pp_${'A'.repeat(43)}`;
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips`, { token: made })).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips`, { token: 'pp_short' })).status).toBe(401);
  });

  it('shows its last use after it was used', async () => {
    const { token, id } = await makeToken(maker, jarA.id, ['tips:read'], 'Discord bot');
    const before = await t.api('GET', `/tipjars/${jarA.id}/tokens`, { token: maker.token });
    expect(before.body.data.find((x: { id: string }) => x.id === id).lastUsedAt).toBeNull();
    expect((await t.api('GET', `/tipjars/${jarA.id}/tips`, { token })).status).toBe(200);
    await t.ctx.background.idle();
    const list = await t.api('GET', `/tipjars/${jarA.id}/tokens`, { token: maker.token });
    const shown = list.body.data.find((x: { id: string }) => x.id === id);
    expect(shown).toMatchObject({ name: 'Discord bot', scopes: ['tips:read'], createdBy: maker.email });
    expect(shown.lastUsedAt).not.toBeNull();
    // The list never holds a token itself.
    expect(list.text).not.toContain(token);
    expect(list.text).not.toMatch(/"token"/);
  });

  it('answers 429 with Retry-After past its requests per minute, counted per token', async () => {
    const { token } = await makeToken(maker, jarA.id, ['tips:read']);
    const statuses: number[] = [];
    for (let i = 0; i <= RATE; i++) {
      statuses.push((await t.api('GET', `/tipjars/${jarA.id}/statistics`, { token })).status);
    }
    expect(statuses.slice(0, RATE).every((s) => s === 200)).toBe(true);
    const limited = await t.api('GET', `/tipjars/${jarA.id}/statistics`, { token });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the same maker has its own budget.
    const fresh = await makeToken(maker, jarA.id, ['tips:read']);
    expect((await t.api('GET', `/tipjars/${jarA.id}/statistics`, { token: fresh.token })).status).toBe(200);
  });
});

describe('the token routes (sessions only)', () => {
  it("keep a tip jar's tokens to its own admins: others get 404, a platform admin may list and revoke", async () => {
    const { id } = await makeToken(maker, jarA.id, ['tips:read']);
    expect((await t.api('GET', `/tipjars/${jarA.id}/tokens`)).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${jarA.id}/tokens`, { token: otherMaker.token })).status).toBe(404);
    const create = await t.api('POST', `/tipjars/${jarA.id}/tokens`, {
      token: otherMaker.token,
      body: { name: 'x', scopes: ['tips:read'] },
    });
    expect(create.status).toBe(404);
    expect((await t.api('DELETE', `/tipjars/${jarA.id}/tokens/${id}`, { token: otherMaker.token })).status).toBe(404);
    // B's maker naming A's token under their own tip jar: no token of B.
    expect((await t.api('DELETE', `/tipjars/${jarB.id}/tokens/${id}`, { token: otherMaker.token })).status).toBe(404);
    const theirs = await t.api('GET', `/tipjars/${jarB.id}/tokens`, { token: otherMaker.token });
    expect(theirs.body.data).toEqual([]);

    const admin = await t.createUser({ role: 'ADMIN' });
    expect((await t.api('GET', `/tipjars/${jarA.id}/tokens`, { token: admin.token })).status).toBe(200);
    const adminCreate = await t.api('POST', `/tipjars/${jarB.id}/tokens`, {
      token: admin.token,
      body: { name: 'x', scopes: ['tips:read'] },
    });
    expect(adminCreate.status).toBe(403);
  });

  it('are written to the audit trail when made and revoked: by whom, what, never the token or its hash', async () => {
    const made = await makeToken(maker, jarA.id, ['tips:read', 'supporters:read'], 'Audited');
    expect((await t.api('DELETE', `/tipjars/${jarA.id}/tokens/${made.id}`, { token: maker.token })).status).toBe(204);
    // Revoking again keeps the first revocation and writes nothing more.
    expect((await t.api('DELETE', `/tipjars/${jarA.id}/tokens/${made.id}`, { token: maker.token })).status).toBe(204);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['apitoken.created', 'apitoken.revoked']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: maker.id, actorRole: 'USER', tipjarId: jarA.id, entityType: 'apitoken' });
    }
    expect(entries.find((e) => e.action === 'apitoken.created')?.after).toEqual({
      name: 'Audited',
      scopes: ['tips:read', 'supporters:read'],
      expiresAt: null,
    });
    expect(entries.find((e) => e.action === 'apitoken.revoked')?.before).toEqual({ name: 'Audited' });
    const [stored] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    const written = JSON.stringify(entries);
    for (const secret of [made.token, made.token.slice(3), stored!.tokenHash, stored!.prefix]) {
      expect(written).not.toContain(secret);
    }
    // The tip jar's own History page reads them with its maker's name.
    const history = await t.api('GET', `/tipjars/${jarA.id}/audit?entityType=apitoken`, { token: maker.token });
    expect(history.status, history.text).toBe(200);
    const listed = history.body.data.filter((e: { entityId: string }) => e.entityId === made.id);
    expect(listed).toHaveLength(2);
    expect(listed.every((e: { actorId: string }) => e.actorId === maker.id)).toBe(true);
  });

  it('refuse a token without a name or scopes, or with unknown scopes and lifetimes', async () => {
    const bad = [
      { name: '', scopes: ['tips:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['tips:read', 'tips:read'] },
      { name: 'x\ny', scopes: ['tips:read'] },
      { name: 'x', scopes: ['tips:read'], expiresInDays: 7 },
    ];
    for (const body of bad) {
      const res = await t.api('POST', `/tipjars/${jarA.id}/tokens`, { token: maker.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const expiring = await t.api('POST', `/tipjars/${jarA.id}/tokens`, {
      token: maker.token,
      body: { name: 'For a month', scopes: ['tips:read'], expiresInDays: 30 },
    });
    expect(expiring.status).toBe(201);
    const days = (Date.parse(expiring.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('are documented: the apiToken scheme on the operations a token may call, and on none other', async () => {
    const doc = (await t.api('GET', '/openapi.json')).body;
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/tipjars/{id}/tips'].get.security).toEqual([{ bearer: [] }, { apiToken: ['tips:read'] }]);
    expect(doc.paths['/tipjars/{id}'].put.security).toEqual([{ bearer: [] }, { apiToken: ['tipjar:manage'] }]);
    expect(doc.paths['/users/me'].get.security).toBeUndefined();
    expect(doc.paths['/tipjars/{id}/tokens'].post.security).toBeUndefined();
  });
});
