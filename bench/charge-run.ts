/**
 * The monthly charge run under volume: `benchChargeRun({ databaseUrl, count })` runs the charge job
 * (apps/api/src/modules/recurring-tips/charge/run.ts) on a PostgreSQL database full
 * of due monthly tips, against the OPP simulator in a process of its own, and answers
 * { charges, seconds, perSecond, duplicates }.
 *
 * What the database must hold (fillChargeRun writes it; bench/scale.ts may write its own):
 *  - tip jars with an `opp_merchants` row (merchant_uid, merchant_status 'live');
 *  - `recurring_tips` with status 'active', mandate_status 'valid', mandate_uid, mandate_token,
 *    charge_day (1–28) and next_charge_at at or before now (at most 3 days ago, the grace).
 * The simulator is told about those merchants and mandates here (rows in its own tables, created
 * completed, as an imported mandate is), so the database needs nothing of the simulator's.
 *
 * Alone: `npm run bench:charge` makes its own database (podpot_charge_<pid>), fills
 * BENCH_CHARGE_COUNT (default 10000) monthly tips with SQL, runs once and drops it. CHARGE_CONCURRENCY
 * and DATABASE_POOL_SIZE are read as the API reads them.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/env.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { runCharges } from '../apps/api/src/modules/recurring-tips/charge/run.js';
import { createBenchDatabase } from './bench-db.js';
import { backendPids, cpuMsOf, withSql } from './cpu.js';
import { pgStats, pgStatsPerUnit } from './pg-stats.js';
import { startSimulatorProcess } from './sim-process.js';

/** Runs the charge job once over the due monthly tips in `databaseUrl` and counts what it did. */
export async function benchChargeRun(opts: { databaseUrl: string; count: number }): Promise<Record<string, number>> {
  const env = {
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
    CHARGE_CONCURRENCY: process.env.CHARGE_CONCURRENCY,
    OPP_MERCHANT_CONCURRENCY: process.env.OPP_MERCHANT_CONCURRENCY,
  };
  const sim = await startSimulatorProcess(opts.databaseUrl);
  const database = await openDatabase({ url: opts.databaseUrl, poolSize: loadConfig(env).DATABASE_POOL_SIZE });
  try {
    await withSql(opts.databaseUrl, tellSimulator);
    const config = loadConfig(env, {
      DATA_DIR: path.join(tmpdir(), `podpot-charge-${process.pid}`),
      LOG_LEVEL: 'silent',
      JOBS: 'off',
      MAIL_WORKER: 'off',
      OPP_API_URL: sim.apiBase,
      OPP_API_KEY: sim.apiKey,
      OPP_NOTIFY_SECRET: sim.notifySecret,
    });
    const { app, ctx, ports } = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    const cpuBefore = { api: process.cpuUsage(), simulator: cpuMsOf([sim.pid]) };
    const started = performance.now();
    const result = await runCharges(ctx, ports.ledger);
    const seconds = (performance.now() - started) / 1000;
    const apiUsage = process.cpuUsage(cpuBefore.api);
    const cpuMs = {
      api: (apiUsage.user + apiUsage.system) / 1000,
      simulator: cpuMsOf([sim.pid]) - cpuBefore.simulator,
      // Every connection to the bench database, the API's and the simulator's (opened for the run).
      postgres: cpuMsOf(await withSql(opts.databaseUrl, backendPids)),
    };
    await app.close();
    const counted = await withSql(opts.databaseUrl, countCharges);
    const perCharge = (ms: number) => Math.round((ms / Math.max(counted.charges, 1)) * 100) / 100;
    return {
      expected: opts.count,
      claimed: result.claimed,
      charges: counted.charges,
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(counted.charges / seconds),
      duplicates: counted.duplicates,
      unreachable: result.failed,
      concurrency: config.CHARGE_CONCURRENCY,
      // CPU time per charge during the run, by process: steadier than the rate on a shared machine.
      apiCpuMsPerCharge: perCharge(cpuMs.api),
      simulatorCpuMsPerCharge: perCharge(cpuMs.simulator),
      postgresCpuMsPerCharge: perCharge(cpuMs.postgres),
    };
  } finally {
    await database.close();
    await sim.close();
  }
}

/** The merchants and mandates of the due monthly tips, made at the simulator (its own tables). */
async function tellSimulator(client: pg.Client) {
  await client.query(`
    insert into sim_objects (uid, object_type, parent_uid, data)
    select distinct m.merchant_uid, 'merchant', null::text, jsonb_build_object(
      'uid', m.merchant_uid, 'object', 'merchant', 'status', 'live', 'type', 'business',
      'created', extract(epoch from now())::int, 'updated', extract(epoch from now())::int,
      'emailaddress', m.merchant_uid || '@bench.test', 'country', 'nld',
      'compliance', jsonb_build_object('level', 400, 'status', 'verified', 'requirements', '[]'::jsonb))
    from opp_merchants m join recurring_tips r on r.tipjar_id = m.tipjar_id
    where r.status = 'active' and r.mandate_status = 'valid'
    on conflict (uid) do nothing`);
  await client.query(`
    insert into sim_objects (uid, object_type, parent_uid, data)
    select r.mandate_uid, 'mandate', m.merchant_uid, jsonb_build_object(
      'uid', r.mandate_uid, 'object', 'mandate', 'status', 'completed', 'token', r.mandate_token,
      'mandate_method', 'import', 'mandate_type', 'consumer', 'mandate_repeat', 'subscription',
      'amount', r.amount, 'merchant_uid', m.merchant_uid, 'redirect_url', null, 'return_url', null,
      'notify_url', null, 'reference', 'bench-' || r.id, 'metadata', '[]'::jsonb,
      'created', extract(epoch from now())::int, 'updated', extract(epoch from now())::int)
    from recurring_tips r join opp_merchants m on m.tipjar_id = r.tipjar_id
    where r.status = 'active' and r.mandate_status = 'valid' and r.mandate_uid is not null
    on conflict (uid) do nothing`);
}

