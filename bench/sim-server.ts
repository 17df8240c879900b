/**
 * The OPP simulator in a process of its own, for the benchmarks: the API under load must not pay
 * for the provider's CPU, as it never does in production. Started by sim-process.ts as
 * `node --import tsx bench/sim-server.ts` with SIM_DATABASE_URL (PostgreSQL; empty = PGlite in
 * memory), SIM_API_KEY, SIM_NOTIFY_SECRET and SIM_LOG (an optional file for its warnings); prints one JSON line `{"port":…}` once
 * it listens on 127.0.0.1 (port 0), and stops on SIGTERM.
 */
import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { registerOppSimulator, type SimDb } from '@podpot/opp-simulator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.SIM_DATABASE_URL;
const pool = url ? new pg.Pool({ connectionString: url, max: Number(process.env.SIM_POOL_SIZE ?? 20) }) : null;
const db = (pool
  ? drizzleNodePg(pool, { casing: 'snake_case' })
  : drizzlePglite(new PGlite(), { casing: 'snake_case' })) as unknown as SimDb;
const logFile = process.env.SIM_LOG;
const write = (level: string) => (obj: object, msg?: string) => {
  if (logFile) appendFileSync(logFile, `${JSON.stringify({ level, msg, ...obj })}\n`);
};

const app = Fastify({ logger: false });
let base = '';
await registerOppSimulator(app, {
  key: app,
  db,
  log: { info: () => {}, warn: write('warn'), error: write('error') },
  settings: () => ({
    apiKey: process.env.SIM_API_KEY ?? '',
    notifySecret: process.env.SIM_NOTIFY_SECRET ?? '',
    publicUrl: base,
    apiBase: `${base}/sim/opp/v1`,
  }),
  exposeTestRoutes: true,
  retryBaseMs: 1000,
  // Monthly charges stay `planned` (no settling, no notification storm while a charge run is measured).
  settleMandateChargesMs: undefined,
  merchantLiveDelayMs: 0,
});
await app.listen({ port: 0, host: '127.0.0.1' });
base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool?.end())
    .finally(() => process.exit(0));
});
