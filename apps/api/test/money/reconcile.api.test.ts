import { simulatePayment } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { OppError } from '../../src/payments/opp-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import {
  chargesOf,
  createMonthlyWorld,
  type MonthlyWorld,
  query,
  signUp,
  startTip,
  transactionsOfCharge,
} from './monthly-support.js';

/** The reconcile job repairs everything left open, however much there is (issue 8.2, 8.7). */
let t: TestApp;
let w: MonthlyWorld;

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  w = await createMonthlyWorld(t);
});
afterAll(() => t.close());

describe(`reconcile (${TEST_DB})`, () => {
  it('checks the least recently checked first: small runs reach every open transaction', async () => {
    const uids: string[] = [];
    for (let i = 0; i < 130; i++) uids.push((await startTip(w, 100 + i)).uid);
    // The newest ten were paid, but their notifications were lost.
    const paid = uids.slice(-10);
    for (const uid of paid) await simulatePayment(t.ctx, uid, 'completed', { notify: false });

    // Three short runs of one batch of 50 each (as the 5-minute job with a tiny budget would do).
    for (let run = 0; run < 3; run++) {
      const result = await reconcileTransactions(t.ctx, t.ledger, {
        olderThanMinutes: 0,
        batchSize: 50,
        maxBatches: 1,
      });
      expect(result.checked).toBe(50);
    }
    const rows = await query<{ opp_uid: string; status: string }>(
      t,
      sql`select opp_uid, status from opp_transactions where kind = 'tip' and opp_uid in (${sql.join(
        paid.map((u) => sql`${u}`),
        sql`, `,
      )})`,
    );
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill('completed'));
    // 130 checkouts one after another: under the fault run's retries that takes longer than the default 30 s.
  }, 90_000);

  it('keeps going within its time budget: one run checks every open row', async () => {
    const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0, batchSize: 20 });
    expect(result.checked).toBeGreaterThanOrEqual(120);
  });
});

describe(`a monthly tip whose first payment never reached the provider (${TEST_DB})`, () => {
  async function halfMade(key?: string) {
    const tipper = await t.createUser();
    const original = t.ctx.opp.createMandate.bind(t.ctx.opp);
    // The provider call dies after our commit — as when the server is killed mid-checkout.
    t.ctx.opp.createMandate = async () => {
      throw new OppError(503, undefined, 'down');
    };
    try {
      expect((await signUp(w, tipper, 500, key)).status).toBe(502);
    } finally {
      t.ctx.opp.createMandate = original;
    }
    return tipper;
  }

  it('answers a resubmit with the same Idempotency-Key with a checkout', async () => {
    const tipper = await halfMade('resubmit-key-1');
    const again = await signUp(w, tipper, 500, 'resubmit-key-1');
    expect(again.status, again.text).toBe(201);
    expect(again.body.oppTransaction.redirectUrl).toMatch(/\/sim\/checkout\/tra_/);
    const [month] = await chargesOf(t, again.body.recurringTip.id);
    expect(await transactionsOfCharge(t, month!.id)).toHaveLength(1);
  });

  it('is repaired by the reconcile job', async () => {
    const tipper = await halfMade();
    const [row] = await query<{ id: string }>(t, sql`select id from recurring_tips where user_id = ${tipper.id}`);
    const [month] = await chargesOf(t, row!.id);
    expect(await transactionsOfCharge(t, month!.id)).toHaveLength(0);
    const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    expect(result.repairedMandates).toBeGreaterThanOrEqual(1);
    const attempts = await transactionsOfCharge(t, month!.id);
    expect(attempts).toHaveLength(1);
    // The mandate is made (its checkout open); its first payment's uid comes when the provider tells.
    expect(attempts[0]).toMatchObject({ attempt: 1, status: 'created' });
    const [tip] = await query<{ mandate_uid: string | null }>(
      t,
      sql`select mandate_uid from recurring_tips where id = ${row!.id}`,
    );
    expect(tip!.mandate_uid).toMatch(/^mdt_/);
  });
});

describe('afterwards', () => {
  it('the money check finds no violation', async () => {
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });
});
