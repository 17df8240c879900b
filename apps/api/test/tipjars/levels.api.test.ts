import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bonusEpisodes, recurringTips, tips } from '../../src/db/schema/index.js';
import { publicReadsChanged } from '../../src/lib/public-cache.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { insertLiveJar } from '../support/tipjar.js';

/**
 * A tip jar's levels with a perk line (issue 40, decision 091): its admins read and replace them, the
 * storefront carries them, and a monthly tip's level is derived from its amount wherever it is shown.
 */
let t: TestApp;
let maker: TestUser;
let otherMaker: TestUser;
let admin: TestUser;
let jarA: string;
let jarB: string;
let slugA: string;

const LISTENER = { amount: 300, name: 'Vaste luisteraar', perk: 'naam in de shownotes', unlocksFeed: false };
const PRODUCER = { amount: 1000, name: 'Producer', perk: 'bonusfeed + maandelijkse Q&A', unlocksFeed: true };

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.createUser();
  otherMaker = await t.createUser();
  admin = await t.createUser({ role: 'ADMIN' });
  slugA = `levels-a-${Date.now().toString(36)}`;
  jarA = await insertLiveJar(t, slugA, maker);
  jarB = await insertLiveJar(t, `levels-b-${Date.now().toString(36)}`, otherMaker);
});
afterAll(() => t.close());

const put = (jar: string, data: unknown[], token = maker.token) =>
  t.api('PUT', `/tipjars/${jar}/levels`, { token, body: { data } });

