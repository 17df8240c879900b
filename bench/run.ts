/**
 * `npm run bench`: bounded load on loopback against the real app (PGlite, demo data) beside a bare
 * Fastify hello-world in the same run. Prints req/s, p50/p99 latency and the ratio to the baseline.
 * Each case runs BENCH_SECONDS (default 5) with BENCH_CONNECTIONS (default 10) connections.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/env.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { DEMO_LOGINS, seedDemoData } from '../apps/api/src/seed/demo.js';
import { createTestDatabase } from '../apps/api/test/support/test-db.js';
import { type BenchCase, extraCases } from './cases.js';

/** A fresh PostgreSQL database for the run (dropped afterwards), or null when none answers. */
async function createPostgresDatabase() {
  try {
    return await createTestDatabase('pg');
  } catch {
    return null;
  }
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function measure(c: BenchCase) {
  const result = await autocannon({
    url: c.url,
    method: c.method ?? 'GET',
    headers: c.headers,
    body: c.body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const errors = result.errors + result.non2xx;
  return { name: c.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

async function main() {
  const baseline = Fastify();
  baseline.get('/', async () => ({ hello: 'world' }));
  await baseline.listen({ port: 0, host: '127.0.0.1' });
  const baselineUrl = `http://127.0.0.1:${(baseline.server.address() as AddressInfo).port}/`;

  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-bench-'));
  // PostgreSQL (what production runs) when one answers, else the embedded PGlite.
  const pgDatabase = process.env.BENCH_DB === 'pglite' ? null : await createPostgresDatabase();
  const database = pgDatabase ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }));
  const config = loadConfig({}, { DATA_DIR: dataDir, PORT: 0, HOST: '127.0.0.1', LOG_LEVEL: 'silent', JOBS: 'off' });
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
  const rows = [];
  for (const c of cases) rows.push(await measure(c));
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
  await app.close();
  await baseline.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
