import { simulatorOf } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { createMonthlyWorld, type MonthlyWorld, query } from '../money/monthly-support.js';
import { startScript } from '../support/child-app.js';
import { createTestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { addDueMonthlyTips, type DueMonthlyTip, expectOneDebitEach } from './due-monthly-tips.js';

/**
 * Decision 023: the charge run leases its months a batch at a time and records the provider's
 * answers a batch at a time. A run killed (kill -9) in the middle of its sends leaves months the
 * provider charged whose answer it never wrote, and months it leased and never sent. Once their lease
 * has run out, two runs at once — against a provider that ignores the Idempotency-Key, so a month
 * sent again would be a second debit — charge every month exactly once: the killed run's debits are
 * found by their reference and adopted, and no month is lost.
 */
const MONTHLY_TIPS = 300;
/** The run is killed once the provider holds this many of its debits (its second lease batch or so). */
const KILL_AFTER_DEBITS = 120;

let w: MonthlyWorld;
let due: DueMonthlyTip[] = [];

beforeAll(async () => {
  if (TEST_DB !== 'pg') return;
  w = await createMonthlyWorld(await createTestApp());
  due = await addDueMonthlyTips(w, MONTHLY_TIPS, 'killed');
}, 300_000);
afterAll(() => w?.t.close());

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await query<{ n: number }>(w.t, statement);
  return row!.n;
}
/** Debits are SEPA (no answer need echo our `charge-…` reference: the simulator's `references: dropped`). */
const providerDebits = () =>
  count(sql`select count(*)::int as n from sim_objects
            where object_type = 'transaction' and data->>'payment_method' = 'sepa'`);
const recordedDebits = () =>
  count(sql`select count(*)::int as n from opp_transactions where kind = 'recurring_charge' and opp_uid is not null`);
/** Months whose first try has no answer yet (a try the provider failed waits for its retry as attempt 2). */
const unsentMonths = () =>
  count(sql`select count(*)::int as n from recurring_tip_charges
            where via = 'debit' and status = 'scheduled' and attempt = 1`);

describe.skipIf(TEST_DB !== 'pg')('a charge run killed in the middle of a batch (PostgreSQL)', () => {
  it('kill -9 mid-batch, then two runs at once: every month charged exactly once, none lost', async () => {
    // The run in a process of its own (npm run jobs:charge), with the simulator in that process on this database.
    const run = startScript('src/cli.ts', ['charge'], {
      DATABASE_URL: (w.t.database as { url?: string }).url!,
      DATABASE_POOL_SIZE: '8',
      MAIL_WORKER: 'off',
      SEED_DEMO: 'false',
    });
    for (let waited = 0; (await providerDebits()) < KILL_AFTER_DEBITS; waited += 20) {
      if (run.process.exitCode !== null || waited > 120_000) {
        throw new Error(`the charge run ended before it was killed:\n${(await run.ended).output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    run.process.kill('SIGKILL');
    expect((await run.ended).code).toBeNull();

    // What the kill left: debits the provider made whose answers were never written, months not sent.
    const charged = await providerDebits();
    expect(charged).toBeGreaterThanOrEqual(KILL_AFTER_DEBITS);
    expect(await recordedDebits()).toBeLessThan(charged);
    expect(await unsentMonths()).toBeGreaterThan(0);
    expect(charged).toBeLessThan(MONTHLY_TIPS);

    // The killed run's leases run out (LEASE_MS, five minutes; here at once).
    await w.t.database.db.execute(
      sql`update recurring_tip_charges set claimed_until = now() - interval '1 second' where claimed_until > now()`,
    );
    simulatorOf(w.t.ctx).idempotencyMode = 'ignore';
    const now = new Date();
    for (let round = 0; round < 3 && (await unsentMonths()) > 0; round++) {
      await Promise.all([
        runCharges(w.t.ctx, w.t.ledger, { now, concurrency: 8 }),
        runCharges(w.t.ctx, w.t.ledger, { now, concurrency: 8 }),
      ]);
    }
    expect(await unsentMonths()).toBe(0);
    await expectOneDebitEach(w, due);
  }, 300_000);
});
