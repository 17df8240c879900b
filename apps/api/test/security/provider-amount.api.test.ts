import { awaitSimulatorDeliveries, simulatePayment } from '@podpot/opp-simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addons, oppTransactions } from '../../src/db/schema/index.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { createMonthlyWorld, type MonthlyWorld, startTip } from '../money/monthly-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { orderJar } from '../support/tipjar.js';

/**
 * Issue 33.12: a payment counts only for the amount we asked (decision 065). When the provider's
 * answer names another amount than our transaction row — a tampered checkout, a provider-side change,
 * a row that is not what we think — its paid status is not applied and an incident is listed for the
 * platform admins, once however often the answer is read again.
 *
 * The provider here is the simulator, which always charges what it was asked; so the test changes our
 * side: the row's amount no longer matches what the provider holds. Before the fix the tip completed.
 */
let t: TestApp;
let w: MonthlyWorld;

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 1000 });
  w = await createMonthlyWorld(t);
});
afterAll(() => t.close());

async function tipStatus(tipId: string): Promise<string> {
  const res = await t.api('GET', `/tips/${tipId}/outcome`);
  expect(res.status, res.text).toBe(200);
  return res.body.status;
}

async function rowOf(uid: string) {
  const [row] = await t.database.db.select().from(oppTransactions).where(eq(oppTransactions.oppUid, uid));
  return row!;
}

describe(`a paid answer counts only for our amount (${TEST_DB})`, () => {
  it('a completed transaction of another amount leaves the tip unpaid and is listed once for admins', async () => {
    const { tipId, uid } = await startTip(w, 1500);
    // Our record says €15.01; the provider holds €15.00.
    await t.database.db.update(oppTransactions).set({ amount: 1501 }).where(eq(oppTransactions.oppUid, uid));

    await simulatePayment(t.ctx, uid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    expect(await tipStatus(tipId)).toBe('pending');
    expect((await rowOf(uid)).status).not.toBe('completed');

    // The reconcile job reads the same answer again: still not applied, still one incident.
    await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
    expect(await tipStatus(tipId)).toBe('pending');

    const admin = await t.createUser({ role: 'ADMIN' });
    const list = await t.api('GET', '/payments/incidents', { token: admin.token });
    expect(list.status, list.text).toBe(200);
    const mine = list.body.data.filter((i: { oppTransactionUid: string }) => i.oppTransactionUid === uid);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'amount_mismatch',
        ownerKind: 'tip',
        ownerId: tipId,
        amount: 1500,
        // What the admin page links to: the tip jar and the tip.
        tipjar: { id: w.jar.id, name: expect.stringMatching(/^Money Pod /) },
        tipId,
        recurringTipId: null,
        period: null,
      }),
    ]);
  });

  it("an order's payment of another amount is listed with the tip jar it was for", async () => {
    const jar = await orderJar(t, { paymentmethod: w.ideal, name: 'Amount Pod' });
    const [row] = await t.database.db
      .select({ id: oppTransactions.id, amount: oppTransactions.amount, oppUid: oppTransactions.oppUid })
      .from(oppTransactions)
      .innerJoin(addons, and(eq(oppTransactions.kind, 'addon'), eq(oppTransactions.ownerId, addons.id)))
      .where(eq(addons.tipjarId, jar.id));
    await t.database.db
      .update(oppTransactions)
      .set({ amount: row!.amount + 1 })
      .where(eq(oppTransactions.id, row!.id));
    await jar.pay();

    const admin = await t.createUser({ role: 'ADMIN' });
    const list = await t.api('GET', '/payments/incidents', { token: admin.token });
    expect(list.status, list.text).toBe(200);
    const mine = list.body.data.filter((i: { oppTransactionUid: string }) => i.oppTransactionUid === row!.oppUid);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'amount_mismatch',
        ownerKind: 'addon',
        amount: row!.amount,
        tipjar: { id: jar.id, name: jar.name },
        tipId: null,
        recurringTipId: null,
      }),
    ]);
  });

  it('a completed transaction of our amount still counts', async () => {
    const { tipId, uid } = await startTip(w, 1600);
    await simulatePayment(t.ctx, uid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    expect(await tipStatus(tipId)).toBe('completed');
    expect((await rowOf(uid)).status).toBe('completed');
  });
});
