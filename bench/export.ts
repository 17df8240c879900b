/**
 * `node --import tsx bench/export.ts`: the CSV export of one big tip jar (issue 12), alone and
 * repeated. The API runs as its own process on PostgreSQL: BENCH_EXPORT_DB names a database that has
 * the data already (e.g. one kept by `BENCH_SCALE_KEEP=1 npm run bench:scale`), otherwise a fresh one
 * is made and filled like bench:scale (`BENCH_EXPORT_TIPS`, default 200 000) and dropped afterwards.
 * `BENCH_EXPORT_API=dist` runs the compiled API (apps/api/dist/server.js, built first) instead of tsx.
 * Per Accept-Encoding of BENCH_EXPORT_ENCODINGS (default `br,gzip,identity`) BENCH_EXPORT_RUNS
 * downloads (default 3): rows/s and the API process's peak RSS during each (VmHWM after clear_refs);
 * also its RSS idle after start. Prints each run and the medians; writes bench/results/export.json.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_LOGINS, DEMO_TIPJAR_SLUG } from '../apps/api/src/seed/demo.js';
import { adminDatabaseUrl } from '../apps/api/test/support/test-db.js';
import { buildCompiledApi, kib, resetPeak, startApi } from './api-process.js';
import { loginToken } from './cases.js';
import { fillScaleData } from './scale-fill.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const EXISTING = process.env.BENCH_EXPORT_DB;
const TIPS = Number(process.env.BENCH_EXPORT_TIPS ?? 200_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const ENCODINGS = (process.env.BENCH_EXPORT_ENCODINGS ?? 'br,gzip,identity').split(',');
/** `tsx` (default), `dist`, or the path of another checkout's apps/api/src/server.ts (a baseline, through tsx). */
const API = process.env.BENCH_EXPORT_API ?? 'tsx';
const apiArgs = () =>
  API === 'dist'
    ? [path.join(ROOT, 'apps/api/dist/server.js')]
    : API.endsWith('.ts')
      ? ['--import', 'tsx', path.resolve(API)]
      : undefined;

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
  const api = await startApi(url.toString(), dataDir, apiArgs());
  const pid = api.child.pid!;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    await db.connect();
    if (!EXISTING) await fillScaleData(db, { tips: TIPS, recurring: 0, slug: DEMO_TIPJAR_SLUG });
    const jar = await db.query<{ id: string }>('select id from tipjars where slug = $1', [DEMO_TIPJAR_SLUG]);
    const jarId = jar.rows[0]!.id;
    const token = await loginToken(api.base, DEMO_LOGINS[0].email, DEMO_LOGINS[0].password);
    const idleRss = Math.round(kib(pid, 'VmRSS') / 1024);
    console.log(`API (${API}) RSS idle after start and a login: ${idleRss} MB`);

    const results: Record<string, { rowsPerSecond: number[]; peakMb: number[]; mb: number; rows: number }> = {};
    for (const encoding of ENCODINGS) {
      const r = { rowsPerSecond: [] as number[], peakMb: [] as number[], mb: 0, rows: 0 };
      results[encoding] = r;
      for (let run = 0; run < RUNS; run++) {
        const reset = resetPeak(pid);
        const started = performance.now();
        const res = await fetch(`${api.base}/api/v1/tips/export?tipjarId=${jarId}`, {
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
        });
        if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
        let bytes = 0;
        let lines = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        }
        const seconds = (performance.now() - started) / 1000;
        r.rows = lines - 1;
        r.mb = Math.round(bytes / 1e6);
        r.rowsPerSecond.push(Math.round(r.rows / seconds));
        r.peakMb.push(Math.round(kib(pid, 'VmHWM') / 1024));
        console.log(
          `${encoding.padEnd(8)} (sent as ${res.headers.get('content-encoding') ?? 'identity'}): ${r.rows} rows, ` +
            `${r.mb} MB in ${seconds.toFixed(1)} s = ${r.rowsPerSecond.at(-1)} rows/s; ` +
            `API peak RSS ${r.peakMb.at(-1)} MB${reset ? '' : ' (since start)'}`,
        );
      }
    }
    console.table(
      Object.entries(results).map(([encoding, r]) => ({
        'Accept-Encoding': encoding,
        rows: r.rows,
        'rows/s (median)': median(r.rowsPerSecond),
        'peak RSS MB (median)': median(r.peakMb),
      })),
    );
    const out = path.join(HERE, 'results', 'export.json');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(
      out,
      `${JSON.stringify({ date: new Date().toISOString(), api: API, idleRssMb: idleRss, runs: RUNS, results }, null, 2)}\n`,
    );
  } finally {
    await db.end().catch(() => {});
    if (api.child.exitCode === null) {
      api.child.kill('SIGTERM');
      await new Promise((r) => api.child.once('exit', r));
    }
    if (!EXISTING && process.env.BENCH_EXPORT_KEEP !== '1')
      await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
