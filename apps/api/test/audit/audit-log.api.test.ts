import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuditEntry } from '@podpot/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal, orderLiveJar } from '../support/tipjar.js';

/**
 * The audit trail as a record (issue 15, decision 033): the database refuses to change or remove an
 * entry, an entry exists exactly when its change does (same transaction), and the two lists page,
 * filter and keep each tip jar's entries to that tip jar's admins. Both databases.
 */
let t: TestApp;
let admin: TestUser;
let listener: TestUser;
let ideal: string;
let jar: Awaited<ReturnType<typeof orderLiveJar>>;
let otherJar: Awaited<ReturnType<typeof orderLiveJar>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  listener = await t.createUser();
  ideal = await addIdeal(t, admin.token);
  jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Log', registered: false });
  otherJar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Audit Other', registered: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const countRows = async () =>
  Number(
    ((await db().execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );
const setStatus = (id: string, status: string) =>
  t.api('PUT', `/tipjars/${id}`, { token: admin.token, body: { data: { status } } });
const list = (query: string, token = admin.token) => t.api('GET', `/audit${query}`, { token });
const tipjarList = (id: string, token: string, query = '') => t.api('GET', `/tipjars/${id}/audit${query}`, { token });

/** The database error a statement ends in (the message of its cause, where the driver wraps it). */
async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await db().execute(statement);
  } catch (err) {
    const e = err as { message: string; cause?: { message?: string } };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  return 'accepted';
}

describe('append-only at the database level', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit_log, whoever asks', async () => {
    expect((await setStatus(jar.id, 'VERIFYING')).status).toBe(200);
    const before = await countRows();
    expect(before).toBeGreaterThan(0);
    expect(await refusal(sql`update audit_log set action = 'tipjar.updated', after = null`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
    expect(await countRows()).toBe(before);
    const res = await list(`?tipjarId=${jar.id}&action=tipjar.statusChanged`);
    expect(res.body.data[0].after).toEqual({ status: 'VERIFYING' });
    expect((await setStatus(jar.id, 'LIVE')).status).toBe(200);
  });

  it('has no update or delete path in the code: only the audit repository touches the table, to insert', async () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
    const files = (await readdir(src, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const touching: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(src, file), 'utf8');
      if (/\bauditLog\b/.test(text) && !file.includes(`db${path.sep}schema`)) touching.push(file);
      expect(text, file).not.toMatch(/\.(update|delete)\(\s*auditLog\b/);
      expect(text, file).not.toMatch(/(update|delete\s+from|truncate)\s+"?audit_log/i);
    }
    expect(touching).toEqual([path.join('modules', 'audit', 'audit.repository.ts')]);
  });
});

describe('written in the same transaction as the change', () => {
  it('a failure after the audit insert (at commit) leaves neither the change nor the entry', async () => {
    // A test-only deferred trigger: the transaction fails at commit, after both rows were written.
    await db().execute(
      sql.raw(`
      create function audit_test_fail_at_commit() returns trigger language plpgsql as $$
      begin
        if new.action = 'tipjar.statusChanged' and new.after->>'status' = 'DEACTIVATED' then
          raise exception 'injected failure after the audit insert';
        end if;
        return null;
      end $$`),
    );
    await db().execute(
      sql.raw(`create constraint trigger audit_test_fail_at_commit after insert on audit_log
        deferrable initially deferred for each row execute function audit_test_fail_at_commit()`),
    );
    try {
      const before = await countRows();
      const res = await setStatus(jar.id, 'DEACTIVATED');
      expect(res.status).toBe(500);
      expect((await t.api('GET', `/tipjars/${jar.id}`, { token: admin.token })).body.status).toBe('LIVE');
      expect(await countRows()).toBe(before);
    } finally {
      await db().execute(sql.raw('drop trigger audit_test_fail_at_commit on audit_log'));
      await db().execute(sql.raw('drop function audit_test_fail_at_commit()'));
    }
  });

  it('an audit insert that fails takes the change (and its mail) with it', async () => {
    const invoice = await t.api('POST', '/invoices', {
      token: admin.token,
      body: { data: { tipjarId: jar.id, lines: [{ description: 'Order', quantity: 1, unitPriceExVat: 1000 }] } },
    });
    expect(invoice.status, invoice.text).toBe(201);
    await db().execute(
      sql.raw(`
      create function audit_test_refuse_sent() returns trigger language plpgsql as $$
      begin
        if new.action = 'invoice.sent' then raise exception 'injected failure of the audit insert'; end if;
        return new;
      end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger audit_test_refuse_sent before insert on audit_log for each row execute function audit_test_refuse_sent()',
      ),
    );
    try {
      const mailsBefore = (await t.outbox()).length;
      const sent = await t.api('POST', `/invoices/${invoice.body.id}/send`, { token: admin.token, body: {} });
      expect(sent.status).toBe(500);
      expect((await t.api('GET', `/invoices/${invoice.body.id}`, { token: admin.token })).body.status).toBe('draft');
      expect((await t.outbox()).length).toBe(mailsBefore);
    } finally {
      await db().execute(sql.raw('drop trigger audit_test_refuse_sent on audit_log'));
      await db().execute(sql.raw('drop function audit_test_refuse_sent()'));
    }
  });
});

describe('GET /api/v1/audit (platform admins)', () => {
  let methodId: string;
  beforeAll(async () => {
    const created = await t.api('POST', '/paymentmethods', {
      token: admin.token,
      body: { data: { name: 'Paging', type: 'bcmc', priority: 0 } },
    });
    methodId = created.body.id;
    for (let priority = 1; priority <= 4; priority += 1) {
      const res = await t.api('PUT', `/paymentmethods/${methodId}`, {
        token: admin.token,
        body: { data: { priority } },
      });
      expect(res.status).toBe(200);
    }
  });

  it('refuses anonymous callers (401), users (403) and bad filters (400)', async () => {
    expect((await t.api('GET', '/audit')).status).toBe(401);
    expect((await list('', jar.maker.token)).status).toBe(403);
    expect((await list('', listener.token)).status).toBe(403);
    for (const bad of ['?action=tipjar.exploded', '?entityId=nope', '?from=yesterday', '?skip=0&limit=1001']) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });

  it('pages newest first with the shared window (limit = exclusive end), count = all matches', async () => {
    const page1 = await list(`?entityId=${methodId}&skip=0&limit=2`);
    const page2 = await list(`?entityId=${methodId}&skip=2&limit=4`);
    const page3 = await list(`?entityId=${methodId}&skip=4&limit=6`);
    expect(page1.body.metadata.count).toBe(5);
    expect([page1, page2, page3].map((p) => p.body.data.length)).toEqual([2, 2, 1]);
    const all = [...page1.body.data, ...page2.body.data, ...page3.body.data] as AuditEntry[];
    expect(new Set(all.map((e) => e.id)).size).toBe(5);
    expect(all.map((e) => e.after?.priority ?? null)).toEqual([4, 3, 2, 1, 0]);
    expect(all.at(-1)!.action).toBe('paymentmethod.created');
    const oldestFirst = await list(`?entityId=${methodId}&sortBy=at&sortDesc=false&limit=1`);
    expect(oldestFirst.body.data[0].action).toBe('paymentmethod.created');
  });

  it('filters by tip jar, actor, action, entity, date range and searches by who acted', async () => {
    const ofJar = (await list(`?tipjarId=${otherJar.id}`)).body.data as AuditEntry[];
    expect(ofJar.every((e) => e.tipjarId === otherJar.id)).toBe(true);
    const byActor = (await list(`?actorId=${admin.id}&entityType=paymentmethod`)).body;
    expect(byActor.metadata.count).toBeGreaterThanOrEqual(5);
    expect(
      (byActor.data as AuditEntry[]).every((e) => e.actorId === admin.id && e.entityType === 'paymentmethod'),
    ).toBe(true);
    expect((await list(`?actorId=${listener.id}`)).body.metadata.count).toBe(0);
    const created = (await list('?action=paymentmethod.created')).body.data as AuditEntry[];
    expect(created.map((e) => e.entityId)).toContain(methodId);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`?entityId=${methodId}&from=${day(-1)}&to=${day(0)}`)).body.metadata.count).toBe(5);
    expect((await list(`?entityId=${methodId}&from=${day(1)}`)).body.metadata.count).toBe(0);
    expect((await list(`?entityId=${methodId}&to=${day(-1)}`)).body.metadata.count).toBe(0);
    const found = (await list(`?search=${encodeURIComponent(admin.email)}&entityId=${methodId}`)).body;
    expect(found.metadata.count).toBe(5);
    expect(found.data[0].actorName).toMatch(/^Test User/);
    expect((await list(`?search=nobody-at-all&entityId=${methodId}`)).body.metadata.count).toBe(0);
  });
});

describe('GET /api/v1/tipjars/:id/audit (its admins)', () => {
  beforeAll(async () => {
    // A maker's own change and a platform admin's change on the tip jar; one on the other tip jar.
    const own = await t.api('PUT', `/tipjars/${jar.id}`, {
      token: jar.maker.token,
      body: { data: { presetAmounts: [300, 600, 900] } },
    });
    expect(own.status).toBe(200);
    expect((await setStatus(otherJar.id, 'SUSPENDED')).status).toBe(200);
  });

  it('answers 401 anonymous, 404 to a listener and to the admin of another tip jar', async () => {
    expect((await t.api('GET', `/tipjars/${jar.id}/audit`)).status).toBe(401);
    expect((await tipjarList(jar.id, listener.token)).status).toBe(404);
    expect((await tipjarList(otherJar.id, jar.maker.token)).status).toBe(404);
    expect((await tipjarList(jar.id, otherJar.maker.token)).status).toBe(404);
  });

  it("shows its admins only this tip jar's entries, a platform admin as the platform, without request details", async () => {
    const res = await tipjarList(jar.id, jar.maker.token, `?tipjarId=${otherJar.id}&limit=1000`);
    expect(res.status, res.text).toBe(200);
    const entries = res.body.data as AuditEntry[];
    expect(entries.length).toBe(res.body.metadata.count);
    expect(entries.every((e) => e.tipjarId === jar.id)).toBe(true);
    const mine = entries.find((e) => e.action === 'tipjar.updated')!;
    expect(mine).toMatchObject({ actorId: jar.maker.id, actorRole: 'USER', after: { presetAmounts: [300, 600, 900] } });
    const platform = entries.find((e) => e.actorRole === 'ADMIN')!;
    expect(platform).toMatchObject({ actorId: null, actorName: null, requestId: null, ip: null });
    // Platform admins read the same trail with names and request details.
    const full = (await tipjarList(jar.id, admin.token)).body.data as AuditEntry[];
    expect(full.find((e) => e.id === platform.id)).toMatchObject({ actorId: admin.id, ip: '127.0.0.1' });
  });
});
