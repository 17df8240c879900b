import { awaitSimulatorDeliveries, simulatePayment, simulateReversal, simulatorOf } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import {
  chargesOf,
  query,
  retryMandate,
  signUp,
  transactionsOfCharge,
  uidOf,
  useMonthlyWorld,
} from '../money/monthly-support.js';
import type { TestApp, TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 11.2: no public source shows the provider's mandate answer naming its first payment
 * (`transaction_uid`); only our simulator used to. A monthly tip is set up either way: the mandate
 * is stored first and its first payment learnt from its own notification (our metadata on it), from
 * a `transaction_uid` when there is one, by listing the provider's transactions for our metadata
 * (decision 071), or from the mandate's status.
 */
const w = useMonthlyWorld();
let t: TestApp;
beforeAll(() => {
  t = w.t;
});
afterEach(() => {
  simulatorOf(t.ctx).mandateNamesFirstPayment = false;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function mine(tipper: TestUser, id: string) {
  const res = await t.api('GET', `/user/me/recurringtips/${id}`, { token: tipper.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function mandateAtProvider(recurringTipId: string) {
  const [row] = await query<{ mandate_uid: string }>(
    t,
    sql`select mandate_uid from recurring_tips where id = ${recurringTipId}`,
  );
  // Read inside the simulator: the provider's state, never hit by the fault run's faults.
  return simulatorOf(t.ctx).getMandate(row!.mandate_uid);
}

describe(`a mandate whose answer does not name its first payment (${TEST_DB})`, () => {
  it('sets up the monthly tip, and paying the checkout makes the month paid and the mandate valid', async () => {
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    expect(res.status, res.text).toBe(201);
    const id = res.body.recurringTip.id as string;
    const checkout = res.body.oppTransaction.redirectUrl as string;
    expect(checkout).toMatch(/\/sim\/checkout\/tra_/);
    expect(await mandateAtProvider(id)).not.toHaveProperty('transaction_uid');
    const [month] = await chargesOf(t, id);
    // Stored before the first payment is known: the mandate's checkout, no provider uid yet.
    expect(await transactionsOfCharge(t, month!.id)).toEqual([
      expect.objectContaining({ opp_uid: null, status: 'created', attempt: 1 }),
    ]);
    expect((await mine(tipper, id)).mandate).toMatchObject({
      status: 'pending',
      oppTransaction: { status: 'created', redirectUrl: checkout },
    });

    await simulatePayment(t.ctx, uidOf(checkout), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const after = await mine(tipper, id);
    expect(after.mandate.status).toBe('valid');
    expect(after.charges[0]).toMatchObject({ status: 'completed', tipStatus: 'completed' });
    // The first payment was adopted from its own notification: its uid is ours now.
    expect(await transactionsOfCharge(t, month!.id)).toEqual([
      expect.objectContaining({ opp_uid: uidOf(checkout), status: 'completed' }),
    ]);
  });

  it('a first payment that fails leaves the month failed and the mandate invalid; a retry sets it up', async () => {
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    const id = res.body.recurringTip.id as string;
    await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'failed');
    await awaitSimulatorDeliveries(t.ctx);
    expect((await mine(tipper, id)).mandate.status).toBe('invalid');
    const retry = await retryMandate(w, tipper, id);
    expect(retry.status, retry.text).toBe(200);
    await simulatePayment(t.ctx, uidOf(retry.body.mandate.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const after = await mine(tipper, id);
    expect(after.mandate.status).toBe('valid');
    expect(after.charges[0]).toMatchObject({ status: 'completed', attempt: 2 });
  });

  /**
   * A tipper signs up and pays; the first payment's notification is lost and only the mandate's status
   * change arrives. `carriesOurs: false`: a provider that passes neither our metadata nor our reference
   * on to the first payment, so no lookup can find it. The month is paid either way.
   */
  async function paidWhileOnlyTheMandateTells(options: { carriesOurs: boolean }) {
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    const id = res.body.recurringTip.id as string;
    const firstUid = uidOf(res.body.oppTransaction.redirectUrl);
    if (!options.carriesOurs) {
      await t.database.db.execute(
        sql`update sim_objects set data = (data - 'reference') || '{"metadata": []}'::jsonb where uid = ${firstUid}`,
      );
    }
    await simulatePayment(t.ctx, firstUid, 'completed', { notify: false });
    await awaitSimulatorDeliveries(t.ctx);
    const after = await mine(tipper, id);
    expect(after.mandate.status).toBe('valid');
    expect(after.charges[0]).toMatchObject({ status: 'completed', tipStatus: 'completed' });
    const [month] = await chargesOf(t, id);
    return { id, firstUid, monthId: month!.id };
  }

  it("when the first payment never tells us, the mandate's word has it looked up by our metadata: found, it pays the month", async () => {
    const { firstUid, monthId } = await paidWhileOnlyTheMandateTells({ carriesOurs: true });
    // Decision 071: before the month is judged by its mandate, its first payment is found in the provider's list.
    expect(await transactionsOfCharge(t, monthId)).toEqual([
      expect.objectContaining({ opp_uid: firstUid, status: 'completed' }),
    ]);
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
  });

  it('follows the mandate when the first payment never tells us and carries nothing of ours: its status pays the month; a later reversal still lands', async () => {
    const { id, firstUid, monthId } = await paidWhileOnlyTheMandateTells({ carriesOurs: false });
    expect(await transactionsOfCharge(t, monthId)).toEqual([
      expect.objectContaining({ opp_uid: null, status: 'completed' }),
    ]);
    // The money check knows whose payment it is (it names the mandate of a month without its uid), so it is no orphan.
    expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);

    // Weeks later the payer's bank reverses it: that notification names the transaction, which we adopt.
    await simulateReversal(t.ctx, firstUid, 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);
    expect((await chargesOf(t, id))[0]).toMatchObject({ status: 'chargeback' });
    expect(await transactionsOfCharge(t, monthId)).toEqual([
      expect.objectContaining({ opp_uid: firstUid, status: 'chargeback' }),
    ]);
  });

  it('gives up a first payment nobody ever reports, a day after its checkout: the tipper can retry', async () => {
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    const id = res.body.recurringTip.id as string;
    // The checkout expires at the provider without a word (nothing reads it, nothing notifies).
    await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    expect((await mine(tipper, id)).mandate.status).toBe('pending');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 25 * 60 * 60 * 1000));
    const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    expect(result.failed).toBe(0);
    const after = await mine(tipper, id);
    expect(after.mandate.status).toBe('invalid');
    expect(after.charges[0]).toMatchObject({ status: 'failed', failureReason: 'expired' });
  });

  it('reads no mandate for a poke about one we do not hold', async () => {
    const reads = vi.spyOn(t.ctx.opp, 'getMandate');
    const res = await t.api('POST', '/payments/opp/notify', { body: { object_uid: 'mdt_0123456789abcdef' } });
    expect(res.status, res.text).toBe(200);
    expect(reads).not.toHaveBeenCalled();
  });
});

describe(`a mandate whose answer names its first payment (${TEST_DB})`, () => {
  it('records the first payment at once and completes the month when it is paid', async () => {
    simulatorOf(t.ctx).mandateNamesFirstPayment = true;
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    expect(res.status, res.text).toBe(201);
    const id = res.body.recurringTip.id as string;
    const firstUid = uidOf(res.body.oppTransaction.redirectUrl);
    expect(await mandateAtProvider(id)).toMatchObject({ transaction_uid: firstUid });
    const [month] = await chargesOf(t, id);
    expect(await transactionsOfCharge(t, month!.id)).toEqual([
      expect.objectContaining({ opp_uid: firstUid, status: 'created' }),
    ]);
    await simulatePayment(t.ctx, firstUid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    expect((await mine(tipper, id)).mandate.status).toBe('valid');
    expect((await chargesOf(t, id))[0]).toMatchObject({ status: 'completed' });
  });
});
