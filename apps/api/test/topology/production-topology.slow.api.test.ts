import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { tipjarAdmins, users, userTwoStep } from '../../src/db/schema/index.js';
import { signAccessToken } from '../../src/lib/access-token.js';
import { encryptSecret, newTotpSecret } from '../../src/modules/two-step/two-step.codes.js';
import { hashPassword } from '../../src/modules/users/users.service.js';
import { oneOffTip } from '../money/monthly-support.js';
import { freePort, runScript } from '../support/child-app.js';
import { databaseUrl, onAdmin } from '../support/db-template.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { canShareLimits, REDIS_URL } from '../support/redis.js';
import { adminDatabaseUrl, TEST_DB } from '../support/test-db.js';
import { insertIdealAndLiveJar } from '../support/tipjar.js';
import {
  BuiltProcess,
  type FrontProxy,
  privateBuild,
  type SimulatorProcess,
  selfSignedCertificate,
  startProxy,
  startSimulator,
} from '../support/topology.js';

/**
 * Issue 38 item 7: the production topology on this machine, as docs/operations.md sets it up. The built
 * app (dist/, built first when missing or stale) as two web processes (`node dist/server.js`, JOBS=off
 * MAIL_WORKER=off: the workers send every mail) and two workers
 * (`node dist/worker.js`, JOBS=queue) on one new PostgreSQL database and Redis, the OPP simulator in
 * its own process, a round-robin proxy with TLS in front. One-off and monthly tips, a refund and
 * notification storms go through it while one web and one worker are killed (-9) and restarted; then
 * every tip and month is once at the provider, every mail sent once, every queue job ran once per
 * tick, and the money check finds nothing — on the database and on a pg_dump taken mid-run. A rolling
 * restart of the web processes under load loses no request.
 */
const run = describe.runIf(TEST_DB === 'pg' && (await canShareLimits('production topology')));
const exec = promisify(execFile);
const PASSWORD = 'correct horse battery';
const TIPS = 20;
const MONTHS = 3;

let work: string;
let build: { dir: string; built: boolean };
let dbName: string;
let dbUrl: string;
let database: Awaited<ReturnType<typeof openDatabase>>;
let simulator: SimulatorProcess;
let proxy: FrontProxy;
let webs: BuiltProcess[] = [];
let workers: BuiltProcess[] = [];
let env: Record<string, string>;
let ideal: string;
let jarId: string;
let makerToken: string;
let killedAt: Date;
const started = Date.now();
const figures: Record<string, number | string> = {};

function q<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return database.db.execute(statement).then((r) => (r as unknown as { rows: T[] }).rows);
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect arbitrary JSON
  body: any;
  text: string;
}

async function call(method: string, route: string, options: { token?: string; body?: unknown; key?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.key) headers['idempotency-key'] = options.key;
  const res = await fetch(`${proxy.httpUrl}/api/v1${route}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text } as Answer;
}

async function newUser(email: string) {
  await database.db.insert(users).values({
    email,
    passwordHash: await hashPassword(PASSWORD),
    role: 'USER',
    firstName: 'Topo',
    lastName: 'Tester',
    locale: 'en',
  });
  const res = await call('POST', '/auth/login', { body: { username: email, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token as string;
}

/** A platform admin with two-step login set up (production asks it of admins), its token minted as after that login. */
async function newAdmin(email: string) {
  const [row] = await database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      role: 'ADMIN',
      firstName: 'Topo',
      lastName: 'Admin',
      locale: 'en',
      twoStepEnabled: true,
    })
    .returning();
  await database.db
    .insert(userTwoStep)
    .values({ userId: row!.id, secret: encryptSecret(env.JWT_SECRET!, newTotpSecret()), enabledAt: new Date() });
  const config = { JWT_SECRET: env.JWT_SECRET!, ACCESS_TOKEN_TTL_SECONDS: 3600 };
  return (await signAccessToken(config, { id: row!.id, tokenVersion: row!.tokenVersion, twoStep: true })).token;
}

/** The tipper pays at the provider's checkout (the simulator's test route). */
async function pay(redirectUrl: string) {
  const uid = redirectUrl.split('/').pop();
  const paid = await fetch(`${simulator.url}/sim/opp/v1/_test/transactions/${uid}/outcome`, {
    method: 'POST',
    headers: { authorization: `Bearer ${simulator.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'completed' }),
  });
  expect(paid.status, await paid.text()).toBe(200);
}

