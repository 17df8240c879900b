import {
  awaitSimulatorDeliveries,
  simulateMandateRevocation,
  simulatePayment,
  simulateReversal,
  simulatorFaults,
} from '@podpot/opp-simulator';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringTipCharges, recurringTips, tipjarAdmins, tipjars, tips } from '../../src/db/schema/index.js';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { signManageToken } from '../../src/modules/recurring-tips/manage-token.js';
import { registerMerchant } from '../support/merchant.js';
import { answeredStatus, refundsPaidOut } from '../support/refunds.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Monthly tips over real HTTP against the simulator, on both databases (TEST_DB=pg for PostgreSQL):
 * sign-up → first payment → mandate → the charge run (idempotent, concurrent, crash-safe) → dunning →
 * mandate retry; self-service with the manage link; what makers and admins may see.
 */
let t: TestApp;
let admin: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let ideal: string;
let jar: { id: string; slug: string };
let otherJar: { id: string; slug: string };
let slugCounter = 0;

const DAY = 24 * 60 * 60 * 1000;

async function insertJar(owner: TestUser, status: 'LIVE' | 'NEW' = 'LIVE') {
  const jar = await insertJarRow(owner, status);
  if (status === 'LIVE') await registerMerchant(t, jar.id, owner.token);
  return jar;
}

async function insertJarRow(owner: TestUser, status: 'LIVE' | 'NEW') {
  slugCounter += 1;
  const slug = `monthly-${slugCounter}-${Date.now().toString(36)}`;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({ slug, name: `Monthly Pod ${slugCounter}`, status, contactEmail: 'maker@example.test' })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: owner.id });
  return { id: row!.id, slug };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  otherMaker = await t.createUser();
  const res = await t.api('POST', '/paymentmethods', {
    token: admin.token,
    body: { data: { name: 'iDEAL', type: 'ideal', priority: 10 } },
  });
  ideal = res.body.id;
  jar = await insertJar(maker);
  otherJar = await insertJar(otherMaker);
});
afterAll(() => t.close());

function signUpBody(amount = 500, extra: Record<string, unknown> = {}) {
  return {
    data: {
      amount,
      displayName: 'Monthly Fan',
      message: 'Keep going',
      payment: { paymentmethod: ideal, paymentissuer: '' },
      ...extra,
    },
  };
}

/** A tipper signs up and pays the first payment on the simulator's checkout. */
async function signUpAndPay(tipper: TestUser, amount = 500, outcome: 'completed' | 'failed' = 'completed') {
  const res = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
    token: tipper.token,
    body: signUpBody(amount),
  });
  expect(res.status, res.text).toBe(201);
  const id = res.body.recurringTip.id as string;
  await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), outcome);
  await awaitSimulatorDeliveries(t.ctx);
  return { id, created: res.body };
}

