/**
 * `npm run bench`: bounded load on loopback against the real app (PostgreSQL or PGlite, demo data)
 * beside a bare Fastify hello-world in the same run. The load generator runs in a separate process
 * (bench/load.mjs), so it never competes with the measured server for its event loop. Prints req/s,
 * p50/p99 latency and the ratio to the baseline, and writes the same as JSON (BENCH_OUT, default
 * bench/results/latest.json). Each case runs BENCH_SECONDS (default 5) with BENCH_CONNECTIONS
 * (default 10) connections.
 *
 * BENCH_API: `inprocess` (default) builds the app in this process with its logger off;
 * `dist` builds apps/api/dist/server.dev.js and runs it as `npm start` does, in a process of its own per
 * case, logging as configured (LOG_LEVEL, default info, JSON lines to /dev/null), with
 * BENCH_API_NODE_ARGS as extra node flags; BENCH_API_BASELINE=<another build's server.dev.js> measures each
 * case on that build too, right after. BENCH_PROFILE=<dir> (dist only) adds `--cpu-prof` and prints each
 * case's top frames (bench/cpu-top.ts).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../apps/api/src/config/env.js';
import { type Database, openDatabase } from '../apps/api/src/db/client.js';
import { listenDevApp } from '../apps/api/src/dev/host.js';
import { DEMO_LOGINS, ensureDemoMerchant, seedDemoData } from '../apps/api/src/seed/demo.js';
import { API_NODE_FLAGS, buildCompiledApi, startApi } from './api-process.js';
import { createBenchDatabase } from './bench-db.js';
import { BENCH_TIP_RATE_LIMIT, type BenchCase, benchCases, loginToken } from './cases.js';
import { cpuMsOf, ownCpuMs, postgresCpuMs, postgresCpuMsBetween } from './cpu.js';
import { printSummary, summarize } from './cpu-top.js';
import { startDutiesBaseline } from './duties-baseline.js';
import { type SimulatorProcess, startSimulatorProcess } from './sim-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const API = process.env.BENCH_API === 'dist' ? 'dist' : 'inprocess';
const PROFILE_DIR = process.env.BENCH_PROFILE;

const HERE = path.dirname(new URL(import.meta.url).pathname);
const LOAD_SCRIPT = path.join(HERE, 'load.mjs');
const OUT = process.env.BENCH_OUT ?? path.join(HERE, 'results', 'latest.json');

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

interface Measured extends Load {
  name: string;
  /**
   * CPU time per request in µs, by process: the server measured (`server`), the provider (`simulator`)
   * and PostgreSQL's backends. Steadier than req/s on a shared machine: the other sessions' load
   * slows every request down but adds little to the CPU each one takes.
   */
  cpuUs: { server: number; simulator: number; postgres: number };
}

/** Where the CPU time of a case is read: the serving process, the simulator, PostgreSQL (url) if any. */
interface CpuSources {
  server: () => number;
  simulatorPid: number;
  databaseUrl?: string;
}

/** Runs one case in a child process (the load generator) and reads its JSON line. */
function load(c: BenchCase): Promise<Load> {
  const spec = JSON.stringify({ ...c, connections: CONNECTIONS, seconds: SECONDS });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [LOAD_SCRIPT, spec], { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`bench: the load generator failed for ${c.name}: ${stderr || err.message}`));
      resolve(JSON.parse(stdout.trim().split('\n').pop()!) as Load);
    });
  });
}

/** One case under load, with the CPU time each process spent on it. */
async function measure(c: BenchCase, cpu: CpuSources): Promise<Measured> {
  const pgBefore = cpu.databaseUrl ? await postgresCpuMs(cpu.databaseUrl) : new Map<number, number>();
  const before = { server: cpu.server(), simulator: cpuMsOf([cpu.simulatorPid]) };
  const result = await load(c);
  const server = cpu.server() - before.server;
  const simulator = cpuMsOf([cpu.simulatorPid]) - before.simulator;
  const postgres = cpu.databaseUrl ? postgresCpuMsBetween(pgBefore, await postgresCpuMs(cpu.databaseUrl)) : 0;
  const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(result.requests, 1));
  return {
    name: c.name,
    ...result,
    cpuUs: { server: perRequest(server), simulator: perRequest(simulator), postgres: perRequest(postgres) },
  };
}

/** BENCH_CASES=tips measures the baseline and the cases whose name contains a listed word only. */
function chosen(c: BenchCase): boolean {
  const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
  return !only || only.some((word) => c.name.includes(word));
}

