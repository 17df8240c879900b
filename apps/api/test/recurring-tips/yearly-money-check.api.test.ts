import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recurringTipCharges } from '../../src/db/schema/index.js';
import { runMoneyCheck } from '../../src/jobs/money-check.js';
import { chargesOf, signUpAndPay, uidOf, useMonthlyWorld } from '../money/monthly-support.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * The money check's period invariants (decision 092), as `npm run check:money` runs them
 * (runMoneyCheck): a yearly tip's charges are keyed 'YYYY', a monthly tip's 'YYYY-MM', and a period is
 * collected at most once — rows planted by hand past the unique key are reported, and a clean
 * database reports nothing.
 */
const w = useMonthlyWorld();
const PERIOD_RULES = ['period-matches-interval', 'one-collection-per-period'];

async function periodViolations() {
  const result = await runMoneyCheck(w.t.ctx, w.t.ledger, { provider: false, settledMinutes: 0 });
  return { all: result.violations, ours: result.violations.filter((v) => PERIOD_RULES.includes(v.invariant)) };
}

describe(`the money check of periods (${TEST_DB})`, () => {
  it('reports a yearly tip collected twice in a year and periods of the wrong interval; nothing once clean', async () => {
    const tipper = await w.t.createUser();
    const res = await w.t.api('POST', `/tipjars/${w.jar.id}/recurringtips`, {
      token: tipper.token,
      body: {
        data: {
          amount: 5000,
          interval: 'year',
          displayName: 'Fan',
          message: '',
          payment: { paymentmethod: w.ideal, paymentissuer: '' },
        },
      },
    });
    expect(res.status, res.text).toBe(201);
    await simulatePayment(w.t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(w.t.ctx);
    const yearlyId = res.body.recurringTip.id as string;
    const monthlyId = await signUpAndPay(w, await w.t.createUser());

    expect((await periodViolations()).all).toEqual([]);

    const [paidYear] = await chargesOf(w.t, yearlyId);
    const year = paidYear!.period;
    expect(year).toMatch(/^\d{4}$/);
    const [paidMonth] = await chargesOf(w.t, monthlyId);
    // Planted by hand, past the unique key: a month-keyed collection of the year already paid, and a
    // year-keyed charge on a monthly tip.
    const planted = await w.t.database.db
      .insert(recurringTipCharges)
      .values([
        {
          recurringTipId: yearlyId,
          period: `${year}-06`,
          amount: 5000,
          via: 'debit',
          status: 'completed',
          paidTransactionId: paidYear!.paidTransactionId,
          completedAt: new Date(),
        },
        { recurringTipId: monthlyId, period: year, amount: 500, via: 'debit', status: 'cancelled' },
      ])
      .returning();

    const { ours } = await periodViolations();
    expect(ours).toEqual(
      expect.arrayContaining([
        {
          invariant: 'period-matches-interval',
          subject: `recurring_tip_charges ${planted[0]!.id} (recurring_tips ${yearlyId})`,
          detail: `period ${year}-06 on a yearly tip (expected YYYY)`,
        },
        {
          invariant: 'period-matches-interval',
          subject: `recurring_tip_charges ${planted[1]!.id} (recurring_tips ${monthlyId})`,
          detail: `period ${year} on a monthly tip (expected YYYY-MM)`,
        },
        {
          invariant: 'one-collection-per-period',
          subject: `recurring_tips ${yearlyId} (${year})`,
          detail: `2 completed collections for one period (${year}, ${year}-06)`,
        },
      ]),
    );
    expect(ours).toHaveLength(3);
    expect(paidMonth!.period).toMatch(/^\d{4}-\d{2}$/);

    await w.t.database.db.delete(recurringTipCharges).where(
      inArray(
        recurringTipCharges.id,
        planted.map((p) => p.id),
      ),
    );
    expect((await periodViolations()).all).toEqual([]);
  });
});