/** A one-off tip through the proxy, paid; retried on 409 (the same key still being worked on). */
async function tip(i: number) {
  let answer: Answer | undefined;
  for (let tries = 0; tries < 20; tries++) {
    answer = await call('POST', `/tipjars/${jarId}/tips`, { body: oneOffTip(ideal, 300 + i), key: `topo-tip-${i}` });
    if (answer.status !== 409 && answer.status < 500) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(answer!.status, answer!.text).toBe(201);
  await pay(answer!.body.oppTransaction.redirectUrl);
}

async function monthly(token: string, i: number) {
  const body = {
    data: { amount: 500 + i, displayName: 'Fan', message: '', payment: { paymentmethod: ideal, paymentissuer: '' } },
  };
  let answer: Answer | undefined;
  for (let tries = 0; tries < 20; tries++) {
    answer = await call('POST', `/tipjars/${jarId}/recurringtips`, { token, body, key: `topo-monthly-${i}` });
    if (answer.status !== 409 && answer.status < 500) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(answer!.status, answer!.text).toBe(201);
  await pay(answer!.body.oppTransaction.redirectUrl);
}

/** `count` at a time over `items`. */
async function inParallel<T>(items: T[], count: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: count }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** The same notification the provider sent, re-sent `times` to the proxy and to each of `direct` (web processes) directly. */
async function notificationStorm(objectUid: string, times: number, direct: BuiltProcess[]) {
  const [note] = await q<{ payload: Record<string, unknown> }>(
    sql`select payload from sim_notifications where payload->>'object_uid' = ${objectUid} limit 1`,
  );
  expect(note, `a notification about ${objectUid}`).toBeDefined();
  const body = JSON.stringify(note!.payload);
  const targets = [proxy.httpUrl, ...direct.map((web) => web.url)];
  const sends = targets.flatMap((base) =>
    Array.from({ length: times }, () =>
      fetch(`${base}/api/v1/payments/opp/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
        .then((res) => res.status)
        .catch(() => 0),
    ),
  );
  return Promise.all(sends);
}

async function until(reached: () => Promise<boolean>, what: string, ms = 90_000, show?: () => Promise<unknown>) {
  for (const deadline = Date.now() + ms; !(await reached()); ) {
    if (Date.now() > deadline) {
      throw new Error(`not reached within ${ms / 1000} s: ${what} ${show ? JSON.stringify(await show()) : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function moneyCheck(url: string, extra: string[] = []) {
  return runScript('src/cli.ts', ['money-check', '--settled-minutes', '0', ...extra], {
    ...env,
    DATABASE_URL: url,
    PORT: '0',
  });
}

async function newDatabase(name: string) {
  await onAdmin(adminDatabaseUrl(), (admin) => admin.query(`create database ${name}`));
  return databaseUrl(adminDatabaseUrl(), name);
}

async function dropDatabase(name: string) {
  await onAdmin(adminDatabaseUrl(), (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

run('the production topology: 2 web + 2 workers of the built app behind a proxy, PostgreSQL + Redis', () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'podpot-topology-'));
    const buildStarted = Date.now();
    build = await privateBuild();
    figures.buildS = build.built ? Math.round((Date.now() - buildStarted) / 1000) : 'none';
    dbName = `podpot_topo_${Date.now().toString(36)}`;
    dbUrl = await newDatabase(dbName);
    const tls = await selfSignedCertificate(work);
    const [webPorts, workerPorts] = [
      [await freePort(), await freePort()],
      [await freePort(), await freePort()],
    ];
    // `npm run db:migrate` as its built file, before anything else opens the database.
    const migrated = await exec(process.execPath, [path.join(build.dir, 'migrate.js')], {
      env: { ...process.env, ...PRODUCTION_ENV, DATABASE_URL: dbUrl },
    });
    expect(migrated.stdout + migrated.stderr).toMatch(/applied \d+ migrations/);
    simulator = await startSimulator(dbUrl, { NODE_EXTRA_CA_CERTS: tls.certFile, SIM_LOG: path.join(work, 'sim.log') });
    proxy = await startProxy({ webPorts, simulator: simulator.url, key: tls.key, cert: tls.cert });
    env = {
      ...PRODUCTION_ENV,
      DATABASE_URL: dbUrl,
      DATABASE_POOL_SIZE: '5',
      HOST: '127.0.0.1',
      PUBLIC_URL: proxy.httpsUrl,
      OPP_API_URL: `${proxy.httpsUrl}/sim/opp/v1`,
      OPP_API_KEY: simulator.apiKey,
      OPP_NOTIFY_SECRET: simulator.notifySecret,
      NODE_EXTRA_CA_CERTS: tls.certFile,
      REDIS_URL,
      REDIS_KEY_PREFIX: `${dbName}:`,
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST: path.join(work, 'no-web'),
      LOG_LEVEL: 'warn',
      TIP_RATE_LIMIT_PER_MINUTE: '100000',
      SEED_DEMO: 'false',
    };
    database = await openDatabase({ url: dbUrl, poolSize: 3, migrations: 'check' });
    webs = webPorts.map(
      (port) => new BuiltProcess(path.join(build.dir, 'server.js'), port, { ...env, JOBS: 'off', MAIL_WORKER: 'off' }),
    );
    workers = workerPorts.map(
      (port) => new BuiltProcess(path.join(build.dir, 'worker.js'), port, { ...env, JOBS: 'queue', MAIL_WORKER: 'on' }),
    );
    const processesStarted = Date.now();
    await Promise.all([...webs, ...workers].map((p) => p.start()));
    figures.startS = Math.round((Date.now() - processesStarted) / 1000);
    // Each run of a queue job, as the queue deletes it once done: its task and its cron tick.
    await database.db.execute(
      sql.raw(`create schema topology_probe;
      create table topology_probe.job_runs (task text not null, tick text, attempts int, at timestamptz default now());
      create function topology_probe.job_done() returns trigger language plpgsql as $$ begin
        insert into topology_probe.job_runs (task, tick, attempts)
          select t.identifier, old.payload->'_cron'->>'ts', old.attempts
          from graphile_worker._private_tasks t where t.id = old.task_id;
        return old; end $$;
      create trigger job_done after delete on graphile_worker._private_jobs
        for each row execute function topology_probe.job_done();`),
    );
    ({ ideal, jarId } = await insertIdealAndLiveJar(database.db, {
      slug: 'topology-pod',
      name: 'Topology Pod',
      contactEmail: 'topo@example.test',
    }));
    makerToken = await newUser('topo-maker@example.test');
    const [maker] = await q<{ id: string }>(sql`select id from users where email = 'topo-maker@example.test'`);
    await database.db.insert(tipjarAdmins).values({ tipjarId: jarId, userId: maker!.id });
    const merchant = await call('POST', `/tipjars/${jarId}/oppmerchant`, {
      token: makerToken,
      body: { data: { firstName: 'Topo', lastName: 'Maker', country: 'nld' } },
    });
    expect(merchant.status, merchant.text).toBe(201);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...webs, ...workers].map((p) => p.child && p.stop()));
    await Promise.all([simulator?.stop(), proxy?.close(), database?.close()]);
    if (dbName) await dropDatabase(dbName);
    if (build) await rm(build.dir, { recursive: true, force: true });
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('tips, months, a refund and notification storms through kill -9 of a web and a worker: each once', async () => {
    const loadStarted = Date.now();
    const adminToken = await newAdmin('topo-admin@example.test');
    const tippers = await Promise.all(
      Array.from({ length: MONTHS }, (_, i) => newUser(`topo-tipper-${i}@example.test`)),
    );
    const indexes = Array.from({ length: TIPS }, (_, i) => i);
    await inParallel(indexes.slice(0, TIPS / 2), 4, tip);
    await monthly(tippers[0]!, 0);
    // The backup an operator takes while tips flow.
    const dumpFile = path.join(work, 'mid-run.dump');
    const dump = exec('pg_dump', ['-Fc', '-f', dumpFile, dbUrl]);
    // kill -9 of one web and one worker while tips and months are in flight.
    const second = inParallel(indexes.slice(TIPS / 2), 4, tip);
    const months = Promise.all(tippers.slice(1).map((token, i) => monthly(token, i + 1)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all([webs[0]!.kill(), workers[0]!.kill()]);
    killedAt = new Date();
    const [firstTip] = await q<{ uid: string; id: string }>(
      sql`select o.opp_uid as uid, t.id from tips t join opp_transactions o on o.owner_id = t.id
          where t.idempotency_key = 'topo-tip-0'`,
    );
    const storm1 = notificationStorm(firstTip!.uid, 10, [webs[1]!]);
    await Promise.all([second, months]);
    const restarted = Date.now();
    await Promise.all([webs[0]!.start(), workers[0]!.start()]);
    figures.restartS = Math.round((Date.now() - restarted) / 1000);
    await dump;
    // The tip jar's first tip paid: the admin refunds part of it, then a second storm on both webs.
    await until(
      async () =>
        (await q<{ status: string }>(sql`select status from tips where id = ${firstTip!.id}`))[0]!.status ===
        'completed',
      'the first tip paid',
    );
    const refund = await call('POST', `/tips/${firstTip!.id}/refunds`, {
      token: adminToken,
      body: { data: { amount: 100, reason: 'Topology test' } },
      key: 'topo-refund-0',
    });
    expect(refund.status, refund.text).toBe(201);
    const storm2 = notificationStorm(firstTip!.uid, 10, webs);
    const stormAnswers = [...(await storm1), ...(await storm2)];
    figures.notifications = stormAnswers.length;
    expect(stormAnswers.filter((status) => status !== 200)).toEqual([]);

    // Everything settles: tips paid, mandates valid, the provider's notifications delivered.
    const state = async () =>
      (
        await q<{ unpaid: number; mandates: number; undelivered: number; mails: number; held: number }>(
          sql`select (select count(*)::int from tips where idempotency_key like 'topo-tip-%' and status <> 'completed') as unpaid,
                     (select count(*)::int from recurring_tips where idempotency_key like 'topo-monthly-%' and mandate_status = 'valid') as mandates,
                     (select count(*)::int from sim_notifications where delivered_at is null) as undelivered,
                     (select count(*)::int from mail_outbox where status <> 'sent') as mails,
                     (select count(*)::int from mail_outbox where status = 'pending' and claimed_until > now()) as held`,
        )
      )[0]!;
    await until(
      async () => {
        const now = await state();
        return now.unpaid === 0 && now.mandates === MONTHS && now.undelivered === 0;
      },
      'tips paid, mandates valid, notifications delivered',
      90_000,
      state,
    );
    // A mail a killed process had claimed waits out its claim (5 minutes, outbox-worker.ts LEASE_MS)
    // before a live worker's sweep sends it: the test moves those claims' end to now instead of waiting.
    await until(async () => (await state()).mails === (await state()).held, 'only claimed mails left', 60_000, state);
    const [held] = await q<{ n: number }>(
      sql`with moved as (update mail_outbox set claimed_until = now() where status = 'pending' and claimed_until > now() returning 1)
          select count(*)::int as n from moved`,
    );
    figures.mailsHeldByKill = held!.n;
    await until(async () => (await state()).mails === 0, 'the outbox drained', 90_000, state);
    figures.loadS = Math.round((Date.now() - loadStarted) / 1000);
    // Requests the killed web process had taken are cut off (502 from the proxy; the provider sends its
    // notifications again): what kill -9 is. The rolling restart below shows none with a graceful stop.
    figures.cutOffByKill = proxy.stats.failed;

    // Each tip and each month exactly once at the provider: our rows against the simulator's.
    const perTip = await q<{ key: string; rows: number; provider: number }>(
      sql`select t.idempotency_key as key, count(distinct o.id)::int as rows,
                 (select count(*)::int from sim_objects s where s.object_type = 'transaction'
                   and s.data->'metadata' @> jsonb_build_array(jsonb_build_object('key', 'tip_id', 'value', t.id::text))) as provider
          from tips t left join opp_transactions o on o.owner_id = t.id
          where t.idempotency_key like 'topo-tip-%' group by t.id order by 1`,
    );
    expect(perTip).toHaveLength(TIPS);
    for (const row of perTip) expect(row, JSON.stringify(row)).toMatchObject({ rows: 1, provider: 1 });
    const perMonth = await q<{ key: string; months: number; rows: number }>(
      sql`select r.idempotency_key as key, count(distinct c.id)::int as months, count(distinct o.id)::int as rows
          from recurring_tips r join recurring_tip_charges c on c.recurring_tip_id = r.id
          left join opp_transactions o on o.owner_id = c.id
          where r.idempotency_key like 'topo-monthly-%' group by r.id order by 1`,
    );
    expect(perMonth).toHaveLength(MONTHS);
    for (const row of perMonth) expect(row, JSON.stringify(row)).toMatchObject({ months: 1, rows: 1 });
    const [provider] = await q<{ ours: number; theirs: number; orphans: number; mandates: number }>(
      sql`select (select count(*)::int from opp_transactions) as ours,
                 (select count(*)::int from sim_objects where object_type = 'transaction') as theirs,
                 (select count(*)::int from sim_objects s where s.object_type = 'transaction'
                   and not exists (select 1 from opp_transactions o where o.opp_uid = s.uid)) as orphans,
                 (select count(*)::int from sim_objects where object_type = 'mandate') as mandates`,
    );
    expect(provider).toEqual({ ours: TIPS + MONTHS, theirs: TIPS + MONTHS, orphans: 0, mandates: MONTHS });

    // Every mail sent once: one file per outbox row, no Message-ID twice.
    const outbox = path.join(env.DATA_DIR!, 'outbox');
    const files = await readdir(outbox);
    const messageIds = await Promise.all(
      files.map(async (file) => /^Message-ID: (.*)$/im.exec(await readFile(path.join(outbox, file), 'utf8'))?.[1]),
    );
    const [mails] = await q<{ sent: number }>(sql`select count(*)::int as sent from mail_outbox where status = 'sent'`);
    figures.mails = mails!.sent;
    figures.mailFiles = files.length;
    figures.duplicateMails = messageIds.length - new Set(messageIds).size;
    expect(messageIds.every(Boolean)).toBe(true);
    expect(figures.duplicateMails).toBe(0);
    expect(files.length).toBe(mails!.sent);

    const refunded = await q<{ status: string }>(sql`select status from refunds`);
    figures.refunds = refunded.map((r) => r.status).join(',');
    const check = await moneyCheck(dbUrl);
    expect(check.output, check.output).toMatch(/money check: 0 violations/);
    expect(check.code).toBe(0);

    // The mid-run backup restored into a new database passes the money check too (no provider: its
    // state is later than the backup's).
    const restoredName = `${dbName}_restored`;
    const restoredUrl = await newDatabase(restoredName);
    try {
      await exec('pg_restore', ['--no-owner', '-d', restoredUrl, dumpFile]);
      const [restored] = await onAdmin(restoredUrl, (db) =>
        db.query(`select count(*)::int as n from tips where status = 'completed'`),
      ).then((r) => r.rows as { n: number }[]);
      figures.restoredPaidTips = restored!.n;
      const restoredCheck = await moneyCheck(restoredUrl, ['--no-provider']);
      expect(restoredCheck.output, restoredCheck.output).toMatch(/money check: 0 violations/);
    } finally {
      await dropDatabase(restoredName);
    }
  }, 300_000);

  it('a rolling restart of the web processes under load loses no accepted request', async () => {
    let stop = false;
    const outcomes = { ok: 0, failed: [] as string[] };
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const answer =
          i % 2 === 0
            ? await call('GET', `/tipjars/${jarId}`, { token: makerToken })
            : await call('POST', `/tipjars/${jarId}/tips`, {
                body: oneOffTip(ideal, 700 + i),
                key: `topo-roll-${n}-${i}`,
              });
        if (answer.status < 300) outcomes.ok += 1;
        else outcomes.failed.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      }
    };
    const retriedBefore = proxy.stats.retried;
    const failedBefore = proxy.stats.failed;
    const clients = Promise.all([0, 1, 2].map((n) => client(n).catch((err) => outcomes.failed.push(String(err)))));
    const rollStarted = Date.now();
    for (const web of webs) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await web.stop();
      await web.start();
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stop = true;
    await clients;
    figures.rollS = Math.round((Date.now() - rollStarted) / 1000);
    figures.rollRequests = outcomes.ok + outcomes.failed.length;
    figures.rollFailed = outcomes.failed.length;
    figures.rollRetried = proxy.stats.retried - retriedBefore;
    expect(outcomes.failed).toEqual([]);
    expect(proxy.stats.failed - failedBefore, "requests sent through the proxy, the provider's too").toBe(0);
    expect(outcomes.ok).toBeGreaterThan(10);
    // Every queue job once per cron tick, none failed: the every-minute jobs (feed refresh, mail outbox)
    // seen through at least two ticks after the worker's kill.
    const ticks = async () =>
      (
        await q<{ n: number }>(
          sql`select count(distinct tick)::int as n from topology_probe.job_runs where at > ${killedAt.toISOString()}::timestamptz`,
        )
      )[0]!.n;
    await until(async () => (await ticks()) >= 2, 'two cron ticks run after the kill', 150_000);
    const runs = await q<{ task: string; tick: string; n: number }>(
      sql`select task, tick, count(*)::int as n from topology_probe.job_runs group by task, tick order by 1, 2`,
    );
    figures.jobRuns = runs.reduce((sum, r) => sum + r.n, 0);
    figures.jobTicksTwice = runs.filter((r) => r.n > 1).length;
    expect(runs.filter((r) => r.n > 1)).toEqual([]);
    figures.jobTicks = new Set(runs.map((r) => r.tick)).size;
    const [failed] = await q<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker.jobs where last_error is not null`,
    );
    expect(failed!.n).toBe(0);

    figures.kills = 2;
    figures.totalS = Math.round((Date.now() - started) / 1000);
    figures.proxyRequests = proxy.stats.requests;
    console.log(
      `production topology: ${TIPS} tips, ${MONTHS} months, 2 web + 2 workers, ${Object.entries(figures)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
    );
  }, 240_000);
});
