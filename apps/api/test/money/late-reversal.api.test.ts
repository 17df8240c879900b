import { awaitSimulatorDeliveries, simulatePayment, simulatorOf } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { refundsPaidOut } from '../support/refunds.js';
import type { TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { chargesOf, query, signUpAndPay, transactionsOfCharge, useMonthlyWorld } from './monthly-support.js';

/**
 * Issue 11: a SEPA Core payer may reverse a debit for eight weeks. The reversal's notification can be
 * lost like any other, so the reconcile job re-reads completed debits inside that window (bounded
 * batches, least recently checked first, about once a day each) and never older ones.
 */
const w = useMonthlyWorld();
let t: TestApp;
beforeAll(() => {
  t = w.t;
});
afterEach(() => vi.restoreAllMocks());

/** A monthly tip whose first debit was collected; returns the debit's month and provider uid. */
async function collectedDebit() {
  const tipper = await t.createUser();
  const id = await signUpAndPay(w, tipper);
  const [first] = await chargesOf(t, id);
  const [row] = await query<{ next_charge_at: Date }>(
    t,
    sql`select next_charge_at from recurring_tips where id = ${id}`,
  );
  await runCharges(t.ctx, t.ledger, { now: new Date(row!.next_charge_at) });
  await awaitSimulatorDeliveries(t.ctx);
  const debit = (await chargesOf(t, id)).find((c) => c.id !== first!.id)!;
  const [attempt] = await transactionsOfCharge(t, debit.id);
  await simulatePayment(t.ctx, attempt!.opp_uid!, 'completed');
  await awaitSimulatorDeliveries(t.ctx);
  expect((await chargesOf(t, id)).find((c) => c.id === debit.id)).toMatchObject({ status: 'completed' });
  return { id, debitId: debit.id, uid: attempt!.opp_uid!, rowId: attempt!.id };
}

async function monthStatus(id: string, debitId: string) {
  return (await chargesOf(t, id)).find((c) => c.id === debitId)!.status;
}

describe(`a SEPA debit reversed weeks later, its notification lost (${TEST_DB})`, () => {
  it('is found by the reconcile job: the month and its tip move to chargeback', async () => {
    const debit = await collectedDebit();
    // Weeks later the payer's bank reverses it; no notification reaches us.
    await simulatorOf(t.ctx).reverse(debit.uid, 'chargeback', { notify: false });
    expect(await monthStatus(debit.id, debit.debitId)).toBe('completed');

    const result = await reconcileTransactions(t.ctx, t.ledger);
    expect(result.recheckedDebits).toBeGreaterThanOrEqual(1);
    expect(await monthStatus(debit.id, debit.debitId)).toBe('chargeback');
    const [tip] = await query<{ status: string }>(
      t,
      sql`select t.status from tips t join recurring_tip_charges c on c.tip_id = t.id where c.id = ${debit.debitId}`,
    );
    expect(tip!.status).toBe('chargeback');
  });

  it('finds a late reversal of a debit refunded in part too (a payment the provider already calls refunded)', async () => {
    const { modes } = simulatorOf(t.ctx);
    const before = modes.refundedStatus;
    modes.refundedStatus = 'after-any';
    onTestFinished(() => {
      modes.refundedStatus = before;
    });
    const debit = await collectedDebit();
    const tipId = (await chargesOf(t, debit.id)).find((c) => c.id === debit.debitId)!.tipId!;
    const admin = await t.createUser({ role: 'ADMIN' });
    const refund = await t.api('POST', `/tips/${tipId}/refunds`, {
      token: admin.token,
      body: { data: { amount: 100, reason: 'Part of a month' } },
    });
    expect(refund.status, refund.text).toBe(201);
    await refundsPaidOut(t);
    // "(partly) refunded" at the provider; the month is still paid.
    expect((await transactionsOfCharge(t, debit.debitId))[0]!.status).toBe('refunded');
    expect(await monthStatus(debit.id, debit.debitId)).toBe('completed');
    await simulatorOf(t.ctx).reverse(debit.uid, 'chargeback', { notify: false });

    await reconcileTransactions(t.ctx, t.ledger);
    expect(await monthStatus(debit.id, debit.debitId)).toBe('chargeback');
  });

  it('re-reads each completed debit about once a day, in bounded batches, least recently checked first', async () => {
    const debits = [await collectedDebit(), await collectedDebit(), await collectedDebit()];
    const ours = new Set(debits.map((d) => d.uid));
    // Everything else is checked now, so only these three are due.
    await reconcileTransactions(t.ctx, t.ledger);
    await t.database.db.execute(
      sql`update opp_transactions set checked_at = null where id in (${sql.join(
        debits.map((d) => sql`${d.rowId}`),
        sql`, `,
      )})`,
    );
    const reads = vi.spyOn(t.ctx.opp, 'getTransaction');
    const first = await reconcileTransactions(t.ctx, t.ledger, { batchSize: 2, maxBatches: 1 });
    expect(first.recheckedDebits).toBe(2);
    const second = await reconcileTransactions(t.ctx, t.ledger, { batchSize: 2, maxBatches: 1 });
    expect(second.recheckedDebits).toBe(1);
    // All three read once, none twice; a run the same day reads none of them again.
    expect(
      reads.mock.calls
        .map(([uid]) => uid)
        .filter((uid) => ours.has(uid))
        .sort(),
    ).toEqual([...ours].sort());
    expect((await reconcileTransactions(t.ctx, t.ledger)).recheckedDebits).toBe(0);
    // A day later they are due again.
    expect(
      (await reconcileTransactions(t.ctx, t.ledger, { recheckDebitsEveryHours: 0 })).recheckedDebits,
    ).toBeGreaterThanOrEqual(3);
  });

  it('leaves debits older than the reversal window alone', async () => {
    const debit = await collectedDebit();
    await reconcileTransactions(t.ctx, t.ledger);
    await t.database.db.execute(
      sql`update opp_transactions set created = now() - interval '70 days', checked_at = null where id = ${debit.rowId}`,
    );
    await simulatorOf(t.ctx).reverse(debit.uid, 'chargeback', { notify: false });
    const reads = vi.spyOn(t.ctx.opp, 'getTransaction');
    await reconcileTransactions(t.ctx, t.ledger);
    expect(reads.mock.calls.map(([uid]) => uid)).not.toContain(debit.uid);
    expect(await monthStatus(debit.id, debit.debitId)).toBe('completed');
    // Put back as the provider has it, for the money check below.
    await reconcileTransactions(t.ctx, t.ledger, { recheckDebitsEveryHours: 0 });
    await t.database.db.execute(sql`update opp_transactions set created = now() where id = ${debit.rowId}`);
    await reconcileTransactions(t.ctx, t.ledger, { recheckDebitsEveryHours: 0 });
    expect(await monthStatus(debit.id, debit.debitId)).toBe('chargeback');
  });
});
