import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/modules/users/users.service.js';
import { type ChildApp, runScript, startChildApp } from '../support/child-app.js';
import { createTestDatabase, TEST_DB } from '../support/test-db.js';
import { insertIdealAndLiveJar } from '../support/tipjar.js';
import { oneOffTip } from './monthly-support.js';

/**
 * Issue 8 under a hostile world, on PostgreSQL only (PGlite is one process and one connection, so it
 * cannot show these races): two app servers in their own processes on one database, the same
 * request sent to both at once, and `kill -9` in the middle of a checkout. Each scenario ends with
 * `npm run check:money` (the CLI, in its own process) reporting zero violations.
 */
const PASSWORD = 'correct horse battery';
const run = describe.runIf(TEST_DB === 'pg');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: ChildApp;
let b: ChildApp;
let ideal: string;
let jarId: string;

interface Json {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect arbitrary JSON
  body: any;
  text: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  key?: string,
): Promise<Json> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text };
}

async function newUser(email: string) {
  await database.db.insert(users).values({
    email,
    passwordHash: await hashPassword(PASSWORD),
    role: 'USER',
    firstName: 'Chaos',
    lastName: 'Tester',
    locale: 'en',
  });
  const res = await call(a.url, 'POST', '/auth/login', undefined, { username: email, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token as string;
}

function q<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return database.db.execute(statement).then((r) => (r as unknown as { rows: T[] }).rows);
}

/** The simulator's API key: random per database, shared by the processes on it (app_secrets). */
async function simulatorKey(): Promise<string> {
  const [row] = await q<{ value: string }>(sql`select value from app_secrets where name = 'opp_api_key'`);
  return row!.value;
}

async function moneyCheck() {
  const result = await runScript('src/cli.ts', ['money-check'], { DATABASE_URL: database.url!, PORT: '0' });
  return result;
}

/** Backends of this database waiting for a lock. */
async function waitingOnLocks(): Promise<number> {
  const [row] = await q<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row!.n;
}

/** Mandates the provider (the simulator, on this database) has made. */
async function providerMandates(): Promise<number> {
  const [row] = await q<{ n: number }>(sql`select count(*)::int as n from sim_objects where object_type = 'mandate'`);
  return row!.n;
}

/** A lock held by a connection of the test's own, in an open transaction, until `release`. */
async function holdLock(statement: string) {
  const client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  await client.query('begin');
  await client.query(statement);
  return {
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Waits until `reached` holds, looking every 20 ms; the test's timeout bounds the wait. */
async function until(reached: () => Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 120_000; !(await reached()); ) {
    if (Date.now() > deadline) throw new Error(`not reached within 120 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

run('two app servers and kill -9 on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase('pg');
    // A backend whose client was killed while it waits (a lock) notices within 100 ms and ends,
    // rolling back, instead of running on once the wait is over (the kill test's held moments).
    await database.db.execute(
      sql.raw(
        `alter database "${new URL(database.url!).pathname.slice(1)}" set client_connection_check_interval = '100ms'`,
      ),
    );
    ({ ideal, jarId } = await insertIdealAndLiveJar(database.db, {
      slug: 'chaos-pod',
      name: 'Chaos Pod',
      contactEmail: 'chaos@example.test',
    }));
    [a, b] = await Promise.all([startChildApp(database.url!), startChildApp(database.url!)]);
    const makerToken = await newUser('chaos-maker@example.test');
    const [maker] = await q<{ id: string }>(sql`select id from users where email = 'chaos-maker@example.test'`);
    await database.db.insert(tipjarAdmins).values({ tipjarId: jarId, userId: maker!.id });
    const merchant = await call(a.url, 'POST', `/tipjars/${jarId}/oppmerchant`, makerToken, {
      data: { firstName: 'Chaos', lastName: 'Maker', country: 'nld' },
    });
    expect(merchant.status, merchant.text).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  });

  it('the same tip sent to both servers at once is one tip with one provider transaction (30 of 30)', async () => {
    const tip = (amount: number) => oneOffTip(ideal, amount);
    for (let i = 0; i < 30; i++) {
      const key = `chaos-tip-${i}`;
      const answers = await Promise.all([
        call(a.url, 'POST', `/tipjars/${jarId}/tips`, undefined, tip(300 + i), key),
        call(b.url, 'POST', `/tipjars/${jarId}/tips`, undefined, tip(300 + i), key),
      ]);
      for (const answer of answers) expect([201, 409], answer.text).toContain(answer.status);
      const uids = new Set(answers.filter((x) => x.status === 201).map((x) => x.body.oppTransaction.redirectUrl));
      expect(uids.size).toBe(1);
    }
    const [counts] = await q<{ tips: number; rows: number; provider: number }>(
      sql`select (select count(*)::int from tips where idempotency_key like 'chaos-tip-%') as tips,
                 (select count(*)::int from opp_transactions o join tips t on t.id = o.owner_id
                   where t.idempotency_key like 'chaos-tip-%') as rows,
                 (select count(*)::int from sim_objects where object_type = 'transaction'
                   and data->'metadata' @> '[{"key":"tipjar_id"}]') as provider`,
    );
    expect(counts).toEqual({ tips: 30, rows: 30, provider: 30 });
    const check = await moneyCheck();
    expect(check.output, check.output).toMatch(/money check: 0 violations/);
    expect(check.code).toBe(0);
  }, 180_000);

  it('a server killed in mid-checkout of monthly tips leaves nothing stuck: a resubmit gets its checkout', async () => {
    const tippers = await Promise.all(Array.from({ length: 6 }, (_, i) => newUser(`chaos-tipper-${i}@example.test`)));
    const body = {
      data: { amount: 500, displayName: 'Fan', message: '', payment: { paymentmethod: ideal, paymentissuer: '' } },
    };
    // Three moments, each held until the kill (no sleep guessing where a request has got to).
    const moments: {
      name: string;
      hold?: string;
      env?: Record<string, string>;
      reached: () => Promise<boolean>;
      /** What the cut-off requests left: monthly tips committed, mandates made at the provider. */
      left: { tips: number; mandates: number };
    }[] = [
      {
        name: 'in its transaction, before the commit',
        // The sign-up locks the tip jar (shared) in its transaction: it waits behind this lock.
        hold: `select 1 from tipjars where id = '${jarId}' for update`,
        reached: async () => (await waitingOnLocks()) === 2,
        left: { tips: 0, mandates: 0 },
      },
      {
        name: 'committed, its provider call sent, nothing made at the provider',
        // The simulator first reserves the Idempotency-Key: it waits behind this lock.
        hold: 'lock table sim_idempotency_keys in share mode',
        reached: async () => (await waitingOnLocks()) === 2,
        left: { tips: 2, mandates: 0 },
      },
      {
        name: 'the provider made the mandate, its answer not yet arrived',
        // Every provider write acts, then its answer hangs (SIM_FAULTS in the victim's own simulator).
        env: { SIM_FAULTS: 'timeout=1,hang-ms=60000,streak=1000' },
        reached: async () => (await providerMandates()) === mandatesBefore + 2,
        left: { tips: 2, mandates: 2 },
      },
    ];
    let mandatesBefore = 0;
    for (const [round, moment] of moments.entries()) {
      const victim = await startChildApp(database.url!, moment.env);
      mandatesBefore = await providerMandates();
      const holder = moment.hold ? await holdLock(moment.hold) : undefined;
      // Two sign-ups per round, cut off by kill -9 at the moment held.
      const pending = tippers
        .slice(round * 2, round * 2 + 2)
        .map((token, i) =>
          call(victim.url, 'POST', `/tipjars/${jarId}/recurringtips`, token, body, `chaos-monthly-${round}-${i}`).catch(
            () => null,
          ),
        );
      await until(moment.reached, `${moment.name}: ${victim.output()}`);
      await victim.kill();
      expect(await Promise.all(pending), `cut off ${moment.name}`).toEqual([null, null]);
      // The dead server's backends waiting on the lock end when the database sees its client gone
      // (client_connection_check_interval): only then is the lock let go, so none of them runs on.
      await until(async () => (await waitingOnLocks()) === 0, "the dead server's backends are gone");
      await holder?.release();
      const [tips] = await q<{ n: number }>(
        sql`select count(*)::int as n from recurring_tips where idempotency_key like ${`chaos-monthly-${round}-%`}`,
      );
      expect({ tips: tips!.n, mandates: (await providerMandates()) - mandatesBefore }, moment.name).toEqual(
        moment.left,
      );
    }
    // Each tipper tries again (the same Idempotency-Key, a retry after the error) on the surviving server.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) {
        const token = tippers[round * 2 + i]!;
        let answer: Json | undefined;
        for (const deadline = Date.now() + 45_000; Date.now() < deadline; ) {
          answer = await call(
            b.url,
            'POST',
            `/tipjars/${jarId}/recurringtips`,
            token,
            body,
            `chaos-monthly-${round}-${i}`,
          );
          if (answer.status !== 409) break;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        expect(answer!.status, answer!.text).toBe(201);
        expect(answer!.body.oppTransaction.redirectUrl).toMatch(/\/sim\/checkout\/tra_/);
        // The tipper pays.
        const uid = answer!.body.oppTransaction.redirectUrl.split('/').pop();
        const paid = await fetch(`${b.url}/sim/opp/v1/_test/transactions/${uid}/outcome`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await simulatorKey()}`, 'content-type': 'application/json' },
          body: JSON.stringify({ outcome: 'completed' }),
        });
        expect(paid.status).toBe(200);
      }
    }
    const months = await q<{ key: string; n: number; months: number }>(
      sql`select r.idempotency_key as key, count(distinct o.id)::int as n, count(distinct c.id)::int as months
          from recurring_tips r join recurring_tip_charges c on c.recurring_tip_id = r.id
          left join opp_transactions o on o.owner_id = c.id
          where r.idempotency_key like 'chaos-monthly-%' group by r.idempotency_key order by 1`,
    );
    expect(months).toHaveLength(6);
    for (const m of months) expect(m, JSON.stringify(m)).toMatchObject({ n: 1, months: 1 });
    // Notifications addressed to the dead server are lost: the reconcile job catches up, then all is well.
    const reconcile = await runScript('src/cli.ts', ['reconcile', '--older-than-minutes', '0'], {
      DATABASE_URL: database.url!,
      PORT: '0',
    });
    expect(reconcile.code, reconcile.output).toBe(0);
    const [valid] = await q<{ n: number }>(
      sql`select count(*)::int as n from recurring_tips where idempotency_key like 'chaos-monthly-%' and mandate_status = 'valid'`,
    );
    expect(valid!.n).toBe(6);
    const check = await moneyCheck();
    expect(check.output, check.output).toMatch(/money check: 0 violations/);
  }, 300_000);
});
