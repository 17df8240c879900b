import {
  awaitSimulatorDeliveries,
  type SimProviderModes,
  simulateMandateStatus,
  simulatePayment,
  simulatorOf,
} from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import {
  chargesOf,
  query,
  retryMandate,
  signUp,
  signUpAndPay,
  transactionsOfCharge,
  uidOf,
  useMonthlyWorld,
} from '../money/monthly-support.js';
import type { TestApp, TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 36.7: the sources disagree on a mandate's status words (`created/pending/completed/revoked`
 * or `created → authorized → active`) and on the field of its checkout link (`redirect_url` or
 * `mandate_url`). Each test names the simulator's modes it plays; both words and both fields work,
 * and a word nobody names holds the monthly tip for a person instead of expiring it.
 */
const w = useMonthlyWorld();
let t: TestApp;
let admin: TestUser;
let modes: SimProviderModes;
beforeAll(async () => {
  t = w.t;
  admin = await t.createUser({ role: 'ADMIN' });
  modes = { ...simulatorOf(t.ctx).modes };
});
afterEach(() => {
  Object.assign(simulatorOf(t.ctx).modes, modes);
  simulatorOf(t.ctx).mandateLinkOmitted = false;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const DAY = 24 * 60 * 60 * 1000;

function play(words: SimProviderModes['mandateWords'], link: SimProviderModes['mandateLink']) {
  Object.assign(simulatorOf(t.ctx).modes, { mandateWords: words, mandateLink: link });
}

async function mine(tipper: TestUser, id: string) {
  const res = await t.api('GET', `/user/me/recurringtips/${id}`, { token: tipper.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function mandateUidOf(recurringTipId: string) {
  const [row] = await query<{ mandate_uid: string }>(
    t,
    sql`select mandate_uid from recurring_tips where id = ${recurringTipId}`,
  );
  return row!.mandate_uid;
}

/** The mandate as the provider holds it (read from its table: a read by uid would be one more read). */
async function mandateAtProvider(recurringTipId: string) {
  const uid = await mandateUidOf(recurringTipId);
  return (await query<{ data: Record<string, unknown> }>(t, sql`select data from sim_objects where uid = ${uid}`))[0]!
    .data;
}

/** A day and an hour later, the reconcile job reads every open row again (where a first payment expires). */
async function aDayLater() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.now() + DAY + 60 * 60 * 1000));
  const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
  await awaitSimulatorDeliveries(t.ctx);
  return result;
}

describe(`a mandate's status words (${TEST_DB})`, () => {
  it('created → authorized → active: a paid first month sets the monthly tip up, it is not expired a day later, and its next month is charged', async () => {
    play('active', 'redirect_url');
    const words: string[] = [];
    const read = t.ctx.opp.getMandate.bind(t.ctx.opp);
    vi.spyOn(t.ctx.opp, 'getMandate').mockImplementation(async (uid) => {
      const mandate = await read(uid);
      words.push(mandate.status);
      return mandate;
    });
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    expect(res.status, res.text).toBe(201);
    const id = res.body.recurringTip.id as string;
    // The first payment's own notification is lost: only the mandate's words tell us it was paid.
    await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed', { notify: false });
    await awaitSimulatorDeliveries(t.ctx);
    expect(words).toEqual(expect.arrayContaining(['authorized', 'active']));
    expect((await mandateAtProvider(id)).status).toBe('active');
    const started = await mine(tipper, id);
    expect(started.mandate.status).toBe('valid');
    expect(started.charges[0]).toMatchObject({ status: 'completed', tipStatus: 'completed' });

    await aDayLater();
    const later = await mine(tipper, id);
    expect(later.mandate.status).toBe('valid');
    expect(later.charges).toHaveLength(1);
    expect(later.charges[0]).toMatchObject({ status: 'completed', failureReason: null });
    expect(later.lastFailureReason).toBeNull();

    // Next month: the debit against the active mandate is accepted and collected.
    const run = await runCharges(t.ctx, t.ledger, { now: new Date(later.nextChargeAt) });
    expect(run.sent).toBe(1);
    const debit = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
    const [sent] = await transactionsOfCharge(t, debit.id);
    await simulatePayment(t.ctx, sent!.opp_uid!, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const charged = await mine(tipper, id);
    expect(charged.charges.map((c: { status: string }) => c.status)).toEqual(['completed', 'completed']);
    expect(charged.mandate.status).toBe('valid');
  });

  it('a charge against a mandate still `authorized` is accepted', async () => {
    play('active', 'redirect_url');
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    const started = await mine(tipper, id);
    expect(started.mandate.status).toBe('valid');
    const uid = await mandateUidOf(id);
    // Not activated yet when the month is due (nobody read it since): the provider still says `authorized`.
    await query(t, sql`update sim_objects set data = jsonb_set(data, '{status}', '"authorized"') where uid = ${uid}`);
    expect((await runCharges(t.ctx, t.ledger, { now: new Date(started.nextChargeAt) })).sent).toBe(1);
    const debit = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
    expect(debit).toMatchObject({ status: 'pending' });
  });

  it('a word nobody names holds the monthly tip for a person: not expired, not charged, listed for admins', async () => {
    play('active', 'mandate_url');
    const errors = vi.spyOn(t.ctx.log, 'error');
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    const id = res.body.recurringTip.id as string;
    const [month] = await chargesOf(t, id);
    const uid = await mandateUidOf(id);
    await simulateMandateStatus(t.ctx, uid, 'approved');
    await awaitSimulatorDeliveries(t.ctx);
    expect((await mine(tipper, id)).mandate.status).toBe('held');
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ mandateUid: uid, status: 'approved' }),
      expect.any(String),
    );

    const incidents = await t.api('GET', '/payments/incidents?limit=100', { token: admin.token });
    expect(incidents.status, incidents.text).toBe(200);
    expect(incidents.body.data).toContainEqual(
      expect.objectContaining({
        kind: 'unknown_mandate_status',
        ownerKind: 'recurring_charge',
        ownerId: month!.id,
        providerStatus: 'approved',
        amount: 500,
      }),
    );

    // The tipper did pay: the provider has the first payment completed, its notification lost.
    const { data: sent } = await simulatorOf(t.ctx).listTransactions({ perpage: 100 });
    const first = (sent as { uid: string; metadata: { key: string; value: string }[] }[]).find((tx) =>
      tx.metadata.some((m) => m.key === 'charge_id' && m.value === month!.id),
    );
    await simulatePayment(t.ctx, String(first!.uid), 'completed', { notify: false });

    // A day later nothing expired it, and the tipper is not asked to pay again.
    await aDayLater();
    const held = await mine(tipper, id);
    expect(held.mandate.status).toBe('held');
    expect(held.lastFailureReason).toBeNull();
    expect(held.charges).toEqual([expect.objectContaining({ status: month!.status, failureReason: null })]);
    expect(await transactionsOfCharge(t, month!.id)).toEqual([expect.objectContaining({ status: 'created' })]);
    // Nor is anything charged: a charge run a month on sends nothing for it.
    await runCharges(t.ctx, t.ledger, { now: new Date(Date.now() + 40 * DAY) });
    expect(await chargesOf(t, id)).toHaveLength(1);
    // The incident is listed once, however often the word is read.
    const again = await t.api('GET', '/payments/incidents?limit=100', { token: admin.token });
    expect(
      again.body.data.filter(
        (i: { kind: string; ownerId: string }) => i.ownerId === month!.id && i.kind === 'unknown_mandate_status',
      ),
    ).toHaveLength(1);

    // Once the provider answers a word we know, the hold ends by itself: the first payment is looked
    // up by our metadata (decision 071) and speaks for the month.
    await simulateMandateStatus(t.ctx, uid, 'active');
    await awaitSimulatorDeliveries(t.ctx);
    const settled = await mine(tipper, id);
    expect(settled.mandate.status).toBe('valid');
    expect(settled.charges[0]).toMatchObject({ status: 'completed' });
  });

  it('a dead word other than revoked ends the mandate as a revocation does', async () => {
    play('active', 'redirect_url');
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    expect((await mine(tipper, id)).mandate.status).toBe('valid');
    const uid = await mandateUidOf(id);
    await simulateMandateStatus(t.ctx, uid, 'cancelled');
    await awaitSimulatorDeliveries(t.ctx);
    const ended = await mine(tipper, id);
    expect(ended.mandate.status).toBe('revoked');
    expect((await runCharges(t.ctx, t.ledger, { now: new Date(Date.now() + 40 * DAY) })).sent).toBe(0);
  });
});

