import { listResponseSchema, StatisticsSchema, TipSchema } from '@podpot/domain';
import { awaitSimulatorDeliveries, simulatePayment, simulateReversal } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { aggregateDrift } from '../../src/modules/statistics/statistics.scan.js';
import { refundsPaidOut } from '../support/refunds.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { addIdeal, openTip, orderLiveJar } from '../support/tipjar.js';

/**
 * The aggregates behind statistics and list counts (decision 018) after a mix of completions,
 * refunds, chargebacks, a cancellation and concurrent status changes: the statistics a maker sees are
 * what a scan of the tips gives, and the money check finds drift when an aggregate is changed by hand.
 * Real HTTP, the real simulator, both databases (TEST_DB=pg for the concurrency).
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let jar: { id: string; maker: TestUser };

const tipOf = (amount: number) => openTip(t, jar.id, { amount, paymentmethod: ideal, locale: 'nl' });

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

const refund = (tipId: string, data: Record<string, unknown>) =>
  t.api('POST', `/tips/${tipId}/refunds`, { token: admin.token, body: { data } });

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
  jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Aggregate Pod' });
});
afterAll(() => t.close());

describe('statistics from kept aggregates', () => {
  it('equal a scan of the tips after completions, refunds, chargebacks and concurrent changes', async () => {
    const amounts = [500, 700, 1000, 1200, 1500, 2000, 2500, 300];
    type Open = Awaited<ReturnType<typeof tipOf>>;
    const [a, b, c, d, e, f, g, h] = (await Promise.all(amounts.map((amount) => tipOf(amount)))) as [
      Open,
      Open,
      Open,
      Open,
      Open,
      Open,
      Open,
      Open,
    ];
    // Seven payments complete at once, each notified twice at once; one is cancelled.
    await Promise.all(
      [a, b, c, d, e, f, g].flatMap((tip) => [
        simulatePayment(t.ctx, tip.uid, 'completed'),
        simulatePayment(t.ctx, tip.uid, 'completed').catch(() => undefined),
      ]),
    );
    await simulatePayment(t.ctx, h.uid, 'cancelled');
    await awaitSimulatorDeliveries(t.ctx);

    // Refunds side by side (two on one tip at once, one on another), a full refund and a chargeback.
    const parallel = await Promise.all([
      refund(a.id, { amount: 100, reason: 'Part' }),
      refund(a.id, { amount: 150, reason: 'Another part' }),
      refund(b.id, { amount: 300, reason: 'Part' }),
    ]);
    for (const res of parallel) expect(res.status, res.text).toBe(201);
    expect((await refund(c.id, { reason: 'All of it' })).status).toBe(201);
    await simulateReversal(t.ctx, d.uid, 'chargeback');
    await refundsPaidOut(t);
    // One tip was paid yesterday (Amsterdam): its day moves with it.
    await t.database.db.execute(sql`update tips set completed_at = completed_at - interval '1 day' where id = ${e.id}`);

    const stats = await t.api('GET', `/tipjars/${jar.id}/statistics`, { token: jar.maker.token });
    expect(stats.status, stats.text).toBe(200);
    // Written from the compiled schema (decision 020): exactly what zod would have let through.
    expect(StatisticsSchema.parse(stats.body)).toEqual(stats.body);
    const platform = await t.api('GET', '/tipjars/statistics?period=12m', { token: admin.token });
    expect(StatisticsSchema.parse(platform.body)).toEqual(platform.body);
    const [scan] = await rows<{ count: number; sum: number; refunded: number; fees: number }>(
      sql`select count(*)::int as count, sum(amount)::int as sum, sum(refunded_amount)::int as refunded,
                 sum(fee - refunded_fee)::int as fees
          from tips where tipjar_id = ${jar.id} and completed_at is not null`,
    );
    expect(scan).toEqual({
      count: 7,
      sum: 500 + 700 + 1000 + 1200 + 1500 + 2000 + 2500,
      refunded: 250 + 300 + 1000 + 1200,
      fees: scan!.fees,
    });
    expect(stats.body.tips).toMatchObject(scan!);
    expect(stats.body.tips.net).toBe(scan!.sum - scan!.refunded - scan!.fees);
    const days = await rows<{ date: string; count: number; sum: number; refunded: number }>(
      sql`select to_char(completed_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as date, count(*)::int as count,
                 sum(amount)::int as sum, sum(refunded_amount)::int as refunded
          from tips where tipjar_id = ${jar.id} and completed_at is not null group by 1 order by 1`,
    );
    expect(days).toHaveLength(2);
    expect(stats.body.perDay.filter((day: { count: number }) => day.count > 0)).toEqual(days);
    expect(stats.body.byMethod).toEqual([{ method: 'ideal', count: 7, sum: scan!.sum, refunded: scan!.refunded }]);

    // The list counts come from kept counters too.
    const all = await t.api('GET', `/tipjars/${jar.id}/tips`, { token: jar.maker.token });
    expect(all.body.metadata.count).toBe(8);
    expect(listResponseSchema(TipSchema).parse(all.body)).toEqual(all.body);
    const refunded = await t.api('GET', `/tipjars/${jar.id}/tips?status=refunded`, { token: jar.maker.token });
    expect(refunded.body.data.map((tip: { id: string }) => tip.id)).toEqual([c.id]);
    expect(refunded.body.metadata.count).toBe(1);
    expect(await aggregateDrift(t.database.db)).toEqual([]);
  });

  it('the money check finds an aggregate that drifted from its tips', async () => {
    const clean = await checkMoney(t.ctx, t.ledger, { provider: false });
    expect(
      clean.violations.filter((v) => /tip_daily_totals|tip_status_counts|tip_list_positions/.test(v.subject)),
    ).toEqual([]);
    await t.database.db.execute(sql`update tip_daily_totals set refunded_amount = refunded_amount + 1 where tipjar_id = ${jar.id}
                                    and day = (select max(day) from tip_daily_totals where tipjar_id = ${jar.id})`);
    await t.database.db.execute(sql`update tip_status_counts set count = count + 1
                                    where (tipjar_id, status, shard) = (select tipjar_id, status, shard from tip_status_counts
                                                                        where tipjar_id = ${jar.id} and status = 'cancelled' and count > 0)`);
    await t.database.db.execute(sql`update tip_list_positions set count = count - 1
                                    where (tipjar_id, dimension, bucket, status, shard) = (
                                      select tipjar_id, dimension, bucket, status, shard from tip_list_positions
                                      where tipjar_id = ${jar.id} and dimension = 'amount' and bucket = 700 and count > 0 limit 1)`);
    const found = (await checkMoney(t.ctx, t.ledger, { provider: false })).violations.map(
      (v) => `${v.invariant} ${v.subject}`,
    );
    expect(found).toContainEqual(expect.stringMatching(new RegExp(`^totals-agree tip_daily_totals ${jar.id} `)));
    expect(found).toContain(`totals-agree tip_status_counts ${jar.id} cancelled`);
    expect(found).toContain(`totals-agree tip_list_positions ${jar.id} amount completed 700`);
    const after = await t.api('GET', `/tipjars/${jar.id}/tips`, { token: jar.maker.token });
    expect(after.body.metadata.count).toBe(9);
  });
});
