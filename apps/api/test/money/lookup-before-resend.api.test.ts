import { CHARGE_GRACE_DAYS } from '@podpot/domain';
import {
  awaitSimulatorDeliveries,
  type SimIdempotencyMode,
  type SimProviderModes,
  simulatePayment,
  simulatorOf,
} from '@podpot/opp-simulator';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkMoney } from '../../src/jobs/money-check.js';
import { reconcileTransactions } from '../../src/jobs/reconcile.js';
import { runCharges } from '../../src/modules/recurring-tips/charge/run.js';
import { LOOKUP_MAX_PAGES, OppError } from '../../src/payments/opp-client.js';
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
 * is looked up and adopted (docs/money-rules.md §8). Issue 36.2: no recorded answer echoes our `reference`
 * and a provider may ignore `filter[reference]`, so the lookup matches the metadata we sent, walking
 * the provider's list back to when our row was made (decision 071).
 */
const w = useMonthlyWorld({ TIP_RATE_LIMIT_PER_MINUTE: 10_000 });
let t: TestApp;
let profileReferences: SimProviderModes['references'];
beforeAll(() => {
  t = w.t;
  profileReferences = simulatorOf(t.ctx).modes.references;
});
afterEach(() => {
  simulatorOf(t.ctx).idempotencyMode = 'replay';
  simulatorOf(t.ctx).modes.references = profileReferences;
});

/** Both ways a provider may answer on `reference` and its filters (decision 071). */
const REFERENCES = ['echoed', 'dropped'] as const;

/**
 * What the provider does with a reused key and, when given, with our reference: `dropped` answers none
 * and ignores filter[reference], filter[created] and order[]; left out, the profile's.
 */
function providerKeys(mode: SimIdempotencyMode, references?: SimProviderModes['references']) {
  simulatorOf(t.ctx).idempotencyMode = mode;
  if (references) simulatorOf(t.ctx).modes.references = references;
}

/**
 * `n` transactions of strangers at the provider, made after everything so far (newest first in its
 * list); `forget` takes them away again (the money check at the end would name each one).
 */