describe(`a mandate's checkout link (${TEST_DB})`, () => {
  it('named as mandate_url, it is the checkout the tipper is sent to, and paying it sets the monthly tip up', async () => {
    play('completed', 'mandate_url');
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    expect(res.status, res.text).toBe(201);
    const id = res.body.recurringTip.id as string;
    const provider = await mandateAtProvider(id);
    expect(provider).not.toHaveProperty('redirect_url');
    expect(res.body.oppTransaction.redirectUrl).toBe(provider.mandate_url);
    expect(res.body.oppTransaction.redirectUrl).toMatch(/\/sim\/checkout\/tra_/);
    expect((await mine(tipper, id)).mandate.oppTransaction).toMatchObject({
      redirectUrl: provider.mandate_url,
    });
    await simulatePayment(t.ctx, uidOf(res.body.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    expect((await mine(tipper, id)).mandate.status).toBe('valid');
  });

  it('an answer naming no link at all is the provider-unavailable answer, logged whole; no checkout is claimed and the tipper may set it up again', async () => {
    play('active', 'mandate_url');
    simulatorOf(t.ctx).mandateLinkOmitted = true;
    const errors = vi.spyOn(t.ctx.log, 'error');
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    expect(res.status, res.text).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER');
    // The answer is in the log as the provider sent it (the logger redacts its token).
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ answer: expect.objectContaining({ object: 'mandate', status: 'created' }) }),
      expect.stringMatching(/no checkout link/),
    );
    const [tip] = await query<{ id: string; mandate_uid: string | null }>(
      t,
      sql`select r.id, r.mandate_uid from recurring_tips r join users u on u.id = r.user_id
          where u.email = ${tipper.email}`,
    );
    // No mandate stored, the attempt failed: nothing offers a checkout, and nothing sends it again.
    expect(tip!.mandate_uid).toBeNull();
    const [month] = await chargesOf(t, tip!.id);
    expect(month).toMatchObject({ status: 'failed', claimedUntil: null });
    expect(await transactionsOfCharge(t, month!.id)).toEqual([
      expect.objectContaining({ opp_uid: null, status: 'failed' }),
    ]);
    const view = await mine(tipper, tip!.id);
    expect(view.mandate).toMatchObject({ status: 'invalid', oppTransaction: { status: 'failed', redirectUrl: null } });
    expect((await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 })).repairedMandates).toBe(0);

    // Once the provider names a link again, the tipper sets the payment up as after any failed first payment.
    simulatorOf(t.ctx).mandateLinkOmitted = false;
    const retry = await retryMandate(w, tipper, tip!.id);
    expect(retry.status, retry.text).toBe(200);
    await simulatePayment(t.ctx, uidOf(retry.body.mandate.oppTransaction.redirectUrl), 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    expect((await mine(tipper, tip!.id)).mandate.status).toBe('valid');
  });
});
