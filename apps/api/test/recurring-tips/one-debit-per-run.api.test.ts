import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { chargesOf, query, signUpAndPay, transactionsOfCharge, useMonthlyWorld } from '../money/monthly-support.js';
import type { TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 34.5: after the charge job was down past a retry date, one run sent December's retry (28
 * days late) and January's debit: the tipper debited twice on one day, against our own rule that a
 * month missed by an outage is skipped and a run charges a monthly tip once. The charge tests move
 * the run's clock (`runCharges({ now })`), as the scheduler's clock would be after the outage.
 */
const w = useMonthlyWorld();
let t: TestApp;
beforeAll(() => {
  t = w.t;
});

const DAY = 24 * 60 * 60_000;

async function recurringTipOf(id: string) {
  const [row] = await query<{ next_charge_at: string; mandate_uid: string; mandate_status: string }>(
    t,
    sql`select next_charge_at, mandate_uid, mandate_status from recurring_tips where id = ${id}`,
  );
  return row!;
}

/** The debits the provider holds against a mandate (SEPA; its first payment, by iDEAL, is not one). */
async function debitsAgainst(mandateUid: string) {
  const [row] = await query<{ n: number }>(
    t,
    sql`select count(*)::int as n from sim_objects where object_type = 'transaction'
        and data->>'mandate_uid' = ${mandateUid} and data->>'payment_method' = 'sepa'`,
  );
  return row!.n;
}

async function run(now: Date) {
  const result = await runCharges(t.ctx, t.ledger, { now });
  await awaitSimulatorDeliveries(t.ctx);
  return result;
}

/** A monthly tip whose second month's first debit failed: it waits for its retry three days later. */
async function monthWaitingForRetry(tipper: Awaited<ReturnType<TestApp['createUser']>>) {
  const id = await signUpAndPay(w, tipper);
  const second = new Date((await recurringTipOf(id)).next_charge_at);
  await run(second);
  const month = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
  await simulatePayment(t.ctx, (await transactionsOfCharge(t, month.id)).at(-1)!.opp_uid!, 'failed');
  await awaitSimulatorDeliveries(t.ctx);
  expect((await chargesOf(t, id)).find((c) => c.id === month.id)).toMatchObject({ status: 'scheduled', attempt: 2 });
  return { id, month };
}

describe(`one run, one debit per monthly tip (${TEST_DB})`, () => {
  it('a retry the job missed by more than the grace is not sent: the month fails and the tipper is told', async () => {
    const tipper = await t.createUser();
    const { id, month } = await monthWaitingForRetry(tipper);
    const { mandate_uid: mandateUid, next_charge_at: next } = await recurringTipOf(id);
    const before = await debitsAgainst(mandateUid);

    // The job was down from the day after the first try until the next month's charge day.
    await run(new Date(next));
    // No debit in that run (two before the fix): the late retry ends the dunning, so collecting stops
    // and the new month is not claimed on top of it.
    expect((await debitsAgainst(mandateUid)) - before).toBe(0);
    // The retry came 28 days late: not sent, a last failure, mailed as one.
    expect((await chargesOf(t, id)).find((c) => c.id === month.id)).toMatchObject({
      status: 'failed',
      attempt: 2,
      failureReason: 'late',
    });
    const mails = (await t.outbox()).filter((m) => m.to.includes(tipper.email) && /did not go through/.test(m.subject));
    expect(mails).toHaveLength(2);
    expect(mails.at(-1)!.text).toMatch(/could not try again in time/);
    expect((await recurringTipOf(id)).mandate_status).toBe('invalid');
  });

  it("a month's first debit not sent within the grace is skipped like a missed month, nobody mailed", async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    const { mandate_uid: mandateUid, next_charge_at: next } = await recurringTipOf(id);
    const due = new Date(next);
    // The month was claimed on its day, but the provider could not be reached for days after.
    const reachable = t.ctx.opp.createMandateTransaction;
    t.ctx.opp.createMandateTransaction = () => Promise.reject(new Error('provider down'));
    try {
      expect(await run(due)).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    } finally {
      t.ctx.opp.createMandateTransaction = reachable;
    }
    const mailsBefore = (await t.outbox()).length;
    const before = await debitsAgainst(mandateUid);
    expect(await run(new Date(due.getTime() + 4 * DAY))).toMatchObject({ late: 1, sent: 0 });
    expect(await debitsAgainst(mandateUid)).toBe(before);
    const month = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
    expect(month).toMatchObject({ status: 'cancelled', failureReason: 'late' });
    expect((await recurringTipOf(id)).mandate_status).toBe('valid');
    expect((await t.outbox()).length).toBe(mailsBefore);
  });

  it('two months due in one run within the grace: one is debited now, the other a day later', async () => {
    const tipper = await t.createUser();
    const { id, month } = await monthWaitingForRetry(tipper);
    const { mandate_uid: mandateUid, next_charge_at: next } = await recurringTipOf(id);
    const nextDue = new Date(next);
    // The retry falls due the day before the next month (within the grace at the next month's run).
    await t.database.db.execute(
      sql`update recurring_tip_charges set next_attempt_at = ${new Date(nextDue.getTime() - DAY).toISOString()}::timestamptz
          where id = ${month.id}`,
    );
    const before = await debitsAgainst(mandateUid);
    await run(nextDue);
    expect((await debitsAgainst(mandateUid)) - before).toBe(1);
    // The older month went first; the new month waits for the next day's run.
    expect((await chargesOf(t, id)).find((c) => c.id === month.id)).toMatchObject({ status: 'pending', attempt: 2 });
    const newMonth = (await chargesOf(t, id)).find((c) => c.via === 'debit' && c.id !== month.id)!;
    expect(newMonth.status).toBe('scheduled');
    await run(new Date(nextDue.getTime() + DAY + 60_000));
    expect((await debitsAgainst(mandateUid)) - before).toBe(2);
    expect((await chargesOf(t, id)).find((c) => c.id === newMonth.id)).toMatchObject({ status: 'pending' });
  });
});
