import { awaitSimulatorDeliveries, type SimIdempotencyMode, simulatePayment, simulatorOf } from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { runCharges } from '../../src/modules/recurring-tips/recurring-tips.charge-job.js';
import { OppError } from '../../src/payments/opp-client.js';
import type { TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import {
  chargesOf,
  oneOffTip,
  query,
  signUp,
  signUpAndPay,
  transactionsOfCharge,
  uidOf,
  useMonthlyWorld,
} from './monthly-support.js';

/**
 * Issue 11.4: what the provider does with a reused Idempotency-Key is not known. Whether it replays,
 * ignores or refuses the key, a create whose answer was lost and that is sent again (reconcile, a
 * repeated request, the next charge run) makes no second payment and leaves nothing stuck: the object
 * is looked up by our reference and adopted (DESIGN.md §4.8).
 */
const w = useMonthlyWorld({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
let t: TestApp;
beforeAll(() => {
  t = w.t;
});
afterEach(() => {
  simulatorOf(t.ctx).idempotencyMode = 'replay';
});

function providerKeys(mode: SimIdempotencyMode) {
  simulatorOf(t.ctx).idempotencyMode = mode;
}

/** The provider makes the object, but its answer never reaches us (a timeout, a dropped connection). */
async function answerLost<K extends 'createTransaction' | 'createMandateTransaction' | 'createMandate'>(
  method: K,
  run: () => Promise<unknown>,
) {
  const opp = t.ctx.opp as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = opp[method]!;
  let calls = 0;
  opp[method] = async (...args: unknown[]) => {
    calls += 1;
    await original.apply(t.ctx.opp, args);
    throw new OppError(0, undefined, 'socket hang up');
  };
  try {
    await run();
  } finally {
    opp[method] = original;
  }
  expect(calls).toBe(1);
}

/** The provider's transactions (or mandates), in the simulator's own table, whose metadata names `key` = `value`. */
async function atProvider(key: string, value: string, objectType = 'transaction') {
  return query<{ uid: string; status: string }>(
    t,
    sql`select uid, data->>'status' as status from sim_objects where object_type = ${objectType}
        and data->'metadata' @> ${JSON.stringify([{ key, value }])}::jsonb`,
  );
}

/** A one-off tip whose create reached the provider but whose answer was lost: 502, no uid at our side. */
async function tipWithLostAnswer(idempotencyKey?: string) {
  let status = 0;
  await answerLost('createTransaction', async () => {
    const res = await t.api('POST', `/tipjars/${w.jar.id}/tips`, {
      body: oneOffTip(w.ideal, 700),
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    });
    status = res.status;
  });
  expect(status).toBe(502);
  const [row] = await query<{ id: string; owner_id: string; opp_uid: string | null; status: string | null }>(
    t,
    sql`select id, owner_id, opp_uid, status from opp_transactions where kind = 'tip' order by created desc limit 1`,
  );
  expect(row).toMatchObject({ opp_uid: null, status: null });
  expect(await atProvider('tip_id', row!.owner_id)).toHaveLength(1);
  return row!;
}

async function tipRow(id: string) {
  const [row] = await query<{ opp_uid: string | null; status: string | null; owner_id: string }>(
    t,
    sql`select opp_uid, status, owner_id from opp_transactions where id = ${id}`,
  );
  return row!;
}

async function expectMoneyChecked() {
  expect((await checkMoney(t.ctx)).violations).toEqual([]);
}

describe(`a one-off tip whose create answer was lost (${TEST_DB})`, () => {
  it('is adopted by the reconcile job, not created twice, when the provider ignores Idempotency-Keys', async () => {
    providerKeys('ignore');
    const sent = await tipWithLostAnswer();
    await reconcileTransactions(t.ctx, { olderThanMinutes: 0 });
    const atOpp = await atProvider('tip_id', sent.owner_id);
    expect(atOpp).toHaveLength(1);
    expect(await tipRow(sent.id)).toMatchObject({ opp_uid: atOpp[0]!.uid, status: 'created' });
    await expectMoneyChecked();
  });

  it('is adopted when the tipper repeats the request, when the provider ignores Idempotency-Keys', async () => {
    providerKeys('ignore');
    const sent = await tipWithLostAnswer('repeat-tip-1');
    const again = await t.api('POST', `/tipjars/${w.jar.id}/tips`, {
      body: oneOffTip(w.ideal, 700),
      headers: { 'idempotency-key': 'repeat-tip-1' },
    });
    expect(again.status, again.text).toBe(201);
    const atOpp = await atProvider('tip_id', sent.owner_id);
    expect(atOpp).toHaveLength(1);
    expect(again.body.oppTransaction.redirectUrl).toContain(atOpp[0]!.uid);
    await expectMoneyChecked();
  });

  it('is not stuck when the provider refuses a reused key: adopted, then it ends as the provider says', async () => {
    providerKeys('reject');
    const sent = await tipWithLostAnswer();
    const result = await reconcileTransactions(t.ctx, { olderThanMinutes: 0 });
    expect(result.failed).toBe(0);
    const [atOpp] = await atProvider('tip_id', sent.owner_id);
    expect(await tipRow(sent.id)).toMatchObject({ opp_uid: atOpp!.uid, status: 'created' });

    await simulatePayment(t.ctx, atOpp!.uid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    expect(await tipRow(sent.id)).toMatchObject({ status: 'completed' });
    const [tip] = await query<{ status: string }>(t, sql`select status from tips where id = ${sent.owner_id}`);
    expect(tip!.status).toBe('completed');
    await expectMoneyChecked();
  });

  it('a create refused because its key was used is looked up and adopted (a row not marked as sent)', async () => {
    providerKeys('reject');
    const sent = await tipWithLostAnswer();
    // As the previous version left a failed create: its lease cleared, nothing saying it was sent.
    await t.database.db.execute(sql`update opp_transactions set lease_until = null where id = ${sent.id}`);
    await reconcileTransactions(t.ctx, { olderThanMinutes: 0 });
    const atOpp = await atProvider('tip_id', sent.owner_id);
    expect(atOpp).toHaveLength(1);
    expect(await tipRow(sent.id)).toMatchObject({ opp_uid: atOpp[0]!.uid, status: 'created' });
    await expectMoneyChecked();
  });
});

describe(`a monthly debit whose create answer was lost (${TEST_DB})`, () => {
  /** A monthly tip with a valid mandate whose next month's debit reached the provider, its answer lost. */
  async function debitWithLostAnswer() {
    const tipper = await t.createUser();
    const id = await signUpAndPay(w, tipper);
    const [due] = await query<{ next_charge_at: Date }>(
      t,
      sql`select next_charge_at from recurring_tips where id = ${id}`,
    );
    const now = new Date(due!.next_charge_at);
    await answerLost('createMandateTransaction', async () => {
      const first = await runCharges(t.ctx, { now });
      expect(first).toMatchObject({ sent: 0, failed: 1 });
    });
    const month = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
    expect(month).toMatchObject({ status: 'scheduled', attempt: 1 });
    expect(await transactionsOfCharge(t, month.id)).toHaveLength(0);
    expect(await atProvider('charge_id', month.id)).toHaveLength(1);
    return { id, monthId: month.id, now };
  }

  it('is adopted by the next run, not debited twice, when the provider ignores Idempotency-Keys', async () => {
    providerKeys('ignore');
    const debit = await debitWithLostAnswer();
    const next = await runCharges(t.ctx, { now: debit.now });
    expect(next).toMatchObject({ sent: 1, failed: 0 });
    const atOpp = await atProvider('charge_id', debit.monthId);
    expect(atOpp).toHaveLength(1);
    const attempts = await transactionsOfCharge(t, debit.monthId);
    expect(attempts).toMatchObject([{ attempt: 1, opp_uid: atOpp[0]!.uid, status: 'planned' }]);
    await expectMoneyChecked();
  });

  it('is not failed when the provider refuses a reused key: adopted, then collected once', async () => {
    providerKeys('reject');
    const debit = await debitWithLostAnswer();
    const next = await runCharges(t.ctx, { now: debit.now });
    expect(next).toMatchObject({ sent: 1, failed: 0 });
    const [atOpp] = await atProvider('charge_id', debit.monthId);
    await simulatePayment(t.ctx, atOpp!.uid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const month = (await chargesOf(t, debit.id)).find((c) => c.id === debit.monthId)!;
    expect(month).toMatchObject({ status: 'completed', attempt: 1, failureReason: null });
    expect(await transactionsOfCharge(t, debit.monthId)).toMatchObject([{ attempt: 1, status: 'completed' }]);
    expect(await atProvider('charge_id', debit.monthId)).toHaveLength(1);
    await expectMoneyChecked();
  });
});

describe(`a monthly tip's first payment whose mandate answer was lost (${TEST_DB})`, () => {
  /** The tipper signs up; the provider makes the mandate (and its checkout) but the answer is lost. */
  async function mandateWithLostAnswer(key: string) {
    const tipper = await t.createUser();
    await answerLost('createMandate', async () => {
      expect((await signUp(w, tipper, 500, key)).status).toBe(502);
    });
    const [row] = await query<{ id: string }>(t, sql`select id from recurring_tips where user_id = ${tipper.id}`);
    const [month] = await chargesOf(t, row!.id);
    expect(await transactionsOfCharge(t, month!.id)).toHaveLength(0);
    expect(await atProvider('charge_id', month!.id, 'mandate')).toHaveLength(1);
    return { tipper, id: row!.id, monthId: month!.id };
  }

  for (const mode of ['ignore', 'reject'] as const) {
    it(`a resubmit adopts the mandate the provider made when it ${mode}s reused keys, and it can be paid`, async () => {
      providerKeys(mode);
      const sent = await mandateWithLostAnswer(`mandate-lost-${mode}`);
      const again = await signUp(w, sent.tipper, 500, `mandate-lost-${mode}`);
      expect(again.status, again.text).toBe(201);
      const mandates = await atProvider('charge_id', sent.monthId, 'mandate');
      expect(mandates).toHaveLength(1);
      const [tip] = await query<{ mandate_uid: string }>(
        t,
        sql`select mandate_uid from recurring_tips where id = ${sent.id}`,
      );
      expect(tip!.mandate_uid).toBe(mandates[0]!.uid);

      await simulatePayment(t.ctx, uidOf(again.body.oppTransaction.redirectUrl), 'completed');
      await awaitSimulatorDeliveries(t.ctx);
      const [month] = await chargesOf(t, sent.id);
      expect(month).toMatchObject({ status: 'completed', attempt: 1 });
      await expectMoneyChecked();
    });
  }
});
