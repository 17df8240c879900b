import { feeCreditOf } from '@podpot/domain';
import {
  awaitSimulatorDeliveries,
  type SimProviderModes,
  simulateProviderRefund,
  simulateRefundOutcome,
  simulatorOf,
} from '@podpot/opp-simulator';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oppTransactions, refunds, tips } from '../../src/db/schema/index.js';
import { checkMoney } from '../../src/jobs/money-check.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { followPendingRefunds, followProviderRefunds } from '../../src/modules/refunds/refunds.follow.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { addIdeal, orderLiveJar, paidTip } from '../support/tipjar.js';

/**
 * Issue 36.1 and 36.3: refunds as the provider has them. A transaction the provider calls `refunded`
 * may be refunded in part ("(partly) refunded"), so only the provider's own refund objects are booked,
 * each once by its uid, never "what is left"; a refund the provider answers `created` (`paid: null`) is
 * not done until the provider says so — the reconcile job follows it to completed (the tipper's mail
 * then) or to failed (given back, shown to the admin). Each test sets the provider mode it is about.
 */
let t: TestApp;
let admin: TestUser;
let ideal: string;
let jar: Awaited<ReturnType<typeof orderLiveJar>>;
let modes: SimProviderModes;
let saved: SimProviderModes;

beforeAll(async () => {
  t = await createTestApp({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
  admin = await t.createUser({ role: 'ADMIN' });
  ideal = await addIdeal(t, admin.token);
  jar = await orderLiveJar(t, { paymentmethod: ideal, name: 'Follow Pod' });
  modes = simulatorOf(t.ctx).modes;
  saved = { ...modes };
});
afterEach(() => {
  Object.assign(modes, saved);
  simulatorOf(t.ctx).refundSettleMs = 0;
});
afterAll(() => t.close());

let tipped = 0;
async function tipOf(amount = 1000) {
  tipped += 1;
  const email = `follow${tipped}@example.test`;
  return { ...(await paidTip(t, jar.id, { amount, paymentmethod: ideal, email })), email };
}

function refund(tipId: string, amount: number | undefined, reason = 'Sorry') {
  return t.api('POST', `/tips/${tipId}/refunds`, { token: admin.token, body: { data: { amount, reason } } });
}

async function tipRow(id: string) {
  const [row] = await t.database.db.select().from(tips).where(eq(tips.id, id));
  return row!;
}

async function rowsOf(tipId: string) {
  const rows = await t.database.db.select().from(refunds).where(eq(refunds.tipId, tipId));
  return rows.sort((a, b) => a.created.getTime() - b.created.getTime() || a.amount - b.amount);
}

async function refundMails(email: string) {
  return (await t.outbox()).filter((m) => m.to.includes(email) && /refunded|terugbetaald/.test(m.subject));
}

/** The pessimistic provider, with refunds paid out only when a test says so (simulateRefundOutcome). */
function createdFirst(refundedStatus: SimProviderModes['refundedStatus'] = 'after-any') {
  modes.refundedStatus = refundedStatus;
  modes.refunds = 'created-first';
  simulatorOf(t.ctx).refundSettleMs = 60 * 60_000;
}

/** The reconcile job's run, with every pending refund and unread payment due now. */
async function reconcileRefunds() {
  await t.database.db.update(refunds).set({ updated: new Date(Date.now() - 10 * 60_000) });
  return reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 10_000, refundsOlderThanMs: 0 });
}

async function paymentIdOf(uid: string) {
  const [payment] = await t.database.db.select().from(oppTransactions).where(eq(oppTransactions.oppUid, uid));
  return payment!.id;
}

/** Our tip's violations in the money check (other tests' rows aside). */
async function moneyCheckOf(tipId: string, uid: string) {
  const paymentId = await paymentIdOf(uid);
  const { violations } = await checkMoney(t.ctx, t.ledger);
  return violations.filter((v) => v.subject.includes(tipId) || v.subject.includes(paymentId));
}

