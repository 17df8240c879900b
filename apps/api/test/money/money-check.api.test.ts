import {
  awaitSimulatorDeliveries,
  type SimProviderModes,
  simulatePayment,
  simulateReversal,
  simulatorOf,
} from '@podpot/opp-simulator';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { checkMoney, runMoneyCheck } from '../../src/jobs/money-check.js';
import { followPendingRefunds } from '../../src/modules/refunds/refunds.follow.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { createMonthlyWorld, type MonthlyWorld, signUpAndPay, startTip } from './monthly-support.js';

/** The standing money check: silent on a healthy database, loud on each broken invariant. */
let t: TestApp;
let w: MonthlyWorld;

let profileReferences: SimProviderModes['references'];

beforeAll(async () => {
  t = await createTestApp();
  w = await createMonthlyWorld(t);
  profileReferences = simulatorOf(t.ctx).modes.references;
});
afterAll(() => t.close());

async function paymentOf(uid: string) {
  const [row] = (
    (await t.database.db.execute(sql`select id from opp_transactions where opp_uid = ${uid}`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  return row!;
}

/** A payment with a refund not paid out yet, or whose refunds are still to be read (decision 070). */
async function unsettled(uid: string) {
  const { id } = await paymentOf(uid);
  const [row] = (
    (await t.database.db.execute(
      sql`select exists (select 1 from refunds where opp_transaction_id = ${id} and status = 'pending')
              or exists (select 1 from refund_reads where opp_transaction_id = ${id}) as open`,
    )) as unknown as { rows: { open: boolean }[] }
  ).rows;
  return row!.open;
}

describe(`the money check (${TEST_DB})`, () => {
  it('finds nothing wrong after ordinary tips and monthly tips', async () => {
    await simulatePayment(t.ctx, (await startTip(w, 500)).uid, 'completed');
    await simulatePayment(t.ctx, (await startTip(w, 700)).uid, 'cancelled');
    await signUpAndPay(w, await t.createUser());
    await awaitSimulatorDeliveries(t.ctx);
    const result = await checkMoney(t.ctx, t.ledger);
    expect(result.violations).toEqual([]);
    expect(result.checkedTransactions).toBeGreaterThanOrEqual(3);
  });

  it('names each broken invariant', async () => {
    // A payment the provider completed but whose notification never came: our status is behind.
    const behind = await startTip(w, 900);
    await simulatePayment(t.ctx, behind.uid, 'completed', { notify: false });
    // A provider transaction nobody at our side knows.
    const [known] = (
      (await t.database.db.execute(
        sql`select request from opp_transactions where kind = 'tip' limit 1`,
      )) as unknown as {
        rows: { request: Record<string, unknown> }[];
      }
    ).rows;
    const stranger = await t.ctx.opp.createTransaction(known!.request as never, 'money-check-stranger');
    // A tip marked paid by hand, without its money.
    await t.database.db.execute(
      sql`update tips set status = 'completed', completed_at = now()
          where id = (select owner_id from opp_transactions where opp_uid = ${(await startTip(w, 1100)).uid})`,
    );

    const result = await runMoneyCheck(t.ctx, t.ledger, { settledMinutes: 0 });
    const found = result.violations.map((v) => `${v.invariant} ${v.subject}`);
    expect(found).toContainEqual(
      expect.stringMatching(new RegExp(`^status-matches-provider opp_transactions .*${behind.uid}`)),
    );
    expect(found).toContain(`one-owner provider transaction ${stranger.uid}`);
    expect(found).toContain('totals-agree one-off tips');

    // The run is stored: platform admins read the metric.
    const admin = await t.createUser({ role: 'ADMIN' });
    const last = await t.api('GET', '/payments/moneycheck', { token: admin.token });
    expect(last.status, last.text).toBe(200);
    expect(last.body.violations).toBe(result.violations.length);
    expect(last.body.details.length).toBeGreaterThanOrEqual(3);
    expect((await t.api('GET', '/payments/moneycheck', { token: (await t.createUser()).token })).status).toBe(403);
  });
  it('names a payment whose reversals differ from what the provider gave back, and an excess nobody listed', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    /** A paid tip, perhaps partly refunded, then charged back; answers our payment row. */
    const chargedBack = async (amount: number, refunded: number) => {
      const tip = await startTip(w, amount);
      await simulatePayment(t.ctx, tip.uid, 'completed');
      await awaitSimulatorDeliveries(t.ctx);
      if (refunded > 0) {
        const res = await t.api('POST', `/tips/${tip.tipId}/refunds`, {
          token: admin.token,
          body: { data: { amount: refunded, reason: 'Part' } },
        });
        expect(res.status, res.text).toBe(201);
      }
      await simulateReversal(t.ctx, tip.uid, 'chargeback');
      await awaitSimulatorDeliveries(t.ctx);
      const [row] = (
        (await t.database.db.execute(sql`select id from opp_transactions where opp_uid = ${tip.uid}`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows;
      return { id: row!.id, uid: tip.uid };
    };
    const excess = await chargedBack(1000, 300);
    const short = await chargedBack(1200, 0);
    const ours = (v: { subject: string }) => [excess.id, short.id].some((id) => v.subject.includes(id));
    expect((await checkMoney(t.ctx, t.ledger)).violations.filter(ours)).toEqual([]);

    // The excess incident lost, and a chargeback recorded short of what the bank took back (as before issue 34.3).
    await t.database.db.execute(
      sql`delete from payment_incidents where kind = 'excess_reversal' and transaction_id = ${excess.id}`,
    );
    await t.database.db.execute(
      sql`update refunds set amount = amount - 200 where opp_transaction_id = ${short.id} and kind = 'chargeback'`,
    );
    const found = (await checkMoney(t.ctx, t.ledger)).violations.filter(ours);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          invariant: 'reversals-match-provider',
          subject: `opp_transactions ${excess.id}`,
          detail: '1300 of 1000 cents given back, 0 listed as excess',
        }),
        expect.objectContaining({
          invariant: 'reversals-match-provider',
          subject: `opp_transactions ${short.id} (${short.uid})`,
          detail: 'the provider gave back 1200 cents, our refunds and reversals 1000',
        }),
      ]),
    );
    expect(found).toHaveLength(2);
  });
});

