import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import {
  chargesOf,
  createMonthlyWorld,
  type MonthlyWorld,
  retryMandate,
  signUpAndPay,
  transactionsOfCharge,
  uidOf,
} from './monthly-support.js';

/**
 * Issue 8.1: a month whose first payment failed is retried from two tabs (or phone and laptop) at
 * the same moment. Before the fix both answered a checkout and paying both collected the month twice.
 */
let t: TestApp;
let w: MonthlyWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createMonthlyWorld(t);
});
afterAll(() => t.close());

describe(`POST /api/v1/user/me/recurringtips/:id/mandate/retry, twice at once (${TEST_DB})`, () => {
  it('hands out one checkout for the month; paying every checkout handed out collects it once', async () => {
    for (let round = 0; round < 5; round++) {
      const tipper = await t.createUser();
      const id = await signUpAndPay(w, tipper, 'failed');
      const answers = await Promise.all([retryMandate(w, tipper, id), retryMandate(w, tipper, id)]);
      for (const a of answers) expect([200, 409], a.text).toContain(a.status);
      const links = new Set(
        answers.filter((a) => a.status === 200).map((a) => a.body.mandate.oppTransaction?.redirectUrl as string),
      );
      expect(links.size).toBe(1);
      // The tipper pays every checkout they were given (both tabs).
      for (const link of links) await simulatePayment(t.ctx, uidOf(link), 'completed');
      await awaitSimulatorDeliveries(t.ctx);

      const [month] = await chargesOf(t, id);
      expect(month).toMatchObject({ status: 'completed', attempt: 2 });
      const attempts = await transactionsOfCharge(t, month!.id);
      expect(attempts.filter((a) => a.status === 'completed')).toHaveLength(1);
      // The first (failed) try and one retry: no third provider transaction for the month.
      expect(attempts).toHaveLength(2);
    }
  });

  it('answers the open checkout again instead of starting a second one', async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper, 'failed');
    const first = await retryMandate(w, tipper, id);
    expect(first.status, first.text).toBe(200);
    const again = await retryMandate(w, tipper, id);
    expect(again.status, again.text).toBe(200);
    expect(again.body.mandate.oppTransaction.redirectUrl).toBe(first.body.mandate.oppTransaction.redirectUrl);
  });
});

describe(`POST /api/v1/user/me/recurringtips/:id/mandate/retry, many at once (${TEST_DB})`, () => {
  // Issue 34.9: a retry locked month → monthly tip while another retry's send locked monthly tip →
  // month; PostgreSQL broke the deadlock by failing one of them, a 500 (5 of 60 before the fix).
  it('answers every request with a checkout or a 409, never a 500', async () => {
    for (let round = 0; round < 2; round++) await retryManyAtOnce();
  }, 120_000);
});

describe.skipIf(TEST_DB !== 'pg')('the mandate retry and a send of the same monthly tip at once (PostgreSQL)', () => {
  // Issue 34.9, made certain: a writer that takes the monthly tip, then its month — the order of the
  // mandate's send (sendMandatePayment) and of a revocation — while a retry is under way. Before the
  // fix the retry held the month and waited for the monthly tip: PostgreSQL broke the deadlock by
  // failing the retry, a 500.
  it('waits for the other writer instead of deadlocking with it', async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper, 'failed');
    const [month] = await chargesOf(t, id);
    let retry: ReturnType<typeof retryMandate> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from recurring_tips where id = ${id} for update`);
      retry = retryMandate(w, tipper, id);
      // Long enough for the retry to reach its transaction and wait there.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.execute(sql`select id from recurring_tip_charges where id = ${month!.id} for update`);
    });
    const answer = await retry!;
    expect(answer.status, answer.text).toBe(200);
  });
});

async function retryManyAtOnce() {
  {
    const tippers = await Promise.all(Array.from({ length: 10 }, () => t.createUser()));
    const ids: string[] = [];
    for (const tipper of tippers) ids.push(await signUpAndPay(w, tipper, 'failed'));
    const answers = await Promise.all(
      // Spread over a few milliseconds, so later requests meet the first one's send mid-way.
      tippers.flatMap((tipper, i) =>
        Array.from({ length: 6 }, async (_, k) => {
          await new Promise((resolve) => setTimeout(resolve, k * 4));
          return retryMandate(w, tipper, ids[i]!);
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const [i, id] of ids.entries()) {
      const mine = answers.slice(i * 6, i * 6 + 6).filter((a) => a.status === 200);
      expect(mine.length, 'a checkout for each monthly tip').toBeGreaterThan(0);
      // One checkout per month however many requests raced.
      expect(new Set(mine.map((a) => a.body.mandate.oppTransaction?.redirectUrl)).size).toBe(1);
      const [month] = await chargesOf(t, id);
      expect(month).toMatchObject({ attempt: 2 });
    }
  }
}

describe('afterwards', () => {
  it('the money check finds no violation', async () => {
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });
});