describe('GET and PUT tipjars/{id}/levels', () => {
  it("is for the tip jar's admins and platform admins only", async () => {
    expect((await t.api('GET', `/tipjars/${jarA}/levels`)).status).toBe(401);
    expect((await t.api('PUT', `/tipjars/${jarA}/levels`, { body: { data: [] } })).status).toBe(401);
    expect((await t.api('GET', `/tipjars/${jarB}/levels`, { token: maker.token })).status).toBe(404);
    expect((await put(jarB, [LISTENER])).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jarB}/levels`, { token: otherMaker.token })).body).toEqual({ data: [] });
    const byAdmin = await put(jarB, [LISTENER], admin.token);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect((await put(jarB, [], admin.token)).body).toEqual({ data: [] });
  });

  it('refuses six levels, equal amounts, an empty name, a NUL and a line break, naming the field', async () => {
    const six = [1, 2, 3, 4, 5, 6].map((i) => ({ ...LISTENER, amount: i * 100 }));
    const tooMany = await put(jarA, six);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.data).toEqual({ key: 'tooMany' });
    const equal = await put(jarA, [LISTENER, { ...PRODUCER, amount: 300 }]);
    expect(equal.status).toBe(400);
    expect(equal.body.fields['data.1.amount']).toEqual({ key: 'levelAmountTaken' });
    const empty = await put(jarA, [{ ...LISTENER, name: '  ' }]);
    expect(empty.body.fields['data.0.name']).toEqual({ key: 'required' });
    const lineBreak = await put(jarA, [{ ...LISTENER, name: 'Vaste\nluisteraar' }]);
    expect(lineBreak.body.fields['data.0.name']).toEqual({ key: 'singleLine' });
    const nul = await put(jarA, [{ ...LISTENER, perk: 'a\u0000b' }]);
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toHaveProperty(['data.0.perk']);
    const tooLow = await put(jarA, [{ ...LISTENER, amount: 0 }]);
    expect(tooLow.status).toBe(400);
    expect(tooLow.body.fields).toHaveProperty(['data.0.amount']);
    expect((await t.api('GET', `/tipjars/${jarA}/levels`, { token: maker.token })).body).toEqual({ data: [] });
  });

  it('replaces the list: given ids kept, left-out levels deleted (their bonus episodes for everyone), new ones added', async () => {
    const first = await put(jarA, [PRODUCER, LISTENER]);
    expect(first.status, first.text).toBe(200);
    // Cheapest first, whatever order they came in.
    expect(first.body.data.map((l: { name: string }) => l.name)).toEqual(['Vaste luisteraar', 'Producer']);
    const [listener, producer] = first.body.data;
    const [episode] = await t.database.db
      .insert(bonusEpisodes)
      .values({ tipjarId: jarA, title: 'Q&A', levelId: listener.id })
      .returning();

    const second = await put(jarA, [
      { ...producer, perk: 'bonusfeed' },
      { amount: 2500, name: 'Regisseur', perk: '' },
    ]);
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toEqual([
      { ...producer, perk: 'bonusfeed' },
      { id: expect.any(String), amount: 2500, name: 'Regisseur', perk: '', unlocksFeed: false },
    ]);
    const [kept] = await t.database.db.select().from(bonusEpisodes).where(eq(bonusEpisodes.id, episode!.id));
    expect(kept!.levelId).toBeNull();

    // An id of another tip jar's level (or a made-up one) is refused, and nothing changes.
    await put(jarB, [LISTENER], admin.token);
    const [foreign] = (await t.api('GET', `/tipjars/${jarB}/levels`, { token: otherMaker.token })).body.data;
    const stolen = await put(jarA, [{ ...foreign, name: 'Mine now' }]);
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields['data.0.id']).toEqual({ key: 'invalid' });
    expect((await t.api('GET', `/tipjars/${jarB}/levels`, { token: otherMaker.token })).body.data[0].name).toBe(
      LISTENER.name,
    );
    expect((await t.api('GET', `/tipjars/${jarA}/levels`, { token: maker.token })).body.data).toHaveLength(2);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.tipjarId, jarA));
    expect(audit.filter((e) => e.action === 'tipjar.levelsChanged')).toHaveLength(2);
  });

  it('lets two saves at once both finish, one after the other', async () => {
    const results = await Promise.all([put(jarA, [LISTENER]), put(jarA, [LISTENER, PRODUCER])]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const now = (await t.api('GET', `/tipjars/${jarA}/levels`, { token: maker.token })).body.data;
    expect([1, 2]).toContain(now.length);
  });
});

describe("a monthly tip's level", () => {
  it('shows on the storefront, in the lists, the CSV, the statistics and the wall, and moves with its amount', async () => {
    const saved = await put(jarA, [LISTENER, PRODUCER]);
    const [listener, producer] = saved.body.data;
    publicReadsChanged();
    const storefront = await t.api('GET', `/tipjars?slug=${slugA}`);
    expect(storefront.body.data[0].levels).toEqual([listener, producer]);

    const tipper = await t.createUser();
    const [tip] = await t.database.db
      .insert(recurringTips)
      .values({
        tipjarId: jarA,
        userId: tipper.id,
        amount: 500,
        status: 'active',
        mandateStatus: 'valid',
        displayName: 'Mila',
        privacy: 'NAME_ONLY',
      })
      .returning();
    const levelInList = async () => {
      const list = await t.api('GET', `/tipjars/${jarA}/recurringtips`, { token: maker.token });
      expect(list.status, list.text).toBe(200);
      return list.body.data.find((r: { id: string }) => r.id === tip!.id).level;
    };
    const levelInCsv = async () => {
      const csv = await t.api('GET', `/tipjars/${jarA}/recurringtips/export`, { token: maker.token });
      const [header, ...rows] = parse(csv.text, { bom: true }) as string[][];
      return rows.find((r) => r.includes(tip!.id))![header!.indexOf('level')];
    };
    const byLevel = async () =>
      (await t.api('GET', `/tipjars/${jarA}/statistics`, { token: maker.token })).body.recurring.byLevel;

    expect(await levelInList()).toEqual({ id: listener.id, name: 'Vaste luisteraar' });
    expect(await levelInCsv()).toBe('Vaste luisteraar');
    expect(await byLevel()).toEqual([
      { level: { id: listener.id, name: listener.name, amount: 300 }, count: 1 },
      { level: { id: producer.id, name: producer.name, amount: 1000 }, count: 0 },
      { level: null, count: 0 },
    ]);
    const mine = await t.api('GET', `/user/me/recurringtips/${tip!.id}`, { token: tipper.token });
    expect(mine.body.level).toEqual({ id: listener.id, name: 'Vaste luisteraar' });

    // The tipper raises the amount (charged from the next month on): the tip is a Producer at once.
    const raised = await t.api('PUT', `/user/me/recurringtips/${tip!.id}`, {
      token: tipper.token,
      body: { data: { amount: 1000 } },
    });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.level).toEqual({ id: producer.id, name: 'Producer' });
    expect(await levelInList()).toEqual({ id: producer.id, name: 'Producer' });
    expect(await levelInCsv()).toBe('Producer');
    expect((await byLevel()).map((r: { count: number }) => r.count)).toEqual([0, 1, 0]);

    // Below every level: no level.
    await t.api('PUT', `/user/me/recurringtips/${tip!.id}`, { token: tipper.token, body: { data: { amount: 200 } } });
    expect(await levelInList()).toBeNull();
    expect(await levelInCsv()).toBe('');
    expect((await byLevel()).map((r: { count: number }) => r.count)).toEqual([0, 0, 1]);
  });

  it("shows on the supporter wall beside a monthly supporter's name, never beside an anonymous one", async () => {
    const jar = await insertLiveJar(t, `levels-wall-${Date.now().toString(36)}`, maker);
    await put(jar, [LISTENER, PRODUCER]);
    const tipper = await t.createUser();
    const month = async (privacy: 'NAME_ONLY' | 'ANONYMOUS', displayName: string | null, minute: number) => {
      const [recurring] = await t.database.db
        .insert(recurringTips)
        .values({ tipjarId: jar, userId: tipper.id, amount: 1200, status: 'active', mandateStatus: 'valid', privacy })
        .returning();
      await t.database.db.insert(tips).values({
        tipjarId: jar,
        amount: 1200,
        fee: 60,
        status: 'completed',
        email: 'fan@example.test',
        privacy,
        displayName,
        recurringTipId: recurring!.id,
        completedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
      });
    };
    await month('NAME_ONLY', 'Pim', 1);
    await month('ANONYMOUS', null, 2);
    await t.database.db.insert(tips).values({
      tipjarId: jar,
      amount: 5000,
      fee: 250,
      status: 'completed',
      email: 'fan@example.test',
      displayName: 'Once',
      completedAt: new Date(Date.UTC(2026, 0, 1, 0, 3)),
    });
    publicReadsChanged();
    const slug = (await t.api('GET', `/tipjars/${jar}`, { token: maker.token })).body.slug;
    const wall = (await t.api('GET', `/tipjars?slug=${slug}`)).body.data[0].supporters;
    expect(wall.map((s: { name: string | null; level?: string | null }) => [s.name, s.level])).toEqual([
      ['Once', undefined],
      [null, null],
      ['Pim', 'Producer'],
    ]);
  });
});
