import { awaitSimulatorDeliveries, simulatePayment, simulateReversal } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import {
  chargesOf,
  query,
  retryMandate,
  signUpAndPay,
  transactionsOfCharge,
  uidOf,
  useMonthlyWorld,
} from '../money/monthly-support.js';
import type { TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 34.1: a month waiting for its retry when the mandate turns invalid — by a chargeback of
 * another month, or by another month's last failed try. Before the fix the month stayed `scheduled`
 * (its tip `created`) for ever: the charge run skips an invalid mandate, reconcile changed nothing,
 * and "set up the payment again" answered 409 "still being processed" every time.
 */
const w = useMonthlyWorld();
let t: TestApp;
beforeAll(() => {
  t = w.t;
});

const DAY = 24 * 60 * 60_000;

async function nextChargeAt(id: string) {
  const [row] = await query<{ next_charge_at: string }>(
    t,
    sql`select next_charge_at from recurring_tips where id = ${id}`,
  );
  return new Date(row!.next_charge_at);
}

async function run(now: Date) {
  const result = await runCharges(t.ctx, t.ledger, { now });
  await awaitSimulatorDeliveries(t.ctx);
  return result;
}

/** Settles the current attempt of a month at the provider as the bank would. */
async function settle(chargeId: string, outcome: 'completed' | 'failed') {
  const attempts = await transactionsOfCharge(t, chargeId);
  await simulatePayment(t.ctx, attempts.at(-1)!.opp_uid!, outcome);
  await awaitSimulatorDeliveries(t.ctx);
}

async function monthOf(id: string, period: string) {
  return (await chargesOf(t, id)).find((c) => c.period === period)!;
}

async function tipStatusOf(tipId: string | null) {
  const [row] = await query<{ status: string }>(t, sql`select status from tips where id = ${tipId}`);
  return row!.status;
}

/** The tipper sets the payment up again and pays; the month that waited is the one paid. */
async function expectRetryPays(tipper: Parameters<typeof retryMandate>[1], id: string, period: string) {
  const retry = await retryMandate(w, tipper, id);
  expect(retry.status, retry.text).toBe(200);
  await simulatePayment(t.ctx, uidOf(retry.body.mandate.oppTransaction.redirectUrl), 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  const month = await monthOf(id, period);
  expect(month).toMatchObject({ status: 'completed', via: 'mandate' });
  expect(await tipStatusOf(month.tipId)).toBe('completed');
  const [tip] = await query<{ mandate_status: string }>(
    t,
    sql`select mandate_status from recurring_tips where id = ${id}`,
  );
  expect(tip!.mandate_status).toBe('valid');
}

describe(`a month waiting for its retry when the mandate turns invalid (${TEST_DB})`, () => {
  it('a chargeback of another month ends the waiting month; the retry link pays it', async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    // Month 2 is collected, month 3's first try fails and waits for its retry.
    const second = await nextChargeAt(id);
    await run(second);
    const paid = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
    await settle(paid.id, 'completed');
    const third = await nextChargeAt(id);
    await run(third);
    const waiting = (await chargesOf(t, id)).find((c) => c.via === 'debit' && c.id !== paid.id)!;
    await settle(waiting.id, 'failed');
    expect(await monthOf(id, waiting.period)).toMatchObject({ status: 'scheduled', attempt: 2 });

    // The payer's bank reverses month 2: the mandate is invalid.
    await simulateReversal(t.ctx, (await transactionsOfCharge(t, paid.id)).at(-1)!.opp_uid!, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);
    await reconcileTransactions(t.ctx, t.ledger);

    // Month 3 is no longer waiting for a debit that will never be sent.
    const ended = await monthOf(id, waiting.period);
    expect(ended.status).toBe('failed');
    expect(await tipStatusOf(ended.tipId)).toBe('failed');
    // Its retry date comes and goes: nothing is sent against the invalid mandate.
    expect((await run(new Date(third.getTime() + 4 * DAY))).sent).toBe(0);
    await expectRetryPays(tipper, id, waiting.period);
  });

  it("another month's last failed try ends the waiting month; the retry link pays it", async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    const second = await nextChargeAt(id);
    await run(second);
    const dunned = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
    await settle(dunned.id, 'failed');
    await run(new Date(second.getTime() + 3 * DAY));
    await settle(dunned.id, 'failed');
    // The last try is sent and stays on its way at the bank for weeks.
    await run(new Date(second.getTime() + 6 * DAY));
    expect(await monthOf(id, dunned.period)).toMatchObject({ status: 'pending', attempt: 3 });
    // Meanwhile month 3's first try fails and waits for its retry.
    const third = await nextChargeAt(id);
    await run(third);
    const waiting = (await chargesOf(t, id)).find((c) => c.via === 'debit' && c.id !== dunned.id)!;
    await settle(waiting.id, 'failed');
    expect(await monthOf(id, waiting.period)).toMatchObject({ status: 'scheduled', attempt: 2 });

    // Month 2's last try fails: the mandate is invalid.
    await settle(dunned.id, 'failed');
    const ended = await monthOf(id, waiting.period);
    expect(ended.status).toBe('failed');
    expect(await tipStatusOf(ended.tipId)).toBe('failed');
    await expectRetryPays(tipper, id, waiting.period);
  });

  it('a month already left waiting under an invalid mandate (before the fix) is taken over by the retry', async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    const second = await nextChargeAt(id);
    await run(second);
    const waiting = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
    await settle(waiting.id, 'failed');
    // What the old code left behind: the mandate invalid, the month still waiting for its retry.
    await t.database.db.execute(sql`update recurring_tips set mandate_status = 'invalid' where id = ${id}`);
    expect(await monthOf(id, waiting.period)).toMatchObject({ status: 'scheduled', attempt: 2 });
    await expectRetryPays(tipper, id, waiting.period);
    expect(await monthOf(id, waiting.period)).toMatchObject({ attempt: 3 });
  });
});
