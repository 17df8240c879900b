/**
 * `npm run bench`: bounded load on loopback against the real app (PostgreSQL or PGlite, demo data)
 * beside a bare Fastify hello-world in the same run. The load generator runs in a separate process
 * (bench/load.mjs), so it never competes with the measured server for its event loop. Prints req/s,
 * p50/p99 latency and the ratio to the baseline, and writes the same as JSON (BENCH_OUT, default
 * bench/results/latest.json). Each case runs BENCH_SECONDS (default 5) with BENCH_CONNECTIONS
 * (default 10) connections.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/env.js';
import { type Database, openDatabase } from '../apps/api/src/db/client.js';
import { DEMO_LOGINS, seedDemoData } from '../apps/api/src/seed/demo.js';
import { createBenchDatabase } from './bench-db.js';
import { type BenchCase, extraCases } from './cases.js';
import { type SimulatorProcess, startSimulatorProcess } from './sim-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const LOAD_SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), 'load.mjs');
const OUT =
  process.env.BENCH_OUT ?? path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'latest.json');

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** Runs one case in a child process (the load generator) and reads its JSON line. */
function measure(c: BenchCase): Promise<Measured> {
  const spec = JSON.stringify({ ...c, connections: CONNECTIONS, seconds: SECONDS });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [LOAD_SCRIPT, spec], { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`bench: the load generator failed for ${c.name}: ${stderr || err.message}`));
      resolve({ name: c.name, ...(JSON.parse(stdout.trim().split('\n').pop()!) as Omit<Measured, 'name'>) });
    });
  });
}

async function main() {
  const baseline = Fastify();
  baseline.get('/', async () => ({ hello: 'world' }));
  await baseline.listen({ port: 0, host: '127.0.0.1' });
  const baselineUrl = `http://127.0.0.1:${(baseline.server.address() as AddressInfo).port}/`;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-bench-'));
  // PostgreSQL (what production runs) when one answers, else the embedded PGlite.
  // The pool as the API would open it (DATABASE_POOL_SIZE, its default unless set).
  const env = { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE };
  const poolSize = loadConfig(env).DATABASE_POOL_SIZE;
  const pgDatabase =
    process.env.BENCH_DB === 'pglite' ? null : await createBenchDatabase(`podpot_bench_${process.pid}`, poolSize);
  const database = pgDatabase ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }));
  // The provider (the simulator) runs in a process of its own, on the same database server: the API
  // measured here does not pay for the provider's CPU, as it never does in production.
  const sim = await startSimulatorProcess(pgDatabase ? pgDatabase.url : undefined);
  try {
    await measureAll({ baselineUrl, dataDir, database, sim, env });
  } finally {
    await sim.close();
    await baseline.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureAll({
  baselineUrl,
  dataDir,
  database,
  sim,
  env,
}: {
  baselineUrl: string;
  dataDir: string;
  database: Database;
  sim: SimulatorProcess;
  env: NodeJS.ProcessEnv;
}) {
  const config = loadConfig(env, {
    DATA_DIR: dataDir,
    PORT: 0,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JOBS: 'off',
    OPP_API_URL: sim.apiBase,
    OPP_API_KEY: sim.apiKey,
    OPP_NOTIFY_SECRET: sim.notifySecret,
  });
  const { app, ctx } = await buildApp({ config, db: database.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  ctx.config.publicUrl = base;
  await seedDemoData(ctx);

  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_LOGINS[0].email, password: DEMO_LOGINS[0].password }).toString(),
  });
  const { access_token } = (await login.json()) as { access_token: string };

  const cases: BenchCase[] = [
    { name: 'bare Fastify hello-world (baseline)', url: baselineUrl },
    { name: 'GET /api/v1/paymentmethods', url: `${base}/api/v1/paymentmethods` },
    {
      name: 'GET /api/v1/users/me (bearer)',
      url: `${base}/api/v1/users/me`,
      headers: { authorization: `Bearer ${access_token}` },
    },
    ...(await extraCases({ base, token: access_token, ctx })),
  ];

  const dbName = database.driver === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded, single-threaded)';
  console.log(
    `\nPodpot bench — ${CONNECTIONS} connections, ${SECONDS}s per case, ${dbName}, Node ${process.version}\n`,
  );
  // BENCH_CASES=tips measures the baseline and the cases whose name contains a listed word only.
  const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
  const rows = [];
  for (const c of cases) {
    if (c === cases[0] || !only || only.some((word) => c.name.includes(word))) rows.push(await measure(c));
  }
  const baseRps = rows[0]!.rps;
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `${'case'.padEnd(44)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('ratio', 8)}${pad('errors', 8)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(44)}${pad(Math.round(r.rps), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(`${((r.rps / baseRps) * 100).toFixed(0)}%`, 8)}${pad(r.errors, 8)}`,
    );
  }
  await mkdir(path.dirname(OUT), { recursive: true });
  await writeFile(
    OUT,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: (await import('node:os')).cpus().length,
        database: database.driver,
        connections: CONNECTIONS,
        seconds: SECONDS,
        cases: rows.map((r) => ({ ...r, ratio: r.rps / baseRps })),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten: ${path.relative(process.cwd(), OUT)}`);
  await app.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
