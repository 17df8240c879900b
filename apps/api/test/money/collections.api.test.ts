import { awaitSimulatorDeliveries, simulatePayment, simulateReversal } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recurringTipCharges } from '../../src/db/schema/index.js';
import { checkMoney } from '../../src/jobs/money-check.js';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { insertTransactionRow } from '../../src/payments/payments.repository.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import {
  chargesOf,
  createMonthlyWorld,
  type MonthlyWorld,
  query,
  signUp,
  signUpAndPay,
  transactionsOfCharge,
  uidOf,
} from './monthly-support.js';

/** What happens to a month's money when the provider surprises us (issue 8.1, 8.4, 8.9). */
let t: TestApp;
let w: MonthlyWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await createMonthlyWorld(t);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe(`a month collected twice (${TEST_DB})`, () => {
  it('is refunded automatically, logged, and listed for platform admins', async () => {
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    expect(res.status, res.text).toBe(201);
    const id = res.body.recurringTip.id as string;
    const [month] = await chargesOf(t, id);
    // The state the old retry race left behind: a second open attempt of the same month at the provider.
    const key = `mandate-${id}-${month!.period}-2`;
    const second = await t.ctx.opp.createMandate(
      {
        merchant_uid: (
          await query<{ merchant_uid: string }>(t, sql`select merchant_uid from opp_transactions limit 1`)
        )[0]!.merchant_uid,
        mandate_method: 'payment',
        mandate_type: 'consumer',
        mandate_repeat: 'subscription',
        mandate_amount: 500,
        products: [{ name: 'Monthly tip', price: 500, quantity: 1 }],
        total_price: 500,
        payment_method: 'ideal',
        return_url: `${t.baseUrl}/account/recurringtips/${id}`,
        notify_url: `${t.baseUrl}/api/v1/payments/opp/notify`,
      },
      key,
    );
    // Its first payment (the simulator's checkout; the mandate's answer does not name it).
    const secondUid = uidOf(second.redirectUrl!);
    await insertTransactionRow(t.database.db, {
      kind: 'recurring_charge',
      ownerId: month!.id,
      attempt: 2,
      idempotencyKey: key,
      oppUid: secondUid,
      amount: 500,
      merchantUid: 'mer_x',
      request: { mandate_method: 'payment' },
    });
    await t.database.db
      .update(recurringTipCharges)
      .set({ attempt: 2 })
      .where(sql`${recurringTipCharges.id} = ${month!.id}`);

    // The tipper pays both checkouts.
    await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    await simulatePayment(t.ctx, secondUid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);

    const [paid] = await chargesOf(t, id);
    expect(paid!.status).toBe('completed');
    const attempts = await transactionsOfCharge(t, month!.id);
    // The first payment paid the month; the extra one was refunded at the provider and moved to refunded.
    expect(attempts.map((a) => a.status)).toEqual(['completed', 'refunded']);
    expect(await t.ctx.opp.getTransaction(secondUid)).toMatchObject({ status: 'refunded' });

    const admin = await t.createUser({ role: 'ADMIN' });
    const list = await t.api('GET', '/payments/incidents', { token: admin.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data).toContainEqual(
      expect.objectContaining({
        kind: 'double_collection',
        ownerKind: 'recurring_charge',
        ownerId: month!.id,
        amount: 500,
        oppTransactionUid: secondUid,
        refundUid: expect.stringMatching(/^ref_/),
        // What the admin page links to: the tip jar, the monthly tip and its month, the month's tip.
        tipjar: { id: w.jar.id, name: expect.stringMatching(/^Money Pod /) },
        recurringTipId: id,
        period: month!.period,
        tipId: paid!.tipId,
      }),
    );
    // Only platform admins see them.
    expect((await t.api('GET', '/payments/incidents', { token: tipper.token })).status).toBe(403);
    expect((await t.api('GET', '/payments/incidents')).status).toBe(401);
  });
});

describe(`a SEPA debit reversed before we saw it completed (${TEST_DB})`, () => {
  it('moves the month and its tip to chargeback instead of staying pending', async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    const [first] = await chargesOf(t, id);
    const due = (
      await query<{ next_charge_at: Date }>(t, sql`select next_charge_at from recurring_tips where id = ${id}`)
    )[0]!.next_charge_at;
    await runCharges(t.ctx, t.ledger, { now: new Date(due) });
    await awaitSimulatorDeliveries(t.ctx);
    const debit = (await chargesOf(t, id)).find((c) => c.id !== first!.id)!;
    expect(debit.status).toBe('pending');
    const [attempt] = await transactionsOfCharge(t, debit.id);
    // The completion notification is lost; then the bank reverses the debit.
    await simulatePayment(t.ctx, attempt!.opp_uid!, 'completed', { notify: false });
    await simulateReversal(t.ctx, attempt!.opp_uid!, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);

    const after = (await chargesOf(t, id)).find((c) => c.id === debit.id)!;
    expect(after.status).toBe('chargeback');
    const [tip] = await query<{ status: string }>(t, sql`select status from tips where id = ${after.tipId}`);
    expect(tip!.status).toBe('chargeback');
  });
});

describe(`the first debit after a first payment across a month boundary (${TEST_DB})`, () => {
  it('is due one cycle after the payment, not at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-31T23:55:00Z'));
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    expect(res.status, res.text).toBe(201);
    vi.setSystemTime(new Date('2027-02-01T00:05:00Z'));
    await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const [row] = await query<{ next_charge_at: Date; charge_day: number }>(
      t,
      sql`select next_charge_at, charge_day from recurring_tips where id = ${res.body.recurringTip.id}`,
    );
    expect(row!.charge_day).toBe(1);
    expect(new Date(row!.next_charge_at).toISOString()).toBe('2027-03-01T00:00:00.000Z');
    // A charge run right after the payment charges nothing more for this tipper.
    await runCharges(t.ctx, t.ledger, { now: new Date('2027-02-01T00:20:00Z') });
    expect(await chargesOf(t, res.body.recurringTip.id)).toHaveLength(1);
  });
});

describe(`the charge run after an outage that ends on the charge day (${TEST_DB})`, () => {
  it('charges this month once and skips the month missed, in one run', async () => {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    // The month before was never charged: the job could not run for a month.
    await t.database.db.execute(
      sql`update recurring_tips set charge_day = 5, next_charge_at = '2027-01-05T00:00:00Z' where id = ${id}`,
    );
    const result = await runCharges(t.ctx, t.ledger, { now: new Date('2027-02-05T10:00:00Z') });
    await awaitSimulatorDeliveries(t.ctx);
    expect(result.claimed).toBeGreaterThanOrEqual(1);
    const debits = (await chargesOf(t, id)).filter((c) => c.via === 'debit');
    expect(debits.map((c) => c.period)).toEqual(['2027-02']);
    const [row] = await query<{ next_charge_at: Date }>(
      t,
      sql`select next_charge_at from recurring_tips where id = ${id}`,
    );
    expect(new Date(row!.next_charge_at).toISOString()).toBe('2027-03-05T00:00:00.000Z');
    // Running again the same day changes nothing.
    await runCharges(t.ctx, t.ledger, { now: new Date('2027-02-05T10:15:00Z') });
    expect((await chargesOf(t, id)).filter((c) => c.via === 'debit')).toHaveLength(1);
  });
});

describe('afterwards', () => {
  it('the money check finds no violation', async () => {
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });
});