/**
 * Months sent (our charge rows with a provider transaction), and duplicates: charges the simulator
 * holds beyond one per month (reference charge-<recurringTipId>-<period>-<attempt>), plus any month
 * of ours with two provider transactions for one attempt.
 */
async function countCharges(client: pg.Client) {
  const ours = await client.query<{ n: number; twice: number }>(`
    select count(distinct c.id)::int as n,
           (count(o.id) - count(distinct (o.owner_id, o.attempt)))::int as twice
    from recurring_tip_charges c join opp_transactions o on o.kind = 'recurring_charge' and o.owner_id = c.id
    where c.via = 'debit' and o.opp_uid is not null`);
  const theirs = await client.query<{ extra: number }>(`
    select coalesce(sum(n - 1), 0)::int as extra from (
      select count(*) as n from sim_objects
      where object_type = 'transaction' and data->>'mandate_uid' is not null and data->>'reference' like 'charge-%'
      group by regexp_replace(data->>'reference', '-[0-9]+$', '')) per_month`);
  return { charges: ours.rows[0]!.n, duplicates: ours.rows[0]!.twice + theirs.rows[0]!.extra };
}

/**
 * `count` due monthly tips (one tip jar, its merchant, a tipper each), written with SQL. The mandate
 * uids and tokens are made up here; benchChargeRun makes them exist at the simulator.
 */
export async function fillChargeRun(databaseUrl: string, count: number): Promise<void> {
  await withSql(databaseUrl, async (client) => {
    const jar = await client.query<{ id: string }>(`
      insert into tipjars (slug, name, status, type, contact_email)
      values ('charge-bench', 'Charge Bench', 'LIVE', 'BUSINESS', 'bench@example.test') returning id`);
    const tipjarId = jar.rows[0]!.id;
    await client.query(
      `insert into opp_merchants (tipjar_id, merchant_uid, type, merchant_status, compliance_status)
       values ($1, 'mer_charge_bench', 'business', 'live', 'verified')`,
      [tipjarId],
    );
    await client.query(
      `insert into users (email, password_hash, first_name, last_name)
       select 'charge-' || i || '@bench.test', 'not-a-hash', 'Bench', 'Tipper ' || i from generate_series(1, $1) i`,
      [count],
    );
    // Due a minute ago on today's charge day (29–31 → 28, as a first payment sets it).
    await client.query(
      `insert into recurring_tips (tipjar_id, user_id, amount, status, mandate_status, mandate_uid,
         mandate_token, payment_method, charge_day, next_charge_at, display_name, locale)
       select $1, u.id, 500, 'active', 'valid', 'mdt_bench_' || u.id, md5(u.id::text), 'ideal',
              least(extract(day from now() at time zone 'UTC')::int, 28), now() - interval '1 minute', 'Bench', 'en'
       from users u where u.email like 'charge-%@bench.test'`,
      [tipjarId],
    );
  });
}

/**
 * BENCH_CHARGE_EXPLAIN=<ms>: every statement of the run slower than that is logged with its plan
 * (auto_explain, ANALYZE and BUFFERS) in the PostgreSQL server's log, for this database only.
 */
async function logSlowPlans(client: pg.Client, ms: number) {
  const db = (await client.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
  for (const setting of [
    `session_preload_libraries = 'auto_explain'`,
    `auto_explain.log_min_duration = '${ms}ms'`,
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
    'auto_explain.log_nested_statements = on',
  ]) {
    await client.query(`alter database ${db} set ${setting}`);
  }
}

async function main() {
  const count = Number(process.env.BENCH_CHARGE_COUNT ?? 10_000);
  const poolSize = loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).DATABASE_POOL_SIZE;
  const database = await createBenchDatabase(`podpot_charge_${process.pid}`, poolSize);
  if (!database) throw new Error('bench:charge needs PostgreSQL (TEST_DATABASE_URL, default 127.0.0.1:5432)');
  const keep = process.env.BENCH_CHARGE_KEEP === '1';
  try {
    await fillChargeRun(database.url, count);
    const explainMs = process.env.BENCH_CHARGE_EXPLAIN;
    if (explainMs) await withSql(database.url, (client) => logSlowPlans(client, Number(explainMs)));
    console.log(`\nPodpot charge run — ${count} due monthly tips, PostgreSQL, Node ${process.version}`);
    const before = await withSql(database.url, pgStats);
    const result = await benchChargeRun({ databaseUrl: database.url, count });
    console.log(result);
    if (process.env.BENCH_CHARGE_STATS === '1') {
      // Per charge, by table and index: what grows with the run's size is what scales badly.
      console.dir(pgStatsPerUnit(before, await withSql(database.url, pgStats), result.charges || 1), { depth: 3 });
    }
  } finally {
    if (keep) console.log(`kept: ${database.url}`);
    else await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  main().then(
    // A kept database's pool is left open: exit rather than wait for it.
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