async function otherTransactions(n: number) {
  const prefix = `tra_other_${Date.now().toString(36)}_`;
  await t.database.db.execute(
    sql`insert into sim_objects (uid, object_type, data)
        select ${prefix} || i, 'transaction',
               jsonb_build_object('uid', ${prefix} || i, 'object', 'transaction', 'status', 'completed',
                 'amount', 100, 'created', extract(epoch from now())::bigint, 'merchant_uid', 'mer_someone_else',
                 'metadata', jsonb_build_array(jsonb_build_object('key', 'order', 'value', i::text)))
        from generate_series(1, ${n}) as i`,
  );
  return {
    forget: () => t.database.db.execute(sql`delete from sim_objects where uid like ${`${prefix}%`}`),
  };
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

const DAY = 24 * 60 * 60_000;

async function expectMoneyChecked() {
  expect((await checkMoney(t.ctx, t.ledger)).violations).toEqual([]);
}

describe(`a one-off tip whose create answer was lost (${TEST_DB})`, () => {
  for (const references of REFERENCES) {
    it(`is adopted by the reconcile job, not created twice, when the provider ignores Idempotency-Keys (reference ${references})`, async () => {
      providerKeys('ignore', references);
      const sent = await tipWithLostAnswer();
      expect((await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 })).failed).toBe(0);
      const atOpp = await atProvider('tip_id', sent.owner_id);
      expect(atOpp).toHaveLength(1);
      expect(await tipRow(sent.id)).toMatchObject({ opp_uid: atOpp[0]!.uid, status: 'created' });
      await expectMoneyChecked();
    });
  }

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
    const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
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
    await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
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
      const first = await runCharges(t.ctx, t.ledger, { now });
      expect(first).toMatchObject({ sent: 0, failed: 1 });
    });
    const month = (await chargesOf(t, id)).find((c) => c.via === 'debit')!;
    expect(month).toMatchObject({ status: 'scheduled', attempt: 1 });
    expect(await transactionsOfCharge(t, month.id)).toHaveLength(0);
    expect(await atProvider('charge_id', month.id)).toHaveLength(1);
    return { id, monthId: month.id, now };
  }

  for (const references of REFERENCES) {
    it(`is adopted by the next run, not debited twice, when the provider ignores Idempotency-Keys (reference ${references})`, async () => {
      providerKeys('ignore', references);
      const debit = await debitWithLostAnswer();
      const next = await runCharges(t.ctx, t.ledger, { now: debit.now });
      expect(next).toMatchObject({ sent: 1, failed: 0 });
      const atOpp = await atProvider('charge_id', debit.monthId);
      expect(atOpp).toHaveLength(1);
      const attempts = await transactionsOfCharge(t, debit.monthId);
      expect(attempts).toMatchObject([{ attempt: 1, opp_uid: atOpp[0]!.uid, status: 'planned' }]);
      await expectMoneyChecked();
    });
  }

  it('is not ended as a late try when the job was down past the grace: the provider holds it, so it is adopted', async () => {
    providerKeys('ignore', 'dropped');
    const debit = await debitWithLostAnswer();
    const later = new Date(debit.now.getTime() + (CHARGE_GRACE_DAYS + 1) * DAY);
    expect(await runCharges(t.ctx, t.ledger, { now: later })).toMatchObject({ late: 0, failed: 0 });
    const atOpp = await atProvider('charge_id', debit.monthId);
    expect(atOpp).toHaveLength(1);
    const month = (await chargesOf(t, debit.id)).find((c) => c.id === debit.monthId)!;
    expect(month).toMatchObject({ status: 'pending', failureReason: null });
    expect(await transactionsOfCharge(t, debit.monthId)).toMatchObject([{ attempt: 1, opp_uid: atOpp[0]!.uid }]);
    await expectMoneyChecked();
  });

  it('is not failed when the provider refuses a reused key: adopted, then collected once', async () => {
    providerKeys('reject');
    const debit = await debitWithLostAnswer();
    const next = await runCharges(t.ctx, t.ledger, { now: debit.now });
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
    for (const references of REFERENCES) {
      it(`a resubmit adopts the mandate the provider made when it ${mode}s reused keys (reference ${references}), and it can be paid`, async () => {
        providerKeys(mode, references);
        const sent = await mandateWithLostAnswer(`mandate-lost-${mode}-${references}`);
        const again = await signUp(w, sent.tipper, 500, `mandate-lost-${mode}-${references}`);
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
  }
});

describe(`a tip whose create answer was lost, behind the provider's newer transactions (${TEST_DB})`, () => {
  it('is found behind more than a page of newer transactions: the lookup pages back to when the tip was made', async () => {
    providerKeys('ignore', 'dropped');
    const sent = await tipWithLostAnswer();
    const others = await otherTransactions(150);
    try {
      const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
      expect(result.failed).toBe(0);
    } finally {
      await others.forget();
    }
    const atOpp = await atProvider('tip_id', sent.owner_id);
    expect(atOpp).toHaveLength(1);
    expect(await tipRow(sent.id)).toMatchObject({ opp_uid: atOpp[0]!.uid, status: 'created' });
    await expectMoneyChecked();
  });

  it('is neither sent again nor given up when the lookup reaches its page bound first: a later run adopts it', async () => {
    providerKeys('ignore', 'dropped');
    const sent = await tipWithLostAnswer();
    const others = await otherTransactions(LOOKUP_MAX_PAGES * 100 + 1);
    try {
      const result = await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 });
      expect(result.failed).toBe(1);
      expect(await atProvider('tip_id', sent.owner_id)).toHaveLength(1);
      expect(await tipRow(sent.id)).toMatchObject({ opp_uid: null, status: null });
    } finally {
      await others.forget();
    }
    // With the newer transactions behind it settled elsewhere (here: gone), the next run finds it.
    expect((await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 })).failed).toBe(0);
    const atOpp = await atProvider('tip_id', sent.owner_id);
    expect(atOpp).toHaveLength(1);
    expect(await tipRow(sent.id)).toMatchObject({ opp_uid: atOpp[0]!.uid, status: 'created' });
    await expectMoneyChecked();
  });
});