describe(`a partial refund when the provider turns the payment refunded at once (after-any, ${TEST_DB})`, () => {
  it("books exactly the admin's €2 of €10, mails once, credits the fee of €2; the tip stays partly refunded; a second €3 books €3", async () => {
    modes.refundedStatus = 'after-any';
    modes.refunds = 'instant';
    const tip = await tipOf(1000);
    const first = await refund(tip.id, 200);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ status: 'completed', amount: 200 });
    await awaitSimulatorDeliveries(t.ctx);
    // The provider calls the payment `refunded` after the first refund: nothing more went back.
    expect((await t.ctx.opp.getTransaction(tip.uid)).status).toBe('refunded');
    const fee = (await tipRow(tip.id)).fee;
    const credit = feeCreditOf({ amount: 1000, fee }, 0, 200);
    expect((await rowsOf(tip.id)).map((r) => [r.source, r.status, r.amount, r.feeCredit])).toEqual([
      ['admin', 'completed', 200, credit],
    ]);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'completed', refundedAmount: 200, refundedFee: credit });
    expect(await refundMails(tip.email)).toHaveLength(1);

    const second = await refund(tip.id, 300);
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({ status: 'completed', amount: 300 });
    await awaitSimulatorDeliveries(t.ctx);
    await reconcileRefunds();
    expect((await rowsOf(tip.id)).map((r) => [r.source, r.status, r.amount])).toEqual([
      ['admin', 'completed', 200],
      ['admin', 'completed', 300],
    ]);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'completed', refundedAmount: 500 });
    expect(await refundMails(tip.email)).toHaveLength(2);
    // The rest: now the tip is refunded whole.
    expect((await refund(tip.id, undefined)).status).toBe(201);
    await awaitSimulatorDeliveries(t.ctx);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'refunded', refundedAmount: 1000, refundedFee: fee });
    expect(await moneyCheckOf(tip.id, tip.uid)).toEqual([]);
  });

  it('books a refund made at the provider itself once, at its own amount, and leaves the rest refundable', async () => {
    modes.refundedStatus = 'after-any';
    modes.refunds = 'instant';
    const tip = await tipOf(1000);
    const made = await simulateProviderRefund(t.ctx, tip.uid, 400);
    await awaitSimulatorDeliveries(t.ctx);
    await reconcileRefunds();
    await reconcileRefunds();
    const rows = await rowsOf(tip.id);
    expect(rows.map((r) => [r.source, r.status, r.amount, r.providerUid])).toEqual([
      ['provider', 'completed', 400, made.uid],
    ]);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'completed', refundedAmount: 400 });
    expect(await refundMails(tip.email)).toHaveLength(1);
    const rest = await refund(tip.id, undefined);
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.amount).toBe(600);
    await awaitSimulatorDeliveries(t.ctx);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'refunded', refundedAmount: 1000 });
    expect(await moneyCheckOf(tip.id, tip.uid)).toEqual([]);
  });
});

describe(`a whole refund made at the provider (${TEST_DB})`, () => {
  it.each(['when-full', 'after-any'] as const)('is booked once at its amount (refundedStatus %s)', async (mode) => {
    modes.refundedStatus = mode;
    modes.refunds = 'instant';
    const tip = await tipOf(700);
    const made = await simulateProviderRefund(t.ctx, tip.uid);
    await awaitSimulatorDeliveries(t.ctx);
    await reconcileRefunds();
    expect((await rowsOf(tip.id)).map((r) => [r.source, r.status, r.amount, r.providerUid])).toEqual([
      ['provider', 'completed', 700, made.uid],
    ]);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'refunded', refundedAmount: 700 });
    expect(await refundMails(tip.email)).toHaveLength(1);
  });
});

describe(`a refund the provider answers created, paid out later (created-first, ${TEST_DB})`, () => {
  it.each(['when-full', 'after-any'] as const)(
    'answers pending and mails nobody; once the provider paid it the reconcile job completes it and mails once (refundedStatus %s)',
    async (mode) => {
      createdFirst(mode);
      const tip = await tipOf(1000);
      const res = await refund(tip.id, 300);
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ status: 'pending', amount: 300 });
      expect(res.body.providerUid).toMatch(/^ref_/);
      await awaitSimulatorDeliveries(t.ctx);
      await reconcileRefunds();
      expect((await rowsOf(tip.id)).map((r) => [r.status, r.providerStatus])).toEqual([['pending', 'created']]);
      expect(await refundMails(tip.email)).toHaveLength(0);
      // Recorded: only what is left can be refunded meanwhile.
      expect(await tipRow(tip.id)).toMatchObject({ status: 'completed', refundedAmount: 300 });

      await simulateRefundOutcome(t.ctx, res.body.providerUid, 'completed');
      await reconcileRefunds();
      await reconcileRefunds();
      expect((await rowsOf(tip.id)).map((r) => [r.source, r.status, r.amount])).toEqual([['admin', 'completed', 300]]);
      expect(await refundMails(tip.email)).toHaveLength(1);
      expect(await moneyCheckOf(tip.id, tip.uid)).toEqual([]);
    },
  );

  it('a refund that fails at the provider is failed, shown to the admin, and given back: amount and fee credit', async () => {
    createdFirst();
    const tip = await tipOf(1000);
    const res = await refund(tip.id, 300);
    expect(res.body).toMatchObject({ status: 'pending' });
    await awaitSimulatorDeliveries(t.ctx);
    await simulateRefundOutcome(t.ctx, res.body.providerUid, 'failed');
    await reconcileRefunds();
    const list = await t.api('GET', `/tips/${tip.id}/refunds`, { token: admin.token });
    expect(list.body.data.map((r: { status: string; amount: number }) => [r.status, r.amount])).toEqual([
      ['failed', 300],
    ]);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'completed', refundedAmount: 0, refundedFee: 0 });
    expect(await refundMails(tip.email)).toHaveLength(0);
    // The whole tip can be refunded again.
    const again = await refund(tip.id, undefined);
    expect(again.status, again.text).toBe(201);
    expect(again.body.amount).toBe(1000);
    await simulateRefundOutcome(t.ctx, again.body.providerUid, 'completed');
    await reconcileRefunds();
    expect(await tipRow(tip.id)).toMatchObject({ status: 'refunded', refundedAmount: 1000 });
    expect(await refundMails(tip.email)).toHaveLength(1);
    expect(await moneyCheckOf(tip.id, tip.uid)).toEqual([]);
  });

  it('a whole refund leaves the tip completed until the provider paid it out, then refunded', async () => {
    createdFirst();
    const tip = await tipOf(900);
    const res = await refund(tip.id, undefined);
    expect(res.body).toMatchObject({ status: 'pending', amount: 900 });
    await awaitSimulatorDeliveries(t.ctx);
    // The provider calls the payment refunded when the refund is made; the money is not back yet.
    expect((await t.ctx.opp.getTransaction(tip.uid)).status).toBe('refunded');
    expect(await tipRow(tip.id)).toMatchObject({ status: 'completed', refundedAmount: 900 });
    await simulateRefundOutcome(t.ctx, res.body.providerUid, 'completed');
    await reconcileRefunds();
    expect(await tipRow(tip.id)).toMatchObject({ status: 'refunded', refundedAmount: 900 });
    expect(await refundMails(tip.email)).toHaveLength(1);
  });
});

