import { simulatorFaults } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringTips, users } from '../../src/db/schema/index.js';
import { runCharges } from '../../src/modules/recurring-tips/recurring-tips.charge-job.js';
import { createMonthlyWorld, type MonthlyWorld, query } from '../money/monthly-support.js';
import { createTestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

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
const mandates: { recurringTipId: string; mandateUid: string }[] = [];

beforeAll(async () => {
  if (TEST_DB !== 'pg') return;
  const t = await createTestApp({ SIM_FAULTS: 'http409=0.2,timeout=0.1', SIM_FAULTS_SEED: SEED });
  const faults = simulatorFaults(t.ctx)!;
  faults.active = false;
  w = await createMonthlyWorld(t);
  const [merchant] = await query<{ merchant_uid: string }>(
    t,
    sql`select merchant_uid from opp_merchants where tipjar_id = ${w.jar.id}`,
  );
  // Monthly tips whose mandate is valid (an imported mandate is usable at once), due a minute ago.
  for (let i = 0; i < MONTHLY_TIPS; i++) {
    const [user] = await t.database.db
      .insert(users)
      .values({
        email: `parallel-${i}-${Date.now()}@example.test`,
        passwordHash: 'x',
        firstName: 'P',
        lastName: `${i}`,
      })
      .returning();
    const mandate = await t.ctx.opp.createMandate(
      {
        merchant_uid: merchant!.merchant_uid,
        mandate_method: 'import',
        mandate_type: 'consumer',
        reference: `p-${i}`,
      } as never,
      `parallel-mandate-${i}`,
    );
    const [tip] = await t.database.db
      .insert(recurringTips)
      .values({
        tipjarId: w.jar.id,
        userId: user!.id,
        amount: 300 + i,
        status: 'active',
        mandateStatus: 'valid',
        mandateUid: mandate.uid,
        mandateToken: mandate.token,
        paymentMethod: 'ideal',
        chargeDay: 1,
        nextChargeAt: new Date(Date.now() - 60_000),
      })
      .returning();
    mandates.push({ recurringTipId: tip!.id, mandateUid: mandate.uid });
  }
  faults.active = true;
});
afterAll(() => w?.t.close());

describe.skipIf(TEST_DB !== 'pg')('the charge run with parallel sends (PostgreSQL)', () => {
  it('two runs at once, 8 sends in flight each, charge every month exactly once', async () => {
    const now = new Date();
    const runs = await Promise.all([
      runCharges(w.t.ctx, { now, concurrency: 8 }),
      runCharges(w.t.ctx, { now, concurrency: 8 }),
    ]);
    expect(runs[0]!.claimed + runs[1]!.claimed).toBe(MONTHLY_TIPS);
    // Sends that met a fault too often are left for the next run, as a scheduler would start it.
    for (let round = 0; round < 5; round++) {
      const [left] = await query<{ n: number }>(
        w.t,
        sql`select count(*)::int as n from recurring_tip_charges where via = 'debit' and status = 'scheduled'`,
      );
      if (left!.n === 0) break;
      await Promise.all([runCharges(w.t.ctx, { now, concurrency: 8 }), runCharges(w.t.ctx, { now, concurrency: 8 })]);
    }

    // The provider's side: one debit per mandate, for the month's amount.
    const provider = await query<{ mandate_uid: string; n: number; uids: string[] }>(
      w.t,
      sql`select data->>'mandate_uid' as mandate_uid, count(*)::int as n, array_agg(uid) as uids from sim_objects
          where object_type = 'transaction' and data->>'mandate_uid' is not null group by 1`,
    );
    const byMandate = new Map(provider.map((p) => [p.mandate_uid, p]));
    // Ours: one debit month per monthly tip, whose provider transaction is that one debit.
    const ours = await query<{ recurring_tip_id: string; months: number; opp_uids: string[] }>(
      w.t,
      sql`select c.recurring_tip_id, count(distinct c.id)::int as months,
                 array_agg(o.opp_uid) filter (where o.opp_uid is not null) as opp_uids
          from recurring_tip_charges c
          left join opp_transactions o on o.kind = 'recurring_charge' and o.owner_id = c.id
          where c.via = 'debit' group by 1`,
    );
    const oursByTip = new Map(ours.map((o) => [o.recurring_tip_id, o]));
    for (const { recurringTipId, mandateUid } of mandates) {
      expect(byMandate.get(mandateUid)?.n, `debits at the provider for ${mandateUid}`).toBe(1);
      const mine = oursByTip.get(recurringTipId);
      expect(mine?.months).toBe(1);
      expect(mine?.opp_uids).toEqual(byMandate.get(mandateUid)!.uids);
    }
    const { refused, answersLost } = simulatorFaults(w.t.ctx)!.counts;
    expect(refused).toBeGreaterThan(0);
    expect(answersLost).toBeGreaterThan(0);
  }, 120_000);
});
