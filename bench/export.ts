/**
 * `node --import tsx bench/export.ts`: the CSV export of one big tip jar (issue 12), alone and
 * repeated. The API runs as its own process on PostgreSQL: BENCH_EXPORT_DB names a database that has
 * the data already (e.g. one kept by `BENCH_SCALE_KEEP=1 npm run bench:scale`), otherwise a fresh one
 * is made and filled like bench:scale (`BENCH_EXPORT_TIPS`, default 200 000) and dropped afterwards.
 * `BENCH_EXPORT_API=dist` runs the compiled API (apps/api/dist/server.dev.js, built first, with npm start's
 * node flags) instead of tsx. `BENCH_EXPORT_MODE` (default `production`): the API measured runs with
 * NODE_ENV=production as deployed (no simulator, demo feed or mail preview in the process; started once
 * in development first to seed the demo), or `development`.
 * Per Accept-Encoding of BENCH_EXPORT_ENCODINGS (default `br,gzip,identity`) BENCH_EXPORT_RUNS
 * downloads (default 3): rows/s, the API process's peak RSS during each (VmHWM after clear_refs) and the
 * CPU time the API, PostgreSQL's backends and this client spent (steadier than rows/s on a shared machine;
 * the client reads with node:http and zlib, bench/download.ts);
 * also its RSS idle after start. Prints each run and the medians; writes bench/results/export.json.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_LOGINS, DEMO_TIPJAR_SLUG } from '../apps/api/src/seed/demo.js';
import { adminDatabaseUrl } from '../apps/api/test/support/test-db.js';
import {
  API_NODE_FLAGS,
  buildCompiledApi,
  compiledApiArgs,
  kib,
  PRODUCTION_ENV,
  resetPeak,
  startApi,
} from './api-process.js';
import { loginToken } from './cases.js';
import { cpuMsOf, ownCpuMs, postgresCpuMs, postgresCpuMsBetween } from './cpu.js';
import { download } from './download.js';
import { fillScaleData } from './scale-fill.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EXISTING = process.env.BENCH_EXPORT_DB;
const TIPS = Number(process.env.BENCH_EXPORT_TIPS ?? 200_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const ENCODINGS = (process.env.BENCH_EXPORT_ENCODINGS ?? 'br,gzip,identity').split(',');
/**
 * `tsx` (default), `dist`, the path of another checkout's apps/api/src/server.dev.ts (server.ts before
 * decision 072; a baseline, through tsx), or of another build's server.dev.js (server.js before 072; a
 * baseline, e.g. the code before a change built into apps/api/dist-old).
 */
const API = process.env.BENCH_EXPORT_API ?? 'tsx';
const MODE = process.env.BENCH_EXPORT_MODE === 'development' ? 'development' : 'production';
function apiArgs(): string[] | undefined {
  if (API === 'dist') return compiledApiArgs();
  if (API.endsWith('.ts')) return ['--import', 'tsx', path.resolve(API)];
  if (API.endsWith('.js')) return [...API_NODE_FLAGS, path.resolve(API)];
  return undefined;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const name = EXISTING ?? `podpot_export_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  if (!EXISTING) await admin.query(`create database ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-export-'));
  if (API === 'dist') buildCompiledApi();
  // Development seeds the demo (production never does); then, for production, a process of its own.
  let api = await startApi(url.toString(), dataDir, apiArgs());
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    await db.connect();
    if (!EXISTING) await fillScaleData(db, { tips: TIPS, recurring: 0, slug: DEMO_TIPJAR_SLUG });
    if (MODE === 'production') {
      await stop(api.child);
      api = await startApi(url.toString(), dataDir, apiArgs(), PRODUCTION_ENV);
    }
    const pid = api.child.pid!;
    const jar = await db.query<{ id: string }>('select id from tipjars where slug = $1', [DEMO_TIPJAR_SLUG]);
    const jarId = jar.rows[0]!.id;
    const token = await loginToken(api.base, DEMO_LOGINS[0].email, DEMO_LOGINS[0].password);
    const idleRss = Math.round(kib(pid, 'VmRSS') / 1024);
    console.log(`API (${API}, ${MODE}) RSS idle after start and a login: ${idleRss} MB`);

    type Result = {
      rowsPerSecond: number[];
      peakMb: number[];
      cpuSeconds: Cpu[];
      mb: number;
      wireMb: number;
      rows: number;
    };
    type Cpu = { api: number; postgres: number; client: number };
    const results: Record<string, Result> = {};
    for (const encoding of ENCODINGS) {
      const r: Result = { rowsPerSecond: [], peakMb: [], cpuSeconds: [], mb: 0, wireMb: 0, rows: 0 };
      results[encoding] = r;
      for (let run = 0; run < RUNS; run++) {
        const reset = resetPeak(pid);
        const cpuBefore = { api: cpuMsOf([pid]), postgres: await postgresCpuMs(url.toString()), client: ownCpuMs() };
        const started = performance.now();
        const got = await download(`${api.base}/api/v1/tips/export?tipjarId=${jarId}`, {
          authorization: `Bearer ${token}`,
          'accept-encoding': encoding,
        });
        if (got.status !== 200) throw new Error(`export: ${got.status}`);
        const seconds = (performance.now() - started) / 1000;
        const postgresMs = postgresCpuMsBetween(cpuBefore.postgres, await postgresCpuMs(url.toString()));
        const cpu = {
          api: (cpuMsOf([pid]) - cpuBefore.api) / 1000,
          postgres: postgresMs / 1000,
          client: (ownCpuMs() - cpuBefore.client) / 1000,
        };
        r.cpuSeconds.push(cpu);
        r.rows = got.lines - 1;
        r.mb = Math.round(got.bytes / 1e6);
        r.wireMb = Math.round(got.wireBytes / 1e6);
        r.rowsPerSecond.push(Math.round(r.rows / seconds));
        r.peakMb.push(Math.round(kib(pid, 'VmHWM') / 1024));
        console.log(
          `${encoding.padEnd(8)} (sent as ${got.encoding}): ${r.rows} rows, ` +
            `${r.mb} MB (${r.wireMb} MB on the wire) in ${seconds.toFixed(1)} s = ${r.rowsPerSecond.at(-1)} rows/s; ` +
            `API peak RSS ${r.peakMb.at(-1)} MB${reset ? '' : ' (since start)'}; CPU s: API ${cpu.api.toFixed(2)}, ` +
            `PostgreSQL ${cpu.postgres.toFixed(2)}, this client ${cpu.client.toFixed(2)}`,
        );
      }
    }
    console.table(
      Object.entries(results).map(([encoding, r]) => ({
        'Accept-Encoding': encoding,
        rows: r.rows,
        'rows/s (median)': median(r.rowsPerSecond),
        'peak RSS MB (median)': median(r.peakMb),
        'API CPU s (median)': median(r.cpuSeconds.map((c) => c.api)),
        'PostgreSQL CPU s (median)': median(r.cpuSeconds.map((c) => c.postgres)),
        // What the API's CPU alone allows: the rate on a machine with a core free for each process.
        'rows per API CPU-second': Math.round(r.rows / median(r.cpuSeconds.map((c) => c.api))),
      })),
    );
    const out = path.join(HERE, 'results', 'export.json');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(
      out,
      `${JSON.stringify({ date: new Date().toISOString(), api: API, mode: MODE, idleRssMb: idleRss, runs: RUNS, results }, null, 2)}\n`,
    );
  } finally {
    await db.end().catch(() => {});
    await stop(api.child);
    if (!EXISTING && process.env.BENCH_EXPORT_KEEP !== '1')
      await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