describe(`an order whose payment answer was lost, when no answer echoes our reference (${TEST_DB})`, () => {
  let orders = 0;
  function orderBody(slug: string) {
    return {
      data: {
        name: 'De Opzoekpod',
        slug,
        type: 'CONSUMER',
        email: 'lookup-maker@example.test',
        phoneNumber: '06 12345678',
        payment: { paymentmethod: w.ideal, paymentissuer: '' },
      },
    };
  }
  function retry(maker: { token: string }, order: { tipjarId: string; addonId: string }) {
    return t.api('POST', `/tipjars/${order.tipjarId}/addons/${order.addonId}/payment/retry`, {
      token: maker.token,
      body: { data: { paymentmethod: w.ideal, paymentissuer: '' } },
    });
  }
  async function attemptsOf(addonId: string) {
    return query<{ attempt: number; opp_uid: string | null }>(
      t,
      sql`select attempt, opp_uid from opp_transactions where kind = 'addon' and owner_id = ${addonId} order by attempt`,
    );
  }

  it('the retry card adopts the transaction the provider made, not a second one, when it also ignores keys', async () => {
    providerKeys('ignore', 'dropped');
    const maker = await t.createUser();
    const slug = `lookup-order-${++orders}-${Date.now().toString(36)}`;
    let status = 0;
    await answerLost('createTransaction', async () => {
      status = (await t.api('POST', '/tipjars', { token: maker.token, body: orderBody(slug) })).status;
    });
    expect(status).toBe(502);
    const [order] = await query<{ tipjarId: string; addonId: string }>(
      t,
      sql`select j.id as "tipjarId", a.id as "addonId" from tipjars j join addons a on a.tipjar_id = j.id where j.slug = ${slug}`,
    );
    expect(await atProvider('addon_id', order!.addonId)).toHaveLength(1);

    const again = await retry(maker, order!);
    expect(again.status, again.text).toBe(200);
    const atOpp = await atProvider('addon_id', order!.addonId);
    expect(atOpp).toHaveLength(1);
    expect(uidOf(again.body.oppTransaction.redirectUrl)).toBe(atOpp[0]!.uid);
    expect(await attemptsOf(order!.addonId)).toEqual([{ attempt: 1, opp_uid: atOpp[0]!.uid }]);
    await expectMoneyChecked();
  });

  it("a second attempt's lost answer adopts that attempt's transaction, never the first attempt's", async () => {
    providerKeys('ignore', 'dropped');
    const maker = await t.createUser();
    const slug = `lookup-order-${++orders}-${Date.now().toString(36)}`;
    const ordered = await t.api('POST', '/tipjars', { token: maker.token, body: orderBody(slug) });
    expect(ordered.status, ordered.text).toBe(201);
    const order = { tipjarId: ordered.body.tipjar.id as string, addonId: ordered.body.addon.id as string };
    const firstUid = uidOf(ordered.body.oppTransaction.redirectUrl);
    await simulatePayment(t.ctx, firstUid, 'expired');
    await awaitSimulatorDeliveries(t.ctx);

    let status = 0;
    await answerLost('createTransaction', async () => {
      status = (await retry(maker, order)).status;
    });
    expect(status).toBe(502);
    const again = await retry(maker, order);
    expect(again.status, again.text).toBe(200);
    const secondUid = uidOf(again.body.oppTransaction.redirectUrl);
    expect(secondUid).not.toBe(firstUid);
    expect((await atProvider('addon_id', order.addonId)).map((tx) => tx.uid).sort()).toEqual(
      [firstUid, secondUid].sort(),
    );
    expect(await attemptsOf(order.addonId)).toEqual([
      { attempt: 1, opp_uid: firstUid },
      { attempt: 2, opp_uid: secondUid },
    ]);
    await expectMoneyChecked();
  });
});

describe(`a mandate's first payment found by listing (${TEST_DB})`, () => {
  it('a first payment paid while nothing about it reached us is found by its metadata before its month is given up', async () => {
    simulatorOf(t.ctx).modes.references = 'dropped';
    const tipper = await t.createUser();
    const res = await signUp(w, tipper);
    expect(res.status, res.text).toBe(201);
    const id = res.body.recurringTip.id as string;
    const firstUid = uidOf(res.body.oppTransaction.redirectUrl);
    // The tipper paid; every notification about it was lost and the mandate's own word says nothing yet.
    await t.database.db.execute(
      sql`update sim_objects set data = data || jsonb_build_object('status', 'completed', 'completed', extract(epoch from now())::bigint)
          where uid = ${firstUid}`,
    );
    const [month] = await chargesOf(t, id);
    expect(await transactionsOfCharge(t, month!.id)).toMatchObject([{ opp_uid: null }]);
    // A day later, when the attempt would be given up as expired, the reconcile job finds the payment.
    await t.database.db.execute(
      sql`update opp_transactions set created = created - interval '25 hours'
          where kind = 'recurring_charge' and owner_id = ${month!.id}`,
    );
    expect((await reconcileTransactions(t.ctx, t.ledger, { olderThanMinutes: 0 })).failed).toBe(0);
    expect((await chargesOf(t, id))[0]).toMatchObject({ status: 'completed' });
    expect(await transactionsOfCharge(t, month!.id)).toMatchObject([{ opp_uid: firstUid, status: 'completed' }]);
    await expectMoneyChecked();
  });
});
