import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDrift } from '../../src/modules/statistics/statistics.scan.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal, type LiveJar, openTip, orderLiveJar } from '../support/tipjar.js';

/**
 * Issue 13: the statistics of a chosen period behind the charts — per day/week/month, one-off vs
 * monthly, by method, cumulative net, monthly tippers, and (platform) new and top tip jars. Tips are
 * paid through the simulator, then moved to other days by SQL (the triggers keep the aggregates).
 * The period's totals are what the tips list of the same days adds up to, to the cent.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let jar: LiveJar;
let other: LiveJar;

type Paid = { id: string; amount: number };
const tips: Record<string, Paid> = {};

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The Amsterdam calendar date `days` ago (the statistics' days). */
async function amsterdamDay(daysAgo: number): Promise<string> {
  const [row] = await rows<{ day: string }>(
    sql`select to_char((now() at time zone 'Europe/Amsterdam')::date - ${daysAgo}::int, 'YYYY-MM-DD') as day`,
  );
  return row!.day;
}

async function payOneOff(target: LiveJar, amount: number): Promise<Paid> {
  const tip = await openTip(t, target.id, { amount, paymentmethod: ideal });
  await simulatePayment(t.ctx, tip.uid, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  return { id: tip.id, amount };
}

async function payMonthly(amount: number): Promise<Paid> {
  const tipper = await t.createUser();
  const res = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
    token: tipper.token,
    body: { data: { amount, displayName: 'Fan', message: '', payment: { paymentmethod: ideal, paymentissuer: '' } } },
  });
  expect(res.status, res.text).toBe(201);
  await simulatePayment(t.ctx, String(res.body.oppTransaction.redirectUrl).split('/').pop()!, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  const [tip] = await rows<{ id: string }>(
    sql`select id from tips where recurring_tip_id = ${res.body.recurringTip.id} and completed_at is not null`,
  );
  return { id: tip!.id, amount };
}

/**
 * The tip was created and paid `days` Amsterdam calendar days earlier, at the same wall-clock time: a
 * shift by 24-hour days crosses a DST change and lands on the day after between 22:00 and 23:00 UTC.
 */
const moveBack = (tip: Paid, days: number) =>
  t.database.db.execute(
    sql`update tips
        set created = ((created at time zone 'Europe/Amsterdam') - make_interval(days => ${days})) at time zone 'Europe/Amsterdam',
            completed_at = ((completed_at at time zone 'Europe/Amsterdam') - make_interval(days => ${days})) at time zone 'Europe/Amsterdam'
        where id = ${tip.id}`,
  );

const stats = (query: string, token = jar.maker.token, path = `/tipjars/${jar.id}/statistics`) =>
  t.api('GET', `${path}${query}`, { token });

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
  jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Chart Pod' });
  other = await orderLiveJar(t, { paymentmethod: ideal, name: 'Other Pod' });
  tips.today = await payOneOff(jar, 1000);
  tips.threeDays = await payOneOff(jar, 2500);
  tips.fortyDays = await payOneOff(jar, 700);
  tips.longAgo = await payOneOff(jar, 1200);
  tips.monthlyNow = await payMonthly(500);
  tips.monthlyEarlier = await payMonthly(800);
  tips.other = await payOneOff(other, 300);
  // A tip left unpaid counts nowhere.
  await openTip(t, jar.id, { amount: 9900, paymentmethod: ideal });
  const refund = await t.api('POST', `/tips/${tips.threeDays!.id}/refunds`, {
    token: admin.token,
    body: { data: { amount: 400, reason: 'Part' } },
  });
  expect(refund.status, refund.text).toBe(201);
  await moveBack(tips.threeDays!, 3);
  await moveBack(tips.fortyDays!, 40);
  await moveBack(tips.longAgo!, 400);
  await moveBack(tips.monthlyEarlier!, 35);
});
afterAll(() => t.close());

