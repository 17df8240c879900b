/**
 * `npm run bench:scale`: a million tips on one tip jar (issue 12). Creates a fresh PostgreSQL
 * database (podpot_scale_<pid>, dropped afterwards unless BENCH_SCALE_KEEP=1), starts the API as a
 * child process on it (compiled as `npm start` runs it, or through tsx with BENCH_SCALE_API=tsx; it
 * migrates and seeds the demo data), fills BENCH_SCALE_TIPS tips (default
 * 1 000 000) on the demo tip jar, 3 % of that on three other jars and 100k monthly tips due now, all
 * with generate_series SQL, then times through real HTTP, sequential requests (BENCH_SCALE_RUNS each,
 * default 20, p50/p95): statistics, list page 1 and a deep page for every sortable column in both
 * directions, with status and date filters, search, the CSV export (rows/s and the API process's peak
 * RSS, VmHWM) and — if bench/charge-run.ts exists — a charge run. Prints a table and writes
 * bench/results/scale.json.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { DEMO_LOGINS, DEMO_TIPJAR_SLUG } from '../apps/api/src/seed/demo.js';
import { adminDatabaseUrl } from '../apps/api/test/support/test-db.js';
import { buildCompiledApi, compiledApiArgs, kib, resetPeak, startApi } from './api-process.js';
import { loginToken } from './cases.js';
import { download } from './download.js';
import { fillScaleData } from './scale-fill.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const TIPS = Number(process.env.BENCH_SCALE_TIPS ?? 1_000_000);
const RECURRING = Number(process.env.BENCH_SCALE_RECURRING ?? Math.min(100_000, Math.ceil(TIPS / 10)));
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 20);
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
/** The API as `npm start` runs it (compiled, decision 022) unless BENCH_SCALE_API=tsx. */
const COMPILED = process.env.BENCH_SCALE_API !== 'tsx';
const PAGE = 25;

/** A list answer's metadata: the count and, from lists that page by cursor, the cursors (decision 041). */
interface Metadata {
  count: number;
  nextCursor?: string;
  prevCursor?: string;
}