/** Raw SQL rows (the result shape is the same on both drivers). */
async function query<T>(statement: SQL): Promise<T[]> {
  return ((await t.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

function uidOf(redirectUrl: string) {
  return redirectUrl.split('/').pop()!;
}

async function getMine(tipper: TestUser, id: string) {
  const res = await t.api('GET', `/user/me/recurringtips/${id}`, { token: tipper.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function chargesOf(id: string) {
  return t.database.db.select().from(recurringTipCharges).where(eq(recurringTipCharges.recurringTipId, id));
}

/** The provider transaction uid of a charge's current attempt. */
async function currentUidOf(chargeId: string) {
  const rows = await query<{ opp_uid: string }>(
    sql`select opp_uid from opp_transactions where kind = 'recurring_charge' and owner_id = ${chargeId}
        order by attempt desc limit 1`,
  );
  return rows[0]!.opp_uid;
}

async function run(now: Date) {
  const result = await runCharges(t.ctx, t.ledger, { now });
  await awaitSimulatorDeliveries(t.ctx);
  return result;
}

/** Settles the current provider transaction of the month's charge as the bank would. */
async function settle(chargeId: string, outcome: 'completed' | 'failed') {
  await simulatePayment(t.ctx, await currentUidOf(chargeId), outcome);
  await awaitSimulatorDeliveries(t.ctx);
}

describe('POST /api/v1/tipjars/:id/recurringtips', () => {
  it('needs a signed-in tipper (401)', async () => {
    const res = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, { body: signUpBody() });
    expect(res.status).toBe(401);
  });

  it('refuses amounts outside the tip limits and bad input (400)', async () => {
    const tipper = await t.createUser();
    for (const amount of [99, 100_001, 1.5]) {
      const res = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
        token: tipper.token,
        body: signUpBody(amount),
      });
      expect(res.status, String(amount)).toBe(400);
    }
    const noMethod = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
      token: tipper.token,
      body: { data: { amount: 500, displayName: 'x' } },
    });
    expect(noMethod.status).toBe(400);
    const notUuid = await t.api('POST', '/tipjars/nope/recurringtips', { token: tipper.token, body: signUpBody() });
    expect(notUuid.status).toBe(400);
  });

  it('answers 404 for a tip jar that is not LIVE or does not exist', async () => {
    const tipper = await t.createUser();
    const hidden = await insertJar(maker, 'NEW');
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.api('POST', `/tipjars/${id}/recurringtips`, { token: tipper.token, body: signUpBody() });
      expect(res.status).toBe(404);
    }
  });

  it('first payment → mandate valid, the first month is a tip, the next charge is the same day next month', async () => {
    const tipper = await t.createUser();
    const res = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, { token: tipper.token, body: signUpBody(700) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.recurringTip).toMatchObject({ status: 'active', amount: 700, mandate: { status: 'pending' } });
    expect(res.body.oppTransaction.redirectUrl).toMatch(/\/sim\/checkout\/tra_/);

    await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const mine = await getMine(tipper, res.body.recurringTip.id);
    expect(mine.mandate.status).toBe('valid');
    const paidAt = new Date();
    expect(mine.chargeDay).toBe(Math.min(paidAt.getUTCDate(), 28));
    const next = new Date(mine.nextChargeAt);
    expect(next.getUTCDate()).toBe(mine.chargeDay);
    expect((next.getUTCMonth() - paidAt.getUTCMonth() + 12) % 12).toBe(1);
    expect(mine.charges).toHaveLength(1);
    expect(mine.charges[0]).toMatchObject({ status: 'completed', amount: 700, tipStatus: 'completed' });
    const [tip] = await t.database.db.select().from(tips).where(eq(tips.id, mine.charges[0].tipId));
    expect(tip).toMatchObject({ recurringTipId: mine.id, status: 'completed', amount: 700, tipjarId: jar.id });

    const mails = await t.outbox();
    const started = mails.find((m) => m.to.includes(tipper.email) && /monthly tip/i.test(m.subject));
    expect(started?.text).toContain(`/account/recurringtips/${mine.id}?token=`);
  });

  it('a first payment that is not finished leaves the mandate invalid; a mandate retry makes it valid', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500, 'failed');
    let mine = await getMine(tipper, id);
    expect(mine.mandate.status).toBe('invalid');
    expect(mine.charges[0].status).toBe('failed');

    const retry = await t.api('POST', `/user/me/recurringtips/${id}/mandate/retry`, {
      token: tipper.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.mandate.oppTransaction.redirectUrl).toMatch(/\/sim\/checkout\//);
    await simulatePayment(t.ctx, uidOf(retry.body.mandate.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    mine = await getMine(tipper, id);
    expect(mine.mandate.status).toBe('valid');
    // The same month, a further attempt on its one charge row.
    expect(mine.charges).toHaveLength(1);
    expect(mine.charges[0]).toMatchObject({ status: 'completed', attempt: 2 });
  });
});

/** A monthly tip whose first debit (after the first payment) was collected. */
async function collectedMonth(tipper: TestUser, amount: number) {
  const { id } = await signUpAndPay(tipper, amount);
  await run(new Date((await getMine(tipper, id)).nextChargeAt));
  const month = (await chargesOf(id)).find((c) => c.via === 'debit')!;
  await settle(month.id, 'completed');
  return { id, month };
}
describe('the charge run (jobs/charge.ts)', () => {
  it('charges a due month exactly once, however often it runs', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    const due = new Date((await getMine(tipper, id)).nextChargeAt);

    const early = await run(new Date(due.getTime() - 5 * DAY));
    expect(early.claimed).toBe(0);
    // Pre-notification a few days ahead, once.
    const before = await run(new Date(due.getTime() - 2 * DAY));
    expect(before.preNotified).toBeGreaterThanOrEqual(1);
    expect((await run(new Date(due.getTime() - 1 * DAY))).preNotified).toBe(0);
    const subjects = (await t.outbox()).filter((m) => m.to.includes(tipper.email)).map((m) => m.subject);
    expect(
      subjects.filter((s) => /we[ _]collect/i.test(s)),
      subjects.join(' | '),
    ).toHaveLength(1);

    await run(due);
    await run(due);
    await run(new Date(due.getTime() + DAY));
    const charges = await chargesOf(id);
    expect(charges).toHaveLength(2);
    const month = charges.find((c) => c.via === 'debit')!;
    expect(month).toMatchObject({ status: 'pending', attempt: 1, amount: 500 });

    await settle(month.id, 'completed');
    const mine = await getMine(tipper, id);
    expect(mine.charges[0]).toMatchObject({ id: month.id, status: 'completed', tipStatus: 'completed' });
    expect(new Date(mine.nextChargeAt).getTime()).toBeGreaterThan(due.getTime());
    expect((await t.outbox()).some((m) => m.to.includes(tipper.email) && /thank you for your/i.test(m.subject))).toBe(
      true,
    );
  });

  it('two runs at the same time (two connections on PostgreSQL) still make one charge per month', async () => {
    const tippers = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    const ids: string[] = [];
    for (const tipper of tippers) ids.push((await signUpAndPay(tipper, 300)).id);
    const due = new Date((await getMine(tippers[0]!, ids[0]!)).nextChargeAt);
    const results = await Promise.all([run(due), run(due), run(due)]);
    expect(results.reduce((s, r) => s + r.claimed, 0)).toBeGreaterThanOrEqual(3);
    for (const id of ids) {
      const debits = (await chargesOf(id)).filter((c) => c.via === 'debit');
      expect(debits).toHaveLength(1);
      expect(debits[0]!.status).toBe('pending');
    }
    const rows = await query<{ n: number }>(
      sql`select count(*)::int as n from opp_transactions where kind = 'recurring_charge'
          and owner_id in (select id from recurring_tip_charges where via = 'debit'
                           and recurring_tip_id in (${sql.join(
                             ids.map((i) => sql`${i}::uuid`),
                             sql`, `,
                           )}))`,
    );
    expect(rows[0]!.n).toBe(3);
    if (TEST_DB === 'pg') expect(t.database.driver).toBe('postgres');
  });

  it('the schema itself refuses a second charge row for the same month', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    const [first] = await chargesOf(id);
    await expect(
      t.database.db
        .insert(recurringTipCharges)
        .values({ recurringTipId: id, period: first!.period, amount: 500, via: 'debit' }),
    ).rejects.toThrow();
    expect(await chargesOf(id)).toHaveLength(1);
  });

  it('a crash between claiming and the provider call loses no month and charges none twice', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 400);
    const due = new Date((await getMine(tipper, id)).nextChargeAt);
    const real = t.ctx.opp.createMandateTransaction.bind(t.ctx.opp);
    // 1: the provider is never reached.
    t.ctx.opp.createMandateTransaction = async () => {
      throw new Error('process died');
    };
    try {
      expect((await run(due)).failed).toBeGreaterThanOrEqual(1);
    } finally {
      t.ctx.opp.createMandateTransaction = real;
    }
    let debits = (await chargesOf(id)).filter((c) => c.via === 'debit');
    expect(debits).toHaveLength(1);
    expect(debits[0]!.status).toBe('scheduled');

    // 2: the provider made the transaction but its answer was lost.
    t.ctx.opp.createMandateTransaction = async (...args) => {
      await real(...args);
      throw new Error('connection reset');
    };
    try {
      await run(due);
    } finally {
      t.ctx.opp.createMandateTransaction = real;
    }
    // 3: the next run finishes it, with the same idempotency key → the same provider transaction.
    const later = await run(new Date(due.getTime() + 60_000));
    expect(later.sent).toBeGreaterThanOrEqual(1);
    debits = (await chargesOf(id)).filter((c) => c.via === 'debit');
    expect(debits).toHaveLength(1);
    expect(debits[0]!.status).toBe('pending');
    const rows = await query<{ n: number }>(
      sql`select count(*)::int as n from sim_objects where object_type = 'transaction'
          and data->>'mandate_uid' = ${(await t.database.db.select().from(recurringTips).where(eq(recurringTips.id, id)))[0]!.mandateUid}
          and data->>'redirect_url' is null`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('dunning: a failed month is tried 3 times, 3 days apart, then the mandate is invalid; a retry fixes it', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 600);
    const due = new Date((await getMine(tipper, id)).nextChargeAt);
    await run(due);
    let month = (await chargesOf(id)).find((c) => c.via === 'debit')!;
    await settle(month.id, 'failed');
    let mine = await getMine(tipper, id);
    expect(mine).toMatchObject({ failedAttempts: 1, lastFailureReason: 'failed', mandate: { status: 'valid' } });
    expect(mine.charges[0]).toMatchObject({ status: 'scheduled', attempt: 2 });
    const mails = await t.outbox();
    const failedMail = mails.find((m) => m.to.includes(tipper.email) && /did not go through/.test(m.subject));
    expect(failedMail?.text).toContain('?token=');

    // Not before 3 days have passed.
    expect((await run(new Date(due.getTime() + 2 * DAY))).sent).toBe(0);
    expect((await run(new Date(due.getTime() + 3 * DAY))).sent).toBe(1);
    month = (await chargesOf(id)).find((c) => c.via === 'debit')!;
    expect(month).toMatchObject({ attempt: 2, status: 'pending' });
    await settle(month.id, 'failed');
    expect((await run(new Date(due.getTime() + 6 * DAY))).sent).toBe(1);
    await settle(month.id, 'failed');

    mine = await getMine(tipper, id);
    expect(mine).toMatchObject({ failedAttempts: 3, mandate: { status: 'invalid' } });
    expect(mine.charges[0]).toMatchObject({ status: 'failed', attempt: 3, tipStatus: 'failed' });
    await run(new Date(due.getTime() + 40 * DAY));
    expect((await chargesOf(id)).find((c) => c.via === 'debit')).toMatchObject({ status: 'failed', attempt: 3 });

    const retry = await t.api('POST', `/user/me/recurringtips/${id}/mandate/retry`, {
      token: tipper.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(200);
    await simulatePayment(t.ctx, uidOf(retry.body.mandate.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    mine = await getMine(tipper, id);
    expect(mine).toMatchObject({ failedAttempts: 0, mandate: { status: 'valid' } });
    expect(mine.charges.filter((c: { via?: string }) => c).length).toBe(2);
    expect(mine.charges[0]).toMatchObject({ id: month.id, status: 'completed', attempt: 4, tipStatus: 'completed' });
  });

  it('a mandate revoked by the bank stops the charges until the tipper sets up a new one', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    const [row] = await t.database.db.select().from(recurringTips).where(eq(recurringTips.id, id));
    await simulateMandateRevocation(t.ctx, row!.mandateUid!);
    await awaitSimulatorDeliveries(t.ctx);
    let mine = await getMine(tipper, id);
    expect(mine.mandate.status).toBe('revoked');
    await run(new Date(mine.nextChargeAt));
    expect((await chargesOf(id)).filter((c) => c.via === 'debit')).toHaveLength(0);

    const retry = await t.api('POST', `/user/me/recurringtips/${id}/mandate/retry`, {
      token: tipper.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(200);
    await simulatePayment(t.ctx, uidOf(retry.body.mandate.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    mine = await getMine(tipper, id);
    expect(mine.mandate.status).toBe('valid');
    // The new first payment paid the next month due; that month is not charged again.
    expect(mine.charges).toHaveLength(2);
    const paidPeriod = mine.charges[0].period;
    await run(new Date(Date.now() + 400 * DAY));
    const periods = (await chargesOf(id)).map((c) => c.period);
    expect(periods.filter((p) => p === paidPeriod)).toHaveLength(1);
  });

  it('a mandate retry never pays a month whose debit is still under way', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    const due = new Date((await getMine(tipper, id)).nextChargeAt);
    await run(due);
    const month = (await chargesOf(id)).find((c) => c.via === 'debit')!;
    const [row] = await t.database.db.select().from(recurringTips).where(eq(recurringTips.id, id));
    await simulateMandateRevocation(t.ctx, row!.mandateUid!);
    await awaitSimulatorDeliveries(t.ctx);
    const body = { data: { paymentmethod: ideal, paymentissuer: '' } };
    const busy = await t.api('POST', `/user/me/recurringtips/${id}/mandate/retry`, { token: tipper.token, body });
    expect(busy.status).toBe(409);

    // The bank refuses the debit: no retry against a revoked mandate; the month waits for the tipper.
    await settle(month.id, 'failed');
    expect((await chargesOf(id)).find((c) => c.id === month.id)).toMatchObject({ status: 'failed', attempt: 1 });
    const retry = await t.api('POST', `/user/me/recurringtips/${id}/mandate/retry`, { token: tipper.token, body });
    expect(retry.status, retry.text).toBe(200);
    await simulatePayment(t.ctx, uidOf(retry.body.mandate.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const mine = await getMine(tipper, id);
    expect(mine.mandate.status).toBe('valid');
    expect(mine.charges[0]).toMatchObject({ id: month.id, status: 'completed', attempt: 2 });
  });

  it('cancelling revokes the mandate at the provider', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'cancelled' } },
    });
    await awaitSimulatorDeliveries(t.ctx);
    expect((await getMine(tipper, id)).mandate.status).toBe('revoked');
    const mailsBefore = (await t.outbox()).length;
    const again = await t.api('POST', `/user/me/recurringtips/${id}/mandate/retry`, {
      token: tipper.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(again.status).toBe(409);
    expect((await t.outbox()).length).toBe(mailsBefore);
  });

  it('a chargeback on a collected month is recorded on its tip, visible to the maker', async () => {
    const tipper = await t.createUser();
    const { id, month } = await collectedMonth(tipper, 800);
    await simulateReversal(t.ctx, await currentUidOf(month.id), 'chargeback');
    await awaitSimulatorDeliveries(t.ctx);
    const seen = await t.api('GET', `/tipjars/${jar.id}/recurringtips/${id}`, { token: maker.token });
    expect(seen.status).toBe(200);
    expect(seen.body.charges[0]).toMatchObject({ status: 'chargeback', tipStatus: 'chargeback' });
    const tip = await t.api('GET', `/tipjars/${jar.id}/tips/${month.tipId}`, { token: maker.token });
    expect(tip.body).toMatchObject({ status: 'chargeback', amount: 800, refundedAmount: 800 });
    const reversals = await t.api('GET', `/tipjars/${jar.id}/tips/${month.tipId}/refunds`, { token: maker.token });
    expect(reversals.body.data).toMatchObject([
      { kind: 'chargeback', source: 'provider', amount: 800, chargeId: month.id },
    ]);
    // The dunning's end (decision 015): no debit against the disputed mandate, the tipper is asked to set
    // the payment up again, and maker and tipper see why.
    expect(seen.body).toMatchObject({ lastFailureReason: 'chargeback', mandate: { status: 'invalid' } });
    const mine = await getMine(tipper, id);
    expect(mine).toMatchObject({ lastFailureReason: 'chargeback', mandate: { status: 'invalid' } });
    const mails = (await t.outbox()).filter((m) => m.to.includes(tipper.email) && /charged back/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Set up the payment again');
  });

  it('an admin refunds part of a collected month: the month stays paid, its tip shows the refund', async () => {
    const tipper = await t.createUser();
    const { id, month } = await collectedMonth(tipper, 800);
    const res = await t.api('POST', `/tips/${month.tipId}/refunds`, {
      token: admin.token,
      body: { data: { amount: 300, reason: 'Charged the wrong amount' } },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ chargeId: month.id, amount: 300, status: answeredStatus(t) });
    await refundsPaidOut(t);
    const seen = await t.api('GET', `/tipjars/${jar.id}/recurringtips/${id}`, { token: maker.token });
    expect(seen.body.charges[0]).toMatchObject({ status: 'completed', tipStatus: 'completed' });
    expect(seen.body.mandate.status).toBe('valid');
    const tip = await t.api('GET', `/tipjars/${jar.id}/tips/${month.tipId}`, { token: maker.token });
    expect(tip.body).toMatchObject({ status: 'completed', refundedAmount: 300 });
    expect((await t.outbox()).some((m) => m.to.includes(tipper.email) && /refunded/.test(m.subject))).toBe(true);
  });
});

describe('PUT /api/v1/user/me/recurringtips/:id', () => {
  it('an amount change applies from the next month on', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    const res = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { amount: 900 } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ amount: 500, nextAmount: 900 });
    const due = new Date(res.body.nextChargeAt);
    await run(due);
    const month = (await chargesOf(id)).find((c) => c.via === 'debit')!;
    expect(month.amount).toBe(900);
    expect(await getMine(tipper, id)).toMatchObject({ amount: 900, nextAmount: null });
  });

  it('paused months are skipped; resume continues; cancelled is final and never charged', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    const due = new Date((await getMine(tipper, id)).nextChargeAt);
    const paused = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'paused' } },
    });
    expect(paused.body.status).toBe('paused');
    await run(due);
    expect((await chargesOf(id)).filter((c) => c.via === 'debit')).toHaveLength(0);

    const resumed = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'active' } },
    });
    expect(resumed.body.status).toBe('active');
    await run(due);
    expect((await chargesOf(id)).filter((c) => c.via === 'debit')).toHaveLength(1);

    const cancelled = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'cancelled' } },
    });
    expect(cancelled.body.status).toBe('cancelled');
    await run(new Date(due.getTime() + 70 * DAY));
    expect((await chargesOf(id)).filter((c) => c.via === 'debit')).toHaveLength(1);
    const again = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'active' } },
    });
    expect(again.status).toBe(409);
  });

  it('a long pause skips the months in between', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    await t.api('PUT', `/user/me/recurringtips/${id}`, { token: tipper.token, body: { data: { status: 'paused' } } });
    // As if paused for three months: the stored due date lies in the past.
    await t.database.db
      .update(recurringTips)
      .set({ nextChargeAt: new Date(Date.now() - 60 * DAY) })
      .where(eq(recurringTips.id, id));
    const resumed = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: tipper.token,
      body: { data: { status: 'active' } },
    });
    expect(new Date(resumed.body.nextChargeAt).getTime()).toBeGreaterThanOrEqual(Date.now() - DAY);
    await run(new Date());
    expect((await chargesOf(id)).filter((c) => c.via === 'debit')).toHaveLength(0);
  });

  it('refuses bad input (400) and strangers (404)', async () => {
    const tipper = await t.createUser();
    const stranger = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    for (const data of [{}, { amount: 50 }, { status: 'stopped' }]) {
      const res = await t.api('PUT', `/user/me/recurringtips/${id}`, { token: tipper.token, body: { data } });
      expect(res.status, JSON.stringify(data)).toBe(400);
    }
    const res = await t.api('PUT', `/user/me/recurringtips/${id}`, {
      token: stranger.token,
      body: { data: { status: 'paused' } },
    });
    expect(res.status).toBe(404);
    expect((await t.api('GET', `/user/me/recurringtips/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.api('GET', `/user/me/recurringtips/${id}`)).status).toBe(401);
  });
});

describe('the manage link', () => {
  it('opens its own recurring tip without a password (query, header or bearer) and nothing else', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    const { id: otherId } = await signUpAndPay(await t.createUser(), 500);
    const token = await signManageToken(t.ctx, id);
    expect((await t.api('GET', `/user/me/recurringtips/${id}?token=${token}`)).status).toBe(200);
    expect((await t.api('GET', `/user/me/recurringtips/${id}`, { headers: { 'x-manage-token': token } })).status).toBe(
      200,
    );
    // The link may lower the amount (raising needs a login: test/security/manage-link).
    const put = await t.api('PUT', `/user/me/recurringtips/${id}`, { token, body: { data: { amount: 300 } } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.nextAmount).toBe(300);

    // Not for another recurring tip, not as a login, not after it expired.
    expect((await t.api('GET', `/user/me/recurringtips/${otherId}?token=${token}`)).status).toBe(404);
    expect((await t.api('GET', `/user/me/recurringtips/${otherId}`, { token })).status).toBe(404);
    expect((await t.api('GET', '/user/me/recurringtips', { token })).status).toBe(401);
    expect((await t.api('GET', '/users/me', { token })).status).toBe(401);
    const expired = await signManageToken(t.ctx, id, -10);
    expect((await t.api('GET', `/user/me/recurringtips/${id}?token=${expired}`)).status).toBe(401);
    // An access token is no manage token either.
    expect((await t.api('GET', `/user/me/recurringtips/${id}?token=${tipper.token}`)).status).toBe(401);
  });
});

describe('lists and permissions', () => {
  it('GET user/me/recurringtips: own only, newest first, standard list query', async () => {
    const tipper = await t.createUser();
    const first = await signUpAndPay(tipper, 300);
    const second = await signUpAndPay(tipper, 400);
    const res = await t.api('GET', '/user/me/recurringtips', { token: tipper.token });
    expect(res.status).toBe(200);
    expect(res.body.metadata.count).toBe(2);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
    const page = await t.api('GET', '/user/me/recurringtips?skip=1&limit=2', { token: tipper.token });
    expect(page.body.data.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect((await t.api('GET', '/user/me/recurringtips?sortBy=email', { token: tipper.token })).status).toBe(400);
    expect((await t.api('GET', '/user/me/recurringtips')).status).toBe(401);
  });

  it('GET user/me/recurringtips?tipjarId=&open=true: whether this account already gives monthly to a tip jar (the storefront warns)', async () => {
    const tipper = await t.createUser();
    const other = await t.createUser();
    const mine = async (query: string, who = tipper) => {
      const res = await t.api('GET', `/user/me/recurringtips?${query}`, { token: who.token });
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((r: { id: string }) => r.id);
    };
    const open = `tipjarId=${jar.id}&open=true`;
    expect(await mine(open)).toEqual([]);
    const { id } = await signUpAndPay(tipper, 300);
    // Another account's monthly tip to the same jar is never the tipper's, whatever e-mail it was made with.
    await signUpAndPay(other, 300);
    expect(await mine(open)).toEqual([id]);
    expect(await mine(`tipjarId=${otherJar.id}&open=true`)).toEqual([]);
    // Paused is still open; cancelled is not.
    const pause = { token: tipper.token, body: { data: { status: 'paused' } } };
    expect((await t.api('PUT', `/user/me/recurringtips/${id}`, pause)).status).toBe(200);
    expect(await mine(open)).toEqual([id]);
    const cancel = { token: tipper.token, body: { data: { status: 'cancelled' } } };
    expect((await t.api('PUT', `/user/me/recurringtips/${id}`, cancel)).status).toBe(200);
    expect(await mine(open)).toEqual([]);
    expect(await mine(`tipjarId=${jar.id}`)).toEqual([id]);
    expect((await t.api('GET', '/user/me/recurringtips?tipjarId=nope', { token: tipper.token })).status).toBe(400);
    expect((await t.api('GET', `/user/me/recurringtips?${open}`)).status).toBe(401);
  });

  it("the first payment returns to the thank-you page; a mandate retry to the monthly tip's page", async () => {
    const tipper = await t.createUser();
    const { id, created } = await signUpAndPay(tipper, 500, 'failed');
    // The provider's record as it stands: read with the fault mode (when on) paused.
    const returnUrlOf = async (redirectUrl: string) => {
      const faults = simulatorFaults(t.ctx);
      if (faults) faults.active = false;
      try {
        const res = await fetch(`${t.baseUrl}/sim/opp/v1/transactions/${uidOf(redirectUrl)}`, {
          headers: { authorization: `Bearer ${t.ctx.config.OPP_API_KEY}` },
        });
        return ((await res.json()) as { return_url: string }).return_url;
      } finally {
        if (faults) faults.active = true;
      }
    };
    expect(await returnUrlOf(created.oppTransaction.redirectUrl)).toBe(
      `${t.baseUrl}/thankyou?recurringtip=${id}&slug=${jar.slug}`,
    );
    const retry = await t.api('POST', `/user/me/recurringtips/${id}/mandate/retry`, {
      token: tipper.token,
      body: { data: { paymentmethod: ideal, paymentissuer: '' } },
    });
    expect(retry.status, retry.text).toBe(200);
    expect(await returnUrlOf(retry.body.mandate.oppTransaction.redirectUrl)).toBe(
      `${t.baseUrl}/account/recurringtips/${id}`,
    );
  });

  it("tip jar admins see their tip jar's monthly tips; other makers and strangers get 404", async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    const list = await t.api('GET', `/tipjars/${jar.id}/recurringtips`, { token: maker.token });
    expect(list.status).toBe(200);
    const row = list.body.data.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ status: 'active', amount: 500, mandate: { status: 'valid' } });
    expect(row.email).toBeUndefined();
    expect(row.charges).toHaveLength(1);

    expect((await t.api('GET', `/tipjars/${jar.id}/recurringtips`, { token: otherMaker.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/recurringtips/${id}`, { token: otherMaker.token })).status).toBe(
      404,
    );
    expect(
      (await t.api('GET', `/tipjars/${otherJar.id}/recurringtips/${id}`, { token: otherMaker.token })).status,
    ).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/recurringtips`, { token: tipper.token })).status).toBe(404);
    expect((await t.api('GET', `/tipjars/${jar.id}/recurringtips`)).status).toBe(401);
    const asAdmin = await t.api('GET', `/tipjars/${jar.id}/recurringtips/${id}`, { token: admin.token });
    expect(asAdmin.body.email).toBe(tipper.email);
  });

  it('GET recurringtips and recurringtips/:id are for platform admins', async () => {
    const tipper = await t.createUser();
    const { id } = await signUpAndPay(tipper, 500);
    expect((await t.api('GET', '/recurringtips', { token: tipper.token })).status).toBe(403);
    expect((await t.api('GET', '/recurringtips')).status).toBe(401);
    const all = await t.api('GET', '/recurringtips', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.metadata.count).toBeGreaterThan(1);
    const one = await t.api('GET', `/recurringtips/${id}`, { token: admin.token });
    expect(one.body.id).toBe(id);
    expect(
      (await t.api('GET', '/recurringtips/00000000-0000-4000-8000-000000000000', { token: admin.token })).status,
    ).toBe(404);
  });

  it('the tip jar statistics count active monthly tips and their monthly value', async () => {
    const res = await t.api('GET', `/tipjars/${otherJar.id}/statistics`, { token: otherMaker.token });
    expect(res.status).toBe(200);
    expect(res.body.recurring).toEqual({ active: 0, monthlySum: 0 });
    const rows = await query<{ n: number; s: number }>(
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as s from recurring_tips
          where tipjar_id = ${jar.id} and status = 'active' and mandate_status = 'valid'`,
    );
    const mine = await t.api('GET', `/tipjars/${jar.id}/statistics`, { token: maker.token });
    expect(mine.body.recurring).toEqual({ active: rows[0]!.n, monthlySum: rows[0]!.s });
  });
});

describe('POST /api/v1/tipjars/:id/recurringtips with an Idempotency-Key', () => {
  it('answers a resubmit with the same recurring tip and payment, never a second one', async () => {
    const tipper = await t.createUser();
    const headers = { 'idempotency-key': `monthly-${Date.now()}` };
    const first = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
      token: tipper.token,
      body: signUpBody(700),
      headers,
    });
    const again = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
      token: tipper.token,
      body: signUpBody(700),
      headers,
    });
    expect(first.status, first.text).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.recurringTip.id).toBe(first.body.recurringTip.id);
    expect(again.body.oppTransaction.redirectUrl).toBe(first.body.oppTransaction.redirectUrl);
    const mine = await t.api('GET', '/user/me/recurringtips', { token: tipper.token });
    expect(mine.body.metadata.count).toBe(1);

    // The same key from another user is that user's own first request.
    const other = await t.createUser();
    const theirs = await t.api('POST', `/tipjars/${jar.id}/recurringtips`, {
      token: other.token,
      body: signUpBody(700),
      headers,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.recurringTip.id).not.toBe(first.body.recurringTip.id);
  });
});
