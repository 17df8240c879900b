import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { aggregateDrift } from '../../src/modules/statistics/statistics.scan.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { insertLiveJar } from '../support/tipjar.js';

/**
 * The active monthly tips a tip jar's statistics show (count and monthly sum) are kept per tip jar by
 * a row trigger on recurring_tips (decision 052), not counted on every read. Every way a monthly tip
 * starts or stops counting moves them — a new one, a pause, a revoked mandate, a new amount, a move
 * to another tip jar, a delete — also when several change at once in separate transactions
 * (PostgreSQL); a change of anything else moves nothing. Both databases.
 */
let t: TestApp;
let maker: TestUser;
let tipper: TestUser;
let jar: string;
let otherJar: string;

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.createUser();
  tipper = await t.createUser();
  jar = await insertLiveJar(t, `monthly-totals-${Date.now().toString(36)}`, maker);
  otherJar = await insertLiveJar(t, `monthly-totals-other-${Date.now().toString(36)}`, maker);
});
afterAll(() => t.close());

async function rows<T>(statement: SQL): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** What the statistics answer for a tip jar. */
async function shown(tipjarId: string) {
  const res = await t.api('GET', `/tipjars/${tipjarId}/statistics`, { token: maker.token });
  expect(res.status, res.text).toBe(200);
  return res.body.recurring as { active: number; monthlySum: number };
}

/** The same figures counted over the monthly tips themselves. */
async function scanned(tipjarId: string) {
  const [row] = await rows<{ active: number; monthlySum: number }>(
    sql`select count(*)::int as "active", coalesce(sum(amount), 0)::int as "monthlySum" from recurring_tips
        where tipjar_id = ${tipjarId} and status = 'active' and mandate_status = 'valid'`,
  );
  return row!;
}

async function insertMonthly(amount: number, mandateStatus: 'valid' | 'pending' = 'valid') {
  const [row] = await rows<{ id: string }>(
    sql`insert into recurring_tips (tipjar_id, user_id, amount, mandate_status)
        values (${jar}, ${tipper.id}, ${amount}, ${mandateStatus}) returning id`,
  );
  return row!.id;
}

const set = (id: string, change: SQL) =>
  t.database.db.execute(sql`update recurring_tips set ${change} where id = ${id}`);

describe('the kept active monthly tips of a tip jar', () => {
  it('follow every change of a monthly tip, side by side too, and equal a count of them', async () => {
    expect(await shown(jar)).toEqual({ active: 0, monthlySum: 0 });
    const [a, b, c, d] = await Promise.all([
      insertMonthly(500),
      insertMonthly(700),
      insertMonthly(900),
      insertMonthly(1100),
    ]);
    const pending = await insertMonthly(300, 'pending');
    expect(await shown(jar)).toEqual({ active: 4, monthlySum: 3200 });

    // Three change at once, each in its own transaction: a pause, a revoked mandate, a new amount.
    await Promise.all([
      t.database.db.transaction((tx) => tx.execute(sql`update recurring_tips set status = 'paused' where id = ${a}`)),
      t.database.db.transaction((tx) =>
        tx.execute(sql`update recurring_tips set mandate_status = 'revoked' where id = ${b}`),
      ),
      t.database.db.transaction((tx) => tx.execute(sql`update recurring_tips set amount = 1000 where id = ${c}`)),
    ]);
    expect(await shown(jar)).toEqual({ active: 2, monthlySum: 2100 });

    // The pending one's first payment makes its mandate valid; the paused one resumes.
    await set(pending, sql`mandate_status = 'valid'`);
    await set(a, sql`status = 'active'`);
    expect(await shown(jar)).toEqual({ active: 4, monthlySum: 2900 });

    // Changes of other columns, and a status written again unchanged, move nothing.
    await set(c, sql`next_charge_at = now(), failed_attempts = 1, status = 'active'`);
    expect(await shown(jar)).toEqual({ active: 4, monthlySum: 2900 });

    // A monthly tip moved to another tip jar counts there; a deleted one nowhere; a cancelled one no more.
    await set(d, sql`tipjar_id = ${otherJar}, amount = 1200`);
    await t.database.db.execute(sql`delete from recurring_tips where id = ${pending}`);
    await set(a, sql`status = 'cancelled'`);
    expect(await shown(jar)).toEqual({ active: 1, monthlySum: 1000 });
    expect(await shown(otherJar)).toEqual({ active: 1, monthlySum: 1200 });

    expect(await shown(jar)).toEqual(await scanned(jar));
    expect(await shown(otherJar)).toEqual(await scanned(otherJar));
    expect((await aggregateDrift(t.database.db)).filter((d) => d.table === 'recurring_tip_totals')).toEqual([]);
  });

  it('the money check finds kept totals that drifted from the monthly tips', async () => {
    await t.database.db.execute(
      sql`update recurring_tip_totals set monthly_sum = monthly_sum + 1
          where (tipjar_id, shard) = (select tipjar_id, shard from recurring_tip_totals where tipjar_id = ${otherJar} limit 1)`,
    );
    const found = (await checkMoney(t.ctx, t.ledger, { provider: false })).violations.map(
      (v) => `${v.invariant} ${v.subject}`,
    );
    expect(found).toContain(`totals-agree recurring_tip_totals ${otherJar}`);
    expect(found).not.toContain(`totals-agree recurring_tip_totals ${jar}`);
  });
});