describe(`the money check and refunds that follow the provider (decision 070, ${TEST_DB})`, () => {
  it('agrees with partial refunds in either refunded-status mode, and names a refund the provider made that we never booked', async () => {
    const admin = await t.createUser({ role: 'ADMIN' });
    const sim = simulatorOf(t.ctx);
    const before = sim.modes.refundedStatus;
    onTestFinished(() => {
      sim.modes.refundedStatus = before;
    });
    const partlyRefunded = async (mode: 'when-full' | 'after-any') => {
      sim.modes.refundedStatus = mode;
      const tip = await startTip(w, 1000);
      await simulatePayment(t.ctx, tip.uid, 'completed');
      await awaitSimulatorDeliveries(t.ctx);
      const res = await t.api('POST', `/tips/${tip.tipId}/refunds`, {
        token: admin.token,
        body: { data: { amount: 300, reason: 'Part' } },
      });
      expect(res.status, res.text).toBe(201);
      // Paid out and read, however often the provider fails to answer meanwhile.
      await awaitSimulatorDeliveries(t.ctx);
      for (let tries = 0; tries < 5 && (await unsettled(tip.uid)); tries++) {
        await followPendingRefunds(t.ctx, t.ledger, { olderThan: new Date(Date.now() + 1000) });
        await awaitSimulatorDeliveries(t.ctx);
      }
      expect(await unsettled(tip.uid)).toBe(false);
      return { ...tip, id: (await paymentOf(tip.uid)).id };
    };
    const whenFull = await partlyRefunded('when-full');
    const afterAny = await partlyRefunded('after-any');
    const ours = (v: { subject: string }) =>
      [whenFull, afterAny].some((p) => v.subject.includes(p.id) || v.subject.includes(p.tipId));
    expect((await runMoneyCheck(t.ctx, t.ledger, { settledMinutes: 0 })).violations.filter(ours)).toEqual([]);

    // The provider refunds another 200 itself and nothing tells us (no status change, no notification).
    sim.modes.refundedStatus = 'when-full';
    await sim.createRefund(whenFull.uid, { amount: 200 }, undefined, { notify: false });
    const found = (await runMoneyCheck(t.ctx, t.ledger, { settledMinutes: 0 })).violations.filter(ours);
    expect(found).toEqual([
      expect.objectContaining({
        invariant: 'reversals-match-provider',
        subject: `opp_transactions ${whenFull.id} (${whenFull.uid})`,
        detail: 'the provider gave back 500 cents, our refunds and reversals 300',
      }),
    ]);
  });
});

