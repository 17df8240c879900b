import { awaitSimulatorDeliveries, type SimProviderModes, simulatePayment, simulatorOf } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLog, createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal, type LiveJar, openTip, orderLiveJar } from '../support/tipjar.js';

/**
 * Payouts as the provider may answer them (issue 36): lists read to the end however the provider
 * pages them, an expanded `specifications` in each shape it has been seen in, and one settlement or row
 * that does not parse skipped (and said so) instead of failing the page. Real HTTP + simulator.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
const log = captureLog();

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000, LOG_LEVEL: 'warn' }, { logStream: log.stream });
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
});
afterAll(() => t.close());

const sim = () => simulatorOf(t.ctx);
let modes: SimProviderModes;
let perPage: number;
beforeAll(() => {
  modes = { ...sim().modes };
  perPage = sim().settlementsPerPage;
});
afterEach(() => {
  vi.restoreAllMocks();
  sim().modes = { ...modes };
  sim().settlementsPerPage = perPage;
});

/** A paid tip of `amount` cents; answers its transaction uid and tip id. */
async function paidTip(jarId: string, amount: number) {
  const { id, uid } = await openTip(t, jarId, { amount, paymentmethod: ideal });
  await simulatePayment(t.ctx, uid, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  return { id, uid };
}

/** Moves a payment's completion into the 15th of month `monthsAgo` months before 2026-01 (a settled month). */
async function paidInPastMonth(uid: string, monthsAgo: number) {
  const completed = Date.UTC(2026, -monthsAgo, 15) / 1000;
  await t.database.db.execute(
    sql`update sim_objects set data = jsonb_set(data, '{completed}', to_jsonb(${completed}::bigint)) where uid = ${uid}`,
  );
}

/** The provider's answers to our calls whose path matches, rewritten (the real simulator answers first). */
function rewriteProviderAnswers(path: RegExp, rewrite: (json: Record<string, unknown>) => unknown) {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const res = await realFetch(input, init);
    if (!url.includes('/sim/opp/v1/') || !path.test(new URL(url).pathname) || !res.ok) return res;
    return Response.json(rewrite((await res.json()) as Record<string, unknown>), { status: res.status });
  });
}

/** The URLs of our calls to the provider whose path matches. */
function watchProviderCalls(path: RegExp): URL[] {
  const calls: URL[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname.includes('/sim/opp/v1/') && path.test(url.pathname)) calls.push(url);
    return realFetch(input, init);
  });
  return calls;
}

const settlementsOf = (jar: LiveJar, query = '') =>
  t.api('GET', `/tipjars/${jar.id}/settlements${query}`, { token: jar.maker.token });
const settlementOf = (jar: LiveJar, id: string) =>
  t.api('GET', `/tipjars/${jar.id}/settlements/${id}`, { token: jar.maker.token });