describe.runIf(TEST_DB === 'pg')('the same refund seen by several processes at once (PostgreSQL)', () => {
  it("the reconcile job and the notification's read complete a paid-out refund once: one booking, one mail", async () => {
    createdFirst();
    const tip = await tipOf(1000);
    const res = await refund(tip.id, 300);
    expect(res.body).toMatchObject({ status: 'pending' });
    await awaitSimulatorDeliveries(t.ctx);
    await simulateRefundOutcome(t.ctx, res.body.providerUid, 'completed');
    const paymentId = await paymentIdOf(tip.uid);
    await Promise.all([
      followPendingRefunds(t.ctx, t.ledger, { olderThan: new Date(Date.now() + 1000) }),
      followProviderRefunds(t.ctx, t.ledger, paymentId),
      followProviderRefunds(t.ctx, t.ledger, paymentId),
      followPendingRefunds(t.ctx, t.ledger, { olderThan: new Date(Date.now() + 1000) }),
    ]);
    const fee = (await tipRow(tip.id)).fee;
    const credit = feeCreditOf({ amount: 1000, fee }, 0, 300);
    expect((await rowsOf(tip.id)).map((r) => [r.status, r.amount, r.feeCredit])).toEqual([['completed', 300, credit]]);
    expect(await tipRow(tip.id)).toMatchObject({ refundedAmount: 300, refundedFee: credit });
    expect(await refundMails(tip.email)).toHaveLength(1);
    expect(await moneyCheckOf(tip.id, tip.uid)).toEqual([]);
  });

  it('a refund made at the provider, read by three at once, is booked once', async () => {
    modes.refundedStatus = 'after-any';
    modes.refunds = 'instant';
    const tip = await tipOf(1000);
    await simulatorOf(t.ctx).createRefund(tip.uid, { amount: 400 }, undefined, { notify: false });
    const paymentId = await paymentIdOf(tip.uid);
    await Promise.all([1, 2, 3].map(() => followProviderRefunds(t.ctx, t.ledger, paymentId)));
    expect((await rowsOf(tip.id)).map((r) => [r.source, r.status, r.amount])).toEqual([['provider', 'completed', 400]]);
    expect(await tipRow(tip.id)).toMatchObject({ refundedAmount: 400 });
    expect(await refundMails(tip.email)).toHaveLength(1);
  });

  it("an admin's refund while the payment's refunds are being read is booked once, as the admin's", async () => {
    modes.refundedStatus = 'after-any';
    modes.refunds = 'instant';
    const tip = await tipOf(1000);
    const paymentId = await paymentIdOf(tip.uid);
    let reading = true;
    const readers = [1, 2].map(async () => {
      while (reading) await followProviderRefunds(t.ctx, t.ledger, paymentId);
    });
    const res = await refund(tip.id, 250);
    await awaitSimulatorDeliveries(t.ctx);
    reading = false;
    await Promise.all(readers);
    expect(res.status, res.text).toBe(201);
    expect((await rowsOf(tip.id)).map((r) => [r.source, r.status, r.amount])).toEqual([['admin', 'completed', 250]]);
    expect(await tipRow(tip.id)).toMatchObject({ status: 'completed', refundedAmount: 250 });
    expect(await refundMails(tip.email)).toHaveLength(1);
    expect(await moneyCheckOf(tip.id, tip.uid)).toEqual([]);
  });
});