describe(`the money check walks every transaction over successive runs (${TEST_DB})`, () => {
  it('reports a mismatch planted in the oldest row within the runs one lap takes, and says how far it got', async () => {
    await simulatePayment(t.ctx, (await startTip(w, 1300)).uid, 'completed');
    await simulatePayment(t.ctx, (await startTip(w, 1400)).uid, 'completed');
    await awaitSimulatorDeliveries(t.ctx);
    const rows = (
      (await t.database.db.execute(
        sql`select id, status from opp_transactions where opp_uid is not null order by created, id`,
      )) as unknown as { rows: { id: string; status: string | null }[] }
    ).rows;
    const budget = 3;
    expect(rows.length).toBeGreaterThan(budget * 2);
    // The oldest row, changed by hand: ours no longer says what the provider says.
    const oldest = rows[0]!;
    await t.database.db.execute(
      sql`update opp_transactions set status = ${oldest.status === 'expired' ? 'completed' : 'expired'} where id = ${oldest.id}`,
    );

    const lap = Math.ceil(rows.length / budget);
    let reportedInRun = 0;
    let last: Awaited<ReturnType<typeof runMoneyCheck>> | undefined;
    for (let run = 1; run <= lap + 1 && !reportedInRun; run++) {
      last = await runMoneyCheck(t.ctx, t.ledger, { settledMinutes: 0, providerLimit: budget });
      expect(last.checkedTransactions).toBeLessThanOrEqual(budget);
      if (
        last.violations.some(
          (v) => v.invariant === 'status-matches-provider' && v.subject.startsWith(`opp_transactions ${oldest.id}`),
        )
      ) {
        reportedInRun = run;
      }
    }
    expect(reportedInRun, `not reported within ${lap + 1} runs of ${budget}`).toBeGreaterThan(0);
    expect(last!.coverage).toEqual({ compared: last!.checkedTransactions, of: rows.length, runs: lap });

    // The admins see the coverage of the last run beside its violations.
    const admin = await t.createUser({ role: 'ADMIN' });
    const stored = await t.api('GET', '/payments/moneycheck', { token: admin.token });
    expect(stored.body.coverage).toEqual({ compared: last!.checkedTransactions, of: rows.length, runs: lap });
  });
});