describe('every payout, however the provider pages them', () => {
  const MONTHS = 12;
  let jar: LiveJar;
  let tips: { id: string; uid: string }[];

  beforeAll(async () => {
    jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Paged Pod' });
    tips = [];
    for (let i = 0; i < MONTHS; i += 1) tips.push(await paidTip(jar.id, 300 + i));
  }, 120_000);

  it('opens a month of 12 payments with every row when the provider answers 10 a page', async () => {
    sim().settlementsPerPage = 10;
    const [current] = (await settlementsOf(jar)).body.data;
    const res = await settlementOf(jar, current.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows.map((r: { tipId: string }) => r.tipId).sort()).toEqual(tips.map((tip) => tip.id).sort());
    expect(res.body.incomplete).toBeUndefined();
  });

  it('shows 12 months of payouts, newest first, when the provider answers 10 a page', async () => {
    for (const [i, tip] of tips.entries()) await paidInPastMonth(tip.uid, i + 1);
    sim().settlementsPerPage = 10;
    const calls = watchProviderCalls(/\/settlements$/);
    const res = await settlementsOf(jar);
    expect(res.status, res.text).toBe(200);
    expect(res.body.metadata).toEqual({ count: MONTHS });
    const starts = res.body.data.map((s: { periodStart: string }) => s.periodStart);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(starts[0]).toBe('2025-12-01T00:00:00.000Z');
    expect(starts[MONTHS - 1]).toBe('2025-01-01T00:00:00.000Z');
    expect(calls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('asks the provider with its documented parameters only: the newest-first order is ours to make', async () => {
    const calls = watchProviderCalls(/\/settlements$/);
    expect((await settlementsOf(jar)).status).toBe(200);
    expect(calls.length).toBeGreaterThan(0);
    for (const url of calls) {
      expect([...url.searchParams.keys()].sort()).toEqual(['expand[]', 'page', 'perpage']);
      expect(url.searchParams.get('expand[]')).toBe('specifications');
      expect(url.searchParams.get('perpage')).toBe('100');
    }
  });

  it('follows last_page when the provider’s list does not say has_more', async () => {
    sim().settlementsPerPage = 10;
    rewriteProviderAnswers(/\/settlements$/, ({ has_more: _dropped, ...list }) => list);
    const res = await settlementsOf(jar);
    expect(res.status, res.text).toBe(200);
    expect(res.body.metadata).toEqual({ count: MONTHS });
  });

  it('says the list is incomplete, and logs it, when the provider still has more after the last page we read', async () => {
    // A provider that never stops: every page one more settlement, and more to come.
    const read = t.ctx.opp.listSettlements.bind(t.ctx.opp);
    const [sample] = (await read(jar.merchantUid!, 1)).data;
    const pagesAsked: number[] = [];
    vi.spyOn(t.ctx.opp, 'listSettlements').mockImplementation(async (_merchantUid, page = 1) => {
      pagesAsked.push(page);
      return {
        data: [{ ...sample!, uid: `set_endless_${page}` }],
        hasMore: true,
        totalItemCount: 10_000,
        currentPage: page,
        lastPage: 10_000,
        skipped: [],
      };
    });
    const before = log.text().length;
    const res = await settlementsOf(jar, '?limit=1000');
    expect(res.status, res.text).toBe(200);
    // What was read is shown, and the answer says it is not all instead of passing it off as all.
    expect(res.body.data).toHaveLength(pagesAsked.length);
    expect(res.body.metadata).toEqual({ count: pagesAsked.length, incomplete: true });
    await log.until((text) => text.slice(before).includes('settlements of the provider not read to the end'));
    // The admin's list of every tip jar says so too.
    const all = await t.api('GET', `/tipjars/settlements?tipjarId=${jar.id}`, { token: admin.token });
    expect(all.status, all.text).toBe(200);
    expect(all.body.metadata).toMatchObject({ incomplete: true });
  });
});

describe('an expanded specification in each shape the provider sends it', () => {
  let jar: LiveJar;
  let tips: { id: string; uid: string }[];

  beforeAll(async () => {
    jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Shaped Pod' });
    tips = [await paidTip(jar.id, 500), await paidTip(jar.id, 1250)];
  }, 60_000);

  for (const shape of ['list', 'data', 'object'] as const) {
    it(`${shape}: shows the payout and opens it with its rows`, async () => {
      sim().modes.specifications = shape;
      const list = await settlementsOf(jar);
      expect(list.status, list.text).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).toMatchObject({ status: 'CURRENT', gross: 1750, tipCount: 2 });
      const detail = await settlementOf(jar, list.body.data[0].id);
      expect(detail.status, detail.text).toBe(200);
      expect(detail.body.rows.map((r: { tipId: string }) => r.tipId).sort()).toEqual(tips.map((tip) => tip.id).sort());
    });
  }
});

describe('a settlement or row that does not parse', () => {
  let jar: LiveJar;
  let tips: { id: string; uid: string }[];

  beforeAll(async () => {
    jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Broken Pod' });
    tips = [await paidTip(jar.id, 400), await paidTip(jar.id, 600), await paidTip(jar.id, 800)];
    await paidInPastMonth(tips[0]!.uid, 2);
    await paidInPastMonth(tips[1]!.uid, 3);
  }, 60_000);

  it('is left out with a log line; the good ones are still shown, and the answer says one is missing', async () => {
    const good = (await settlementsOf(jar)).body.data.map((s: { id: string }) => s.id);
    expect(good).toHaveLength(3);
    const before = log.text().length;
    // The provider answers the middle settlement without its uid.
    rewriteProviderAnswers(/\/settlements$/, (list) => ({
      ...list,
      data: (list.data as Record<string, unknown>[]).map((s) => (s.uid === good[1] ? { ...s, uid: null } : s)),
    }));
    const res = await settlementsOf(jar);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((s: { id: string }) => s.id)).toEqual([good[0], good[2]]);
    expect(res.body.metadata).toEqual({ count: 2, incomplete: true });
    await log.until((text) => text.slice(before).includes('a settlement the provider answered was left out'));
    // The good ones still open.
    expect((await settlementOf(jar, good[0])).status).toBe(200);
  });

  it('leaves out a row that does not parse and shows the others, saying one is missing', async () => {
    const [current] = (await settlementsOf(jar)).body.data;
    const before = log.text().length;
    rewriteProviderAnswers(/\/rows$/, (list) => ({
      ...list,
      data: [...(list.data as unknown[]), 'not a row'],
    }));
    const res = await settlementOf(jar, current.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows.map((r: { tipId: string }) => r.tipId)).toEqual([tips[2]!.id]);
    expect(res.body.incomplete).toBe(true);
    await log.until((text) => text.slice(before).includes('a settlement row the provider answered was left out'));
  });
});
