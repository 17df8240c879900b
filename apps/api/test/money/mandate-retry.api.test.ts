import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
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

describe('afterwards', () => {
  it('the money check finds no violation', async () => {
    expect((await checkMoney(t.ctx)).violations).toEqual([]);
  });
});