describe(`the money check's lines for monthly tips (${TEST_DB})`, () => {
  /** The violations that name `id`, with provider calls left out (the lines are database-only). */
  const about = async (id: string) =>
    (await checkMoney(t.ctx, t.ledger, { provider: false })).violations.filter((v) => v.subject.includes(id));
  /** A month of `recurringTipId` planted directly in the database; answers its id. */
  const plantMonth = async (recurringTipId: string, values: { period: string; status: string; extra?: SQL }) => {
    const [row] = (
      (await t.database.db.execute(
        sql`insert into recurring_tip_charges (recurring_tip_id, period, amount, attempt, via, status, next_attempt_at)
            values (${recurringTipId}, ${values.period}, 500, 2, 'debit', ${values.status}, now() - interval '1 hour')
            returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    return row!.id;
  };

  it('names a month left scheduled and unleased under an invalid mandate, and none while its mandate is valid or a send holds it', async () => {
    const recurringTipId = await signUpAndPay(w, await t.createUser());
    const waiting = await plantMonth(recurringTipId, { period: '2031-01', status: 'scheduled' });
    const held = await plantMonth(recurringTipId, { period: '2031-02', status: 'scheduled' });
    await t.database.db.execute(
      sql`update recurring_tip_charges set claimed_until = now() + interval '1 hour' where id = ${held}`,
    );
    expect(await about(recurringTipId)).toEqual([]);

    // The mandate turns invalid (a chargeback of another month) and the waiting month is left as it was.
    await t.database.db.execute(sql`update recurring_tips set mandate_status = 'invalid' where id = ${recurringTipId}`);
    expect(await about(recurringTipId)).toEqual([
      {
        invariant: 'months-not-stuck',
        subject: `recurring_tip_charges ${waiting} (recurring_tips ${recurringTipId}, 2031-01)`,
        detail: 'scheduled under an invalid mandate: nothing will send it',
      },
    ]);
  });

  it('names a monthly tip debited more than once on one day, and none for debits on other days', async () => {
    const recurringTipId = await signUpAndPay(w, await t.createUser());
    const debit = async (period: string, at: string) => {
      const month = await plantMonth(recurringTipId, { period, status: 'failed' });
      await t.database.db.execute(
        sql`update recurring_tip_charges set attempt = 1, last_attempt_at = ${at}::timestamptz where id = ${month}`,
      );
      await t.database.db.execute(
        sql`insert into opp_transactions (kind, owner_id, attempt, idempotency_key, status, amount, merchant_uid, request)
            values ('recurring_charge', ${month}, 1, ${`charge-${recurringTipId}-${period}-1`}, 'failed', 500, 'mer_x', '{}'::jsonb)`,
      );
      return month;
    };
    await debit('2031-03', '2031-03-28T06:00:00Z');
    const april = await debit('2031-04', '2031-04-28T06:00:00Z');
    expect(await about(recurringTipId)).toEqual([]);

    // December's late retry and January's debit in one run (as before issue 34.5): two debits on one day.
    await t.database.db.execute(
      sql`update recurring_tip_charges set last_attempt_at = '2031-03-28T06:00:00.5Z' where id = ${april}`,
    );
    expect(await about(recurringTipId)).toEqual([
      {
        invariant: 'one-debit-per-run',
        subject: `recurring_tips ${recurringTipId}`,
        detail: '2 debits on 2031-03-28 (2031-03, 2031-04)',
      },
    ]);
  });
});

describe(`the money check reads the provider by date window (${TEST_DB})`, () => {
  afterEach(() => {
    simulatorOf(t.ctx).modes.references = profileReferences;
  });

  it('against a provider that ignores the created filter and order, warns that it read its newest only and names a stranger there', async () => {
    simulatorOf(t.ctx).modes.references = 'dropped';
    const now = Math.floor(Date.now() / 1000);
    const strangers = ['tra_money_check_new_1', 'tra_money_check_new_2'];
    // Two strangers, the newest the provider holds (its list's first two): one made a minute ago, then one now.
    for (const [i, uid] of strangers.entries()) {
      const data = {
        uid,
        object: 'transaction',
        status: 'completed',
        amount: 1234,
        created: now - 60 + 60 * i,
        metadata: [],
      };
      await t.database.db.execute(
        sql`insert into sim_objects (uid, object_type, data, created)
            values (${uid}, 'transaction', ${JSON.stringify(data)}::jsonb, now() + ${`${i + 1} seconds`}::interval)`,
      );
    }
    const warn = vi.spyOn(t.ctx.log, 'warn');
    try {
      const result = await checkMoney(t.ctx, t.ledger, { settledMinutes: 0, providerPages: 2, providerPageSize: 2 });
      const named = result.violations.filter((v) => v.invariant === 'one-owner').map((v) => v.subject);
      expect(named).toEqual(expect.arrayContaining(strangers.map((uid) => `provider transaction ${uid}`)));
      // One page of two (the recent window's); no lap, nothing to go on from.
      expect(result.providerRead).toBe(2);
      expect(result.orphanCursor).toBeNull();
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ order: 'newest-first', read: 2 }),
        expect.stringMatching(
          /ignored the created filter or the order .* read from the 2 transactions it answered first \(its newest\) only/,
        ),
      );
    } finally {
      warn.mockRestore();
      await t.database.db.execute(sql`delete from sim_objects where uid in (${strangers[0]}, ${strangers[1]})`);
    }
  });

  it('finds a stranger among old provider transactions within one lap of runs, and reads it again the next lap', async () => {
    // A provider that honours `filter[created]` and `order[]` (the lap cannot go on without them).
    simulatorOf(t.ctx).modes.references = 'echoed';
    const now = Math.floor(Date.now() / 1000);
    const day = 24 * 3600;
    // Every settled provider transaction is about ten days old (a second apart); a stranger of five days ago
    // sits behind them, outside the recent window, with the newest pages in front of it.
    await t.database.db.execute(
      sql`update sim_objects s set data = jsonb_set(s.data, '{created}', to_jsonb(x.created))
          from (select uid, ${now - 10 * day}::bigint + row_number() over (order by created, uid) as created
                from sim_objects where object_type = 'transaction' and data->>'status' not in ('created', 'pending')) x
          where s.uid = x.uid`,
    );
    const [model] = (
      (await t.database.db.execute(
        sql`select data from sim_objects where object_type = 'transaction' and data->>'status' = 'completed' limit 1`,
      )) as unknown as { rows: { data: Record<string, unknown> }[] }
    ).rows;
    const strangerUid = 'tra_money_check_old_stranger';
    await t.database.db.execute(
      sql`insert into sim_objects (uid, object_type, data)
          values (${strangerUid}, 'transaction',
                  ${JSON.stringify({ ...model!.data, uid: strangerUid, created: now - 5 * day, amount: 4321 })}::jsonb)`,
    );
    const [{ n: atProvider }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from sim_objects where object_type = 'transaction'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    const pageSize = 2;
    expect(atProvider).toBeGreaterThan(pageSize * 4);

    const isStranger = (v: { invariant: string; subject: string }) =>
      v.invariant === 'one-owner' && v.subject === `provider transaction ${strangerUid}`;
    // A run goes on at the last second it read (read again), so each run's lap moves on by one at least.
    const lap = atProvider + 1;
    const reportedInLap = new Set<number>();
    let cursor: number | null = null;
    let lapsEnded = 0;
    for (let run = 1; run <= 2 * lap && lapsEnded < 2; run++) {
      const result = await checkMoney(t.ctx, t.ledger, {
        settledMinutes: 0,
        providerLimit: 1,
        providerPages: 2,
        providerPageSize: pageSize,
        orphanCursor: cursor,
      });
      // Two pages of two: the recent window and the lap, never the whole list.
      expect(result.providerRead).toBeLessThanOrEqual(2 * pageSize);
      if (result.violations.some(isStranger)) reportedInLap.add(lapsEnded);
      if (result.orphanCursor === null) lapsEnded += 1;
      else expect(result.orphanCursor).toBeGreaterThan(cursor ?? 0);
      cursor = result.orphanCursor;
    }
    expect(lapsEnded, `the lap never reached the newest within ${2 * lap} runs`).toBe(2);
    // Reported in each lap: a stranger stays visible however many runs pass.
    expect([...reportedInLap]).toEqual([0, 1]);

    // The stored run keeps where its lap stopped; the scheduled job goes on from there.
    await runMoneyCheck(t.ctx, t.ledger, {
      settledMinutes: 0,
      providerLimit: 1,
      providerPages: 2,
      providerPageSize: pageSize,
    });
    const stored = (
      (await t.database.db.execute(
        sql`select orphan_cursor from money_check_runs order by created desc limit 1`,
      )) as unknown as { rows: { orphan_cursor: string | number | null }[] }
    ).rows[0]!;
    expect(Number(stored.orphan_cursor)).toBeGreaterThan(0);
  });
});