describe('statistics of a period', () => {
  it('the last 30 days per day: totals equal the tips list of those days to the cent', async () => {
    const res = await stats('?period=30d');
    expect(res.status, res.text).toBe(200);
    const body = res.body;
    const [from, to] = [await amsterdamDay(29), await amsterdamDay(0)];
    expect(body.period).toEqual({ period: '30d', from, to, granularity: 'day' });
    expect(body.series).toHaveLength(30);
    expect(body.series[0].start).toBe(from);
    expect(body.series.at(-1).start).toBe(to);

    // The tips list of the same Amsterdam days, paid ones only: the same count and money.
    const [bounds] = await rows<{ from: Date; to: Date }>(
      sql`select (${from}::date::timestamp at time zone 'Europe/Amsterdam') as from,
                 ((${to}::date + 1)::timestamp at time zone 'Europe/Amsterdam') as to`,
    );
    const list = await t.api(
      'GET',
      `/tipjars/${jar.id}/tips?limit=100&from=${new Date(bounds!.from).toISOString()}&to=${new Date(bounds!.to).toISOString()}`,
      { token: jar.maker.token },
    );
    expect(list.status, list.text).toBe(200);
    type ListTip = { status: string; amount: number; fee: number; refundedAmount: number; refundedFee: number };
    const paid = (list.body.data as ListTip[]).filter((tip) =>
      ['completed', 'refunded', 'chargeback'].includes(tip.status),
    );
    const fromList = {
      count: paid.length,
      sum: paid.reduce((s, tip) => s + tip.amount, 0),
      refunded: paid.reduce((s, tip) => s + tip.refundedAmount, 0),
      fees: paid.reduce((s, tip) => s + tip.fee - tip.refundedFee, 0),
    };
    expect(fromList.count).toBe(3); // today, three days ago, this month's monthly tip
    expect(fromList.sum).toBe(1000 + 2500 + 500);
    expect(fromList.refunded).toBe(400);
    expect(body.totals).toEqual({ ...fromList, net: fromList.sum - fromList.refunded - fromList.fees });

    // Each tip on its day; the cumulative net ends at the period's net.
    const byStart = new Map(body.series.map((b: { start: string }) => [b.start, b]));
    expect(byStart.get(await amsterdamDay(3))).toMatchObject({ count: 1, sum: 2500, refunded: 400 });
    expect(byStart.get(to)).toMatchObject({ count: 2, sum: 1500, refunded: 0 });
    expect(body.series.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(3);
    expect(body.series.at(-1).cumulativeNet).toBe(body.totals.net);
    expect(body.byKind.map((k: { kind: string; count: number; sum: number }) => [k.kind, k.count, k.sum])).toEqual([
      ['one-off', 2, 3500],
      ['monthly', 1, 500],
    ]);
    expect(body.methods).toEqual([{ method: 'ideal', ...body.totals }]);
    expect(body.monthlyTippers.reduce((s: number, m: { count: number }) => s + m.count, 0)).toBe(1);
  });

  it('twelve months per month, monthly tippers per month; all time starts at the first paid tip', async () => {
    const months = await stats('?period=12m');
    expect(months.status, months.text).toBe(200);
    expect(months.body.period.granularity).toBe('month');
    expect(months.body.series).toHaveLength(12);
    expect(months.body.series.every((b: { start: string }) => b.start.endsWith('-01'))).toBe(true);
    expect(months.body.totals).toMatchObject({ count: 5, sum: 1000 + 2500 + 700 + 500 + 800 });
    expect(months.body.monthlyTippers).toHaveLength(12);
    const paidMonths = [await amsterdamDay(0), await amsterdamDay(35)].map((d) => d.slice(0, 7));
    for (const { month, count } of months.body.monthlyTippers) {
      expect(count, month).toBe(paidMonths.filter((m) => m === month).length);
    }

    const all = await stats('?period=all');
    expect(all.status, all.text).toBe(200);
    expect(all.body.period).toMatchObject({ from: await amsterdamDay(400), to: await amsterdamDay(0) });
    expect(all.body.period.granularity).toBe('month');
    // All time is what the all-time figures say.
    expect(all.body.totals).toEqual(all.body.tips);
    expect(all.body.series.at(-1).cumulativeNet).toBe(all.body.tips.net);
  });

  it('a custom period per week starts each week on Monday; wrong periods are 400, not 500', async () => {
    const [from, to] = [await amsterdamDay(45), await amsterdamDay(1)];
    const res = await stats(`?period=custom&from=${from}&to=${to}&granularity=week`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.period).toEqual({ period: 'custom', from, to, granularity: 'week' });
    for (const { start } of res.body.series) expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1);
    // Three days ago, forty days ago and the monthly tip of 35 days ago; not today's.
    expect(res.body.totals).toMatchObject({ count: 3, sum: 2500 + 700 + 800, refunded: 400 });

    for (const query of [
      `?period=custom&from=${to}&to=${from}`,
      `?period=custom&from=${from}`,
      '?period=custom&from=2026-02-30&to=2026-03-02',
      '?period=custom&from=2020-01-01&to=2026-01-01&granularity=day',
      '?period=week',
      '?period=custom&from=yesterday&to=2026-03-02',
    ]) {
      const bad = await stats(query);
      expect(bad.status, query).toBe(400);
      expect(bad.body.statusCode, query).toBe(400);
    }
  });

  it('the platform: the same across tip jars, new tip jars per month and the top tip jars', async () => {
    expect((await stats('?period=30d', jar.maker.token, '/tipjars/statistics')).status).toBe(403);
    const res = await stats('?period=30d', admin.token, '/tipjars/statistics');
    expect(res.status, res.text).toBe(200);
    const mine = (await stats('?period=30d')).body.totals;
    const top = res.body.topTipjars as { id: string; name: string; net: number; count: number }[];
    expect(top.map((j) => j.id)).toEqual([jar.id, other.id]);
    expect(top[0]).toMatchObject({ name: jar.name, ...mine });
    expect(top[1]).toMatchObject({ count: 1, sum: 300 });
    expect(res.body.totals.count).toBe(mine.count + 1);
    expect(res.body.totals.sum).toBe(mine.sum + 300);
    const created = res.body.newTipjars as { month: string; count: number }[];
    expect(created.at(-1)).toEqual({ month: (await amsterdamDay(0)).slice(0, 7), count: 2 });
    expect(created.reduce((s, m) => s + m.count, 0)).toBe(2);
    // The tip jar's own statistics have no platform figures.
    expect((await stats('?period=30d')).body).not.toHaveProperty('topTipjars');
  });

  it('the kept aggregates, split by kind, still equal a scan of the tips', async () => {
    expect(await aggregateDrift(t.database.db)).toEqual([]);
    const [kinds] = await rows<{ n: number }>(
      sql`select count(*)::int as n from tip_daily_totals where tipjar_id = ${jar.id} and kind = 'monthly'`,
    );
    expect(kinds!.n).toBe(2);
  });
});
