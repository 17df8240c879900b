import { MAX_CHARGE_ATTEMPTS } from '@podpot/domain';
import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { chargesOf, type MonthlyWorld, query, uidOf, useMonthlyWorld } from '../money/monthly-support.js';
import type { TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Yearly tips (issue 40, decision 092): the first payment pays this year, the charge run collects the
 * same day one year later, period 'YYYY' — at most once per year, however the runs meet; the
 * pre-notification and dunning are those of a monthly tip. The money check finds nothing at the end.
 */
const DAY = 24 * 60 * 60 * 1000;
const w: MonthlyWorld = useMonthlyWorld();

async function startYearly(tipper: TestUser, amount: number, extra: Record<string, unknown> = {}) {
  return w.t.api('POST', `/tipjars/${w.jar.id}/recurringtips`, {
    token: tipper.token,
    body: {
      data: {
        amount,
        interval: 'year',
        displayName: 'Yearly Fan',
        message: '',
        locale: 'nl',
        payment: { paymentmethod: w.ideal, paymentissuer: '' },
        ...extra,
      },
    },
  });
}

async function signUpYearly(tipper: TestUser, amount = 6000) {
  const res = await startYearly(tipper, amount);
  expect(res.status, res.text).toBe(201);
  await simulatePayment(w.t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed');
  await awaitSimulatorDeliveries(w.t.ctx);
  const id = res.body.recurringTip.id as string;
  return { id, mine: await getMine(tipper, id) };
}

async function getMine(tipper: TestUser, id: string) {
  const res = await w.t.api('GET', `/user/me/recurringtips/${id}`, { token: tipper.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function run(now: Date) {
  const result = await runCharges(w.t.ctx, w.t.ledger, { now });
  await awaitSimulatorDeliveries(w.t.ctx);
  return result;
}

async function debitsOf(id: string) {
  return (await chargesOf(w.t, id)).filter((c) => c.via === 'debit');
}

async function settleCurrent(chargeId: string, outcome: 'completed' | 'failed') {
  const [row] = await query<{ opp_uid: string }>(
    w.t,
    sql`select opp_uid from opp_transactions where kind = 'recurring_charge' and owner_id = ${chargeId}
        order by attempt desc limit 1`,
  );
  await simulatePayment(w.t.ctx, row!.opp_uid, outcome);
  await awaitSimulatorDeliveries(w.t.ctx);
}

describe(`yearly tips (${TEST_DB})`, () => {
  it('the first payment pays this year; the next charge is the same day one year later', async () => {
    const admin = await w.t.createUser({ role: 'ADMIN' });
    const monthlyValue = async () => {
      const stats = await w.t.api('GET', `/tipjars/${w.jar.id}/statistics`, { token: admin.token });
      expect(stats.status, stats.text).toBe(200);
      return stats.body.recurring as { active: number; monthlySum: number };
    };
    const before = await monthlyValue();
    const tipper = await w.t.createUser();
    const { id, mine } = await signUpYearly(tipper, 6001);
    // The statistics' monthly value counts a yearly tip as a twelfth of it, rounded down (decision 092).
    expect(await monthlyValue()).toEqual({ active: before.active + 1, monthlySum: before.monthlySum + 500 });
    const paidAt = new Date();
    expect(mine).toMatchObject({ interval: 'year', amount: 6001, mandate: { status: 'valid' } });
    expect(mine.charges).toHaveLength(1);
    expect(mine.charges[0]).toMatchObject({ period: String(paidAt.getUTCFullYear()), status: 'completed' });
    const next = new Date(mine.nextChargeAt);
    expect(next.getUTCFullYear()).toBe(paidAt.getUTCFullYear() + 1);
    expect(next.getUTCMonth()).toBe(paidAt.getUTCMonth());
    expect(next.getUTCDate()).toBe(Math.min(paidAt.getUTCDate(), 28));
    const mails = (await w.t.outbox()).filter((m) => m.to.includes(tipper.email));
    const started = mails.find((m) => /jaarlijkse fooi/.test(m.subject));
    expect(started?.text).toContain('één keer per jaar');
    expect(started?.text).toContain(`/account/recurringtips/${id}?token=`);
  });

  it('a monthly tip stays monthly by default and a bad interval is a 400', async () => {
    const tipper = await w.t.createUser();
    const bad = await startYearly(tipper, 500, { interval: 'week' });
    expect(bad.status).toBe(400);
    const monthly = await w.t.api('POST', `/tipjars/${w.jar.id}/recurringtips`, {
      token: tipper.token,
      body: {
        data: { amount: 500, displayName: 'Fan', message: '', payment: { paymentmethod: w.ideal, paymentissuer: '' } },
      },
    });
    expect(monthly.status, monthly.text).toBe(201);
    expect(monthly.body.recurringTip.interval).toBe('month');
    expect((await chargesOf(w.t, monthly.body.recurringTip.id))[0]!.period).toMatch(/^\d{4}-\d{2}$/);
  });

  it('one charge per year: pre-notified once, runs at once and again charge once, a month later nothing', async () => {
    const tipper = await w.t.createUser();
    const { id, mine } = await signUpYearly(tipper, 4800);
    const due = new Date(mine.nextChargeAt);
    // An amount change applies from the next year on.
    const lower = await w.t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { amount: 3600 } },
    });
    expect(lower.status, lower.text).toBe(200);
    expect(lower.body).toMatchObject({ amount: 4800, nextAmount: 3600, interval: 'year' });

    expect((await run(new Date(due.getTime() - 30 * DAY))).claimed).toBe(0);
    await run(new Date(due.getTime() - 2 * DAY));
    await run(new Date(due.getTime() - 1 * DAY));
    const notices = (await w.t.outbox()).filter((m) => m.to.includes(tipper.email) && /schrijven we/.test(m.subject));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('jaarlijkse fooi');

    await Promise.all([run(due), run(due)]);
    await run(due);
    let debits = await debitsOf(id);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ period: String(due.getUTCFullYear()), amount: 3600, attempt: 1 });
    await settleCurrent(debits[0]!.id, 'completed');

    const after = await getMine(tipper, id);
    expect(after).toMatchObject({ amount: 3600, nextAmount: null });
    const next = new Date(after.nextChargeAt);
    expect(next.toISOString()).toBe(
      new Date(Date.UTC(due.getUTCFullYear() + 1, due.getUTCMonth(), due.getUTCDate())).toISOString(),
    );
    // A month later, and the next month's charge day: nothing.
    expect((await run(new Date(due.getTime() + 31 * DAY))).sent).toBe(0);
    expect((await run(new Date(due.getTime() + 62 * DAY))).sent).toBe(0);
    debits = await debitsOf(id);
    expect(debits).toHaveLength(1);
    const receipt = (await w.t.outbox()).find(
      (m) => m.to.includes(tipper.email) && /Bedankt voor je fooi van/.test(m.subject),
    );
    expect(receipt?.text).toContain(`jaarlijkse fooi aan`);
    expect(receipt?.subject).toContain(String(due.getUTCFullYear()));
    expect((await checkMoney(w.t.ctx, w.t.ledger, { provider: false })).violations).toEqual([]);
  });

  it('dunning retries a failed year and gives up after the last try', async () => {
    const tipper = await w.t.createUser();
    const { id, mine } = await signUpYearly(tipper, 12_000);
    const due = new Date(mine.nextChargeAt);
    await run(due);
    const [year] = await debitsOf(id);
    await settleCurrent(year!.id, 'failed');
    const failed = (await w.t.outbox()).find(
      (m) => m.to.includes(tipper.email) && /niet gelukt|did not go/.test(m.subject),
    );
    expect(failed?.text).toContain('jaarlijkse fooi');
    for (let attempt = 2; attempt <= MAX_CHARGE_ATTEMPTS; attempt++) {
      expect((await run(new Date(due.getTime() + (attempt - 1) * 3 * DAY - DAY))).sent).toBe(0);
      expect((await run(new Date(due.getTime() + (attempt - 1) * 3 * DAY))).sent).toBe(1);
      await settleCurrent(year!.id, 'failed');
    }
    const after = await getMine(tipper, id);
    expect(after).toMatchObject({ failedAttempts: MAX_CHARGE_ATTEMPTS, mandate: { status: 'invalid' } });
    expect((await debitsOf(id))[0]).toMatchObject({ status: 'failed', attempt: MAX_CHARGE_ATTEMPTS });
    expect((await run(new Date(due.getTime() + 40 * DAY))).sent).toBe(0);
    expect(await debitsOf(id)).toHaveLength(1);
  });

  it('a yearly tip may be the largest one-off amount', async () => {
    const tipper = await w.t.createUser();
    expect((await startYearly(tipper, 100_000)).status).toBe(201);
    expect((await startYearly(await w.t.createUser(), 100_001)).status).toBe(400);
  });
});