interface Row {
  case: string;
  p50?: number;
  p95?: number;
  value?: number;
  unit?: string;
  note?: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function main() {
  const name = `podpot_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-scale-'));
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    if (COMPILED) buildCompiledApi();
    api = await startApi(databaseUrl, dataDir, COMPILED ? compiledApiArgs() : undefined);
    await db.connect();
    const fillStarted = Date.now();
    const { jarId } = await fillScaleData(db, { tips: TIPS, recurring: RECURRING, slug: DEMO_TIPJAR_SLUG });
    const fillSeconds = (Date.now() - fillStarted) / 1000;
    console.log(
      `filled ${TIPS} tips (+${Math.round(TIPS * 0.03)} on other jars, ${RECURRING} monthly) in ${fillSeconds.toFixed(0)} s`,
    );

    const token = await loginToken(api.base, DEMO_LOGINS[0].email, DEMO_LOGINS[0].password);
    const headers = { authorization: `Bearer ${token}` };
    const rows: Row[] = [{ case: 'fill (SQL, incl. indexes and aggregates)', value: fillSeconds, unit: 's' }];

    const time = async (label: string, pathAndQuery: string, runs = RUNS) => {
      const ms: number[] = [];
      let count: number | undefined;
      let metadata: Metadata | undefined;
      for (let i = 0; i < runs + 1; i++) {
        const started = performance.now();
        const res = await fetch(`${api!.base}/api/v1${pathAndQuery}`, { headers });
        const body = (await res.json()) as { metadata?: Metadata };
        if (!res.ok) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
        if (i > 0) ms.push(performance.now() - started); // the first one warms up
        count = body.metadata?.count;
        metadata = body.metadata;
      }
      ms.sort((a, b) => a - b);
      const row = {
        case: label,
        p50: quantile(ms, 0.5),
        p95: quantile(ms, 0.95),
        note: count === undefined ? '' : `count ${count}`,
      };
      rows.push(row);
      console.log(
        `${label.padEnd(58)} p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms  ${row.note}`,
      );
      return metadata;
    };

    await time('statistics (1M jar)', `/tipjars/${jarId}/statistics`);
    await time('statistics (platform)', '/tipjars/statistics');
    const deep = Math.floor(TIPS / 2);
    const page = (skip: number) => `skip=${skip}&limit=${skip + PAGE}`;
    for (const sortBy of ['', 'amount', 'created', 'updated', 'status']) {
      for (const desc of sortBy ? [false, true] : [false]) {
        const sort = sortBy ? `&sortBy=${sortBy}&sortDesc=${desc}` : '';
        const label = sortBy ? `${sortBy} ${desc ? 'desc' : 'asc'}` : 'default order';
        await time(`list ${label}, page 1`, `/tipjars/${jarId}/tips?${page(0)}${sort}`);
        const at = await time(`list ${label}, skip ${deep}`, `/tipjars/${jarId}/tips?${page(deep)}${sort}`);
        // The pages either side of that one by keyset (decision 041): what the web asks for on next/previous.
        await time(
          `list ${label}, next page at ${deep} by cursor`,
          `/tipjars/${jarId}/tips?${page(deep + PAGE)}${sort}&after=${at?.nextCursor}`,
        );
        await time(
          `list ${label}, previous page at ${deep} by cursor`,
          `/tipjars/${jarId}/tips?${page(deep - PAGE)}${sort}&before=${at?.prevCursor}`,
        );
      }
    }
    const month = '&from=2025-06-01&to=2025-06-30';
    await time('list status=completed, page 1', `/tipjars/${jarId}/tips?${page(0)}&status=completed`);
    await time(
      `list status=completed, skip ${Math.floor(deep / 2)}`,
      `/tipjars/${jarId}/tips?${page(Math.floor(deep / 2))}&status=completed`,
    );
    await time(
      'list status=refunded amount desc',
      `/tipjars/${jarId}/tips?${page(0)}&status=refunded&sortBy=amount&sortDesc=true`,
    );
    const monthPage = await time('list one month (created), page 1', `/tipjars/${jarId}/tips?${page(0)}${month}`);
    await time(
      'list one month, page 2 by cursor',
      `/tipjars/${jarId}/tips?${page(PAGE)}${month}&after=${monthPage?.nextCursor}`,
    );
    await time(
      'list one month, amount desc, page 10',
      `/tipjars/${jarId}/tips?${page(10 * PAGE)}${month}&sortBy=amount&sortDesc=true`,
    );
    await time('list completed in one month, page 1', `/tipjars/${jarId}/tips?${page(0)}${month}&status=completed`);
    await time('search rare word (~10 hits)', `/tipjars/${jarId}/tips?${page(0)}&search=koffiebonen`);
    await time('search surname (~2 %)', `/tipjars/${jarId}/tips?${page(0)}&search=Visser`);
    await time('search + status', `/tipjars/${jarId}/tips?${page(0)}&search=visser&status=completed`);
    await time('admin list all tips, page 1', `/tips?${page(0)}`);
    const allAt = await time(`admin list all tips, skip ${deep}`, `/tips?${page(deep)}`);
    await time(
      `admin list all tips, next page at ${deep} by cursor`,
      `/tips?${page(deep + PAGE)}&after=${allAt?.nextCursor}`,
    );

    // The export: one full download of the 1M jar, the API's peak RSS before and after.
    const pid = api.child.pid!;
    const hwmBefore = kib(pid, 'VmHWM');
    const rssBefore = kib(pid, 'VmRSS');
    // Reset the peak to the current RSS (Linux: clear_refs 5), so VmHWM afterwards is the export's peak.
    const reset = resetPeak(pid);
    const started = performance.now();
    // As a browser asks for it (brotli, else gzip); read as bench/download.ts explains.
    const got = await download(`${api.base}/api/v1/tips/export?tipjarId=${jarId}`, {
      ...headers,
      'accept-encoding': 'br, gzip',
    });
    if (got.status !== 200) throw new Error(`export: ${got.status}`);
    const seconds = (performance.now() - started) / 1000;
    const exported = got.lines - 1; // the header
    const hwm = kib(pid, 'VmHWM');
    rows.push(
      { case: 'export rows', value: exported, unit: 'rows' },
      { case: 'export time', value: seconds, unit: 's' },
      { case: 'export rows/s', value: Math.round(exported / seconds), unit: 'rows/s' },
      { case: 'export size', value: Math.round(got.bytes / 1e6), unit: 'MB' },
      { case: `export size on the wire (${got.encoding})`, value: Math.round(got.wireBytes / 1e6), unit: 'MB' },
      { case: 'API RSS before export (VmRSS)', value: Math.round(rssBefore / 1024), unit: 'MB' },
      { case: 'API peak RSS since start, before export', value: Math.round(hwmBefore / 1024), unit: 'MB' },
      {
        case: `API peak RSS ${reset ? 'during' : 'since start, after'} export (VmHWM)`,
        value: Math.round(hwm / 1024),
        unit: 'MB',
      },
    );
    console.log(
      `export: ${exported} rows, ${(got.bytes / 1e6).toFixed(0)} MB (${got.encoding}, ${(got.wireBytes / 1e6).toFixed(0)} MB sent) in ${seconds.toFixed(1)} s = ${Math.round(exported / seconds)} rows/s; ` +
        `API RSS ${Math.round(rssBefore / 1024)} MB before, peak ${Math.round(hwm / 1024)} MB ${reset ? 'during' : 'since start'}`,
    );

    const chargeRun = path.join(HERE, 'charge-run.ts');
    if (existsSync(chargeRun)) {
      const { benchChargeRun } = (await import(pathToFileURL(chargeRun).href)) as {
        benchChargeRun(opts: { databaseUrl: string; count: number }): Promise<Record<string, number>>;
      };
      const figures = await benchChargeRun({ databaseUrl, count: RECURRING });
      for (const [key, value] of Object.entries(figures)) rows.push({ case: `charge run: ${key}`, value });
      console.log('charge run:', figures);
      // The run has just updated every monthly tip and nothing has vacuumed since (decision 052).
      await time('statistics (1M jar) after the charge run', `/tipjars/${jarId}/statistics`);
    } else {
      console.log('charge run: not measured');
      rows.push({ case: 'charge run', note: 'not measured' });
    }

    console.table(
      rows.map((r) => ({
        case: r.case,
        'p50 ms': r.p50?.toFixed(1) ?? '',
        'p95 ms': r.p95?.toFixed(1) ?? '',
        value:
          r.value === undefined ? '' : `${Number.isInteger(r.value) ? r.value : r.value.toFixed(1)} ${r.unit ?? ''}`,
        note: r.note ?? '',
      })),
    );
    const out = path.join(HERE, 'results', 'scale.json');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(
      out,
      `${JSON.stringify({ date: new Date().toISOString(), tips: TIPS, recurring: RECURRING, runs: RUNS, rows }, null, 2)}\n`,
    );
    console.log(`written ${path.relative(ROOT, out)}`);
  } finally {
    await db.end().catch(() => {});
    if (api?.child.exitCode === null) {
      api.child.kill('SIGTERM');
      await new Promise((r) => api!.child.once('exit', r));
    }
    if (KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
