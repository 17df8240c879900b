import { simulatorFaults } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { createMonthlyWorld, type MonthlyWorld, query } from '../money/monthly-support.js';
import { createTestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { addDueMonthlyTips, type DueMonthlyTip, expectOneDebitEach } from './due-monthly-tips.js';

/**
 * Decision 019: the charge run sends CHARGE_CONCURRENCY charges at once. Two runs at the same time
 * (each with many sends in flight, on PostgreSQL's separate connections), against a provider that
 * refuses a share of calls with 409 and loses a share of answers after acting, still charge every
 * month exactly once: the simulator holds one debit per mandate, and each of our months names it.
 * Their claim transactions write the month tips of one jar at once without a deadlock (decision 018).
 */
// Over two claim batches (100 each), so the claim workers of both runs overlap on one tip jar.
const MONTHLY_TIPS = 250;
const SEED = 19_019;

let w: MonthlyWorld;
let due: DueMonthlyTip[] = [];

beforeAll(async () => {
  if (TEST_DB !== 'pg') return;
  const t = await createTestApp({ SIM_FAULTS: 'http409=0.2,timeout=0.1', SIM_FAULTS_SEED: SEED });
  const faults = simulatorFaults(t.ctx)!;
  faults.active = false;
  w = await createMonthlyWorld(t);
  due = await addDueMonthlyTips(w, MONTHLY_TIPS, 'parallel');
  faults.active = true;
});
afterAll(() => w?.t.close());

describe.skipIf(TEST_DB !== 'pg')('the charge run with parallel sends (PostgreSQL)', () => {
  it('two runs at once, 8 sends in flight each, charge every month exactly once', async () => {
    const now = new Date();
    const runs = await Promise.all([
      runCharges(w.t.ctx, w.t.ledger, { now, concurrency: 8 }),
      runCharges(w.t.ctx, w.t.ledger, { now, concurrency: 8 }),
    ]);
    expect(runs[0]!.claimed + runs[1]!.claimed).toBe(MONTHLY_TIPS);
    // Sends that met a fault too often are left for the next run, as a scheduler would start it.
    for (let round = 0; round < 5; round++) {
      const [left] = await query<{ n: number }>(
        w.t,
        sql`select count(*)::int as n from recurring_tip_charges where via = 'debit' and status = 'scheduled'`,
      );
      if (left!.n === 0) break;
      await Promise.all([
        runCharges(w.t.ctx, w.t.ledger, { now, concurrency: 8 }),
        runCharges(w.t.ctx, w.t.ledger, { now, concurrency: 8 }),
      ]);
    }

    await expectOneDebitEach(w, due);
    const { refused, answersLost } = simulatorFaults(w.t.ctx)!.counts;
    expect(refused).toBeGreaterThan(0);
    expect(answersLost).toBeGreaterThan(0);
  }, 120_000);
});