const admin = DEMO_LOGINS[0];

async function main() {
  const baseline = Fastify();
  baseline.get('/', async () => ({ hello: 'world' }));
  await baseline.listen({ port: 0, host: '127.0.0.1' });
  const baselineCase = {
    name: 'bare Fastify hello-world (baseline)',
    url: `http://127.0.0.1:${(baseline.server.address() as AddressInfo).port}/`,
  };

  const duties = await startDutiesBaseline();
  const dutiesCase = { name: "Fastify + every answer's duties (baseline 2)", url: duties.url };

  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-bench-'));
  // PostgreSQL (what production runs) when one answers, else the embedded PGlite.
  // The pool as the API would open it (DATABASE_POOL_SIZE, its default unless set).
  const env = { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE, TIP_RATE_LIMIT_PER_MINUTE: BENCH_TIP_RATE_LIMIT };
  const poolSize = loadConfig(env).DATABASE_POOL_SIZE;
  const pgDatabase =
    process.env.BENCH_DB === 'pglite' ? null : await createBenchDatabase(`podpot_bench_${process.pid}`, poolSize);
  if (API === 'dist' && !pgDatabase) throw new Error('bench: BENCH_API=dist needs PostgreSQL');
  const database = pgDatabase ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }));
  // The provider (the simulator) runs in a process of its own, on the same database server: the API
  // measured here does not pay for the provider's CPU, as it never does in production.
  const sim = await startSimulatorProcess(pgDatabase ? pgDatabase.url : undefined);
  const sources = { server: ownCpuMs, simulatorPid: sim.pid, databaseUrl: pgDatabase?.url };
  try {
    const rows = [await measure(baselineCase, sources), await measure(dutiesCase, sources)];
    if (API === 'dist') rows.push(...(await measureCompiled(pgDatabase!.url, dataDir, sim)));
    else rows.push(...(await measureInProcess({ dataDir, database, databaseUrl: pgDatabase?.url, sim, env })));
    // The baseline again at the end: the machine's load moves; the ratio is to the mean of both.
    const after = await measure(baselineCase, sources);
    const first = rows[0]!;
    rows[0] = {
      ...first,
      rps: (first.rps + after.rps) / 2,
      cpuUs: { ...first.cpuUs, server: Math.round((first.cpuUs.server + after.cpuUs.server) / 2) },
    };
    await report(rows, database.driver);
  } finally {
    await sim.close();
    await baseline.close();
    await duties.app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureInProcess({
  dataDir,
  database,
  databaseUrl,
  sim,
  env,
}: {
  dataDir: string;
  database: Database;
  databaseUrl?: string;
  sim: SimulatorProcess;
  env: NodeJS.ProcessEnv;
}): Promise<Measured[]> {
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
  // Listening on a port of its own, which its configuration (publicUrl) names.
  const { app, ctx, baseUrl: base } = await listenDevApp({ config, db: database.db, logger: false });
  try {
    await seedDemoData(ctx);
    // The demo tip jar registers with the provider as `npm start` has it do once it listens.
    await ensureDemoMerchant(ctx);
    const token = await loginToken(base, admin.email, admin.password);
    const rows: Measured[] = [];
    const sources = { server: ownCpuMs, simulatorPid: sim.pid, databaseUrl };
    for (const c of await benchCases({ base, token })) if (chosen(c)) rows.push(await measure(c, sources));
    return rows;
  } finally {
    await app.close();
  }
}

/**
 * Each case against a fresh compiled API process (as `npm start` runs it), profiled with BENCH_PROFILE.
 * With BENCH_API_BASELINE (the server.dev.js of another build — server.js before decision 072 —, e.g. the code before a change built into
 * apps/api/dist-old), each case is measured on that build right after, as a row of its own: a
 * before/after in the same run.
 */
async function measureCompiled(databaseUrl: string, dataDir: string, sim: SimulatorProcess): Promise<Measured[]> {
  await buildCompiledApi();
  const builds = [{ script: 'apps/api/dist/server.dev.js', label: '' }];
  if (process.env.BENCH_API_BASELINE)
    builds.push({ script: process.env.BENCH_API_BASELINE, label: ' [baseline build]' });
  const extraArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const rows: Measured[] = [];
  for (let i = 0, run = 0; ; i++) {
    for (const build of builds) {
      const profileDir = PROFILE_DIR ? path.resolve(PROFILE_DIR, `case-${run++}`) : undefined;
      const c = await measureOneCompiled(i, build.script, [...extraArgs], profileDir, databaseUrl, dataDir, sim);
      if (!c) return rows;
      rows.push({ ...c, name: c.name + build.label });
    }
  }
}

/** Case `index` (null when there is no such case) against a fresh process running `script`. */
async function measureOneCompiled(
  index: number,
  script: string,
  extraArgs: string[],
  profileDir: string | undefined,
  databaseUrl: string,
  dataDir: string,
  sim: SimulatorProcess,
): Promise<Measured | null> {
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const { child, base } = await startApi(
    databaseUrl,
    dataDir,
    [...API_NODE_FLAGS, ...extraArgs, ...profileArgs, script],
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      OPP_API_URL: sim.apiBase,
      OPP_API_KEY: sim.apiKey,
      OPP_NOTIFY_SECRET: sim.notifySecret,
      TIP_RATE_LIMIT_PER_MINUTE: BENCH_TIP_RATE_LIMIT,
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const pid = child.pid!;
  let c: BenchCase | undefined;
  let row: Measured | null = null;
  const window = { from: 0, to: 0 };
  try {
    const token = await loginToken(base, admin.email, admin.password);
    c = (await benchCases({ base, token })).filter(chosen)[index];
    // Start-up work still running (the password dictionaries load after listen) must not count.
    await settled(pid);
    window.from = microseconds();
    if (c) row = await measure(c, { server: () => cpuMsOf([pid]), simulatorPid: sim.pid, databaseUrl });
    window.to = microseconds();
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  if (c && profileDir) {
    const [file] = (await readdir(profileDir)).filter((f) => f.endsWith('.cpuprofile'));
    if (file) printSummary(c.name, summarize(path.join(profileDir, file), 25, window));
    // For a closer look at the same samples (bench/cpu-top.ts takes the window as its third argument).
    await writeFile(path.join(profileDir, 'window.json'), JSON.stringify(window));
  }
  return row;
}

const microseconds = () => Number(process.hrtime.bigint() / 1000n);

/** Resolves once the process used under 20 ms of CPU in half a second (at most 60 s). */
async function settled(pid: number) {
  for (let i = 0; i < 120; i++) {
    const before = cpuMsOf([pid]);
    await new Promise((r) => setTimeout(r, 500));
    if (cpuMsOf([pid]) - before < 20) return;
  }
}

async function report(rows: Measured[], driver: string) {
  const dbName = driver === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded, single-threaded)';
  const api =
    API === 'dist' ? `compiled API in its own process, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}` : 'API in process';
  console.log(
    `\nPodpot bench — ${CONNECTIONS} connections, ${SECONDS}s per case, ${dbName}, ${api}, Node ${process.version}\n`,
  );
  const baseRps = rows[0]!.rps;
  const baseCpu = rows[0]!.cpuUs.server;
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const percent = (x: number) => `${(x * 100).toFixed(0)}%`;
  console.log(
    `${'case'.padEnd(44)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('ratio', 8)}${pad('errors', 8)}` +
      `${pad('CPU µs', 9)}${pad('CPU ratio', 11)}${pad('sim µs', 9)}${pad('pg µs', 9)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(44)}${pad(Math.round(r.rps), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(percent(r.rps / baseRps), 8)}${pad(r.errors, 8)}` +
        `${pad(r.cpuUs.server, 9)}${pad(percent(baseCpu / Math.max(r.cpuUs.server, 1)), 11)}${pad(r.cpuUs.simulator, 9)}${pad(r.cpuUs.postgres, 9)}`,
    );
  }
  console.log(
    "\nratio: req/s against the baseline (mean of its runs before and after); CPU ratio: the baseline's CPU time per request\n" +
      "against this case's in the serving process (what the ratio would be on an otherwise idle machine if the server were CPU-bound).\n" +
      'Baseline 2 is Fastify doing only what every answer of the app does (security headers, access-log line, metric; decision 046).',
  );
  await mkdir(path.dirname(OUT), { recursive: true });
  await writeFile(
    OUT,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: (await import('node:os')).cpus().length,
        database: driver,
        api: API,
        connections: CONNECTIONS,
        seconds: SECONDS,
        cases: rows.map((r) => ({ ...r, ratio: r.rps / baseRps, cpuRatio: baseCpu / Math.max(r.cpuUs.server, 1) })),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten: ${path.relative(process.cwd(), OUT)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
