/**
 * `node --import tsx bench/inject.ts`: the CPU time each hot path costs inside the app, without the
 * socket (Fastify's inject), against a bare Fastify hello-world the same way — the per-request work of
 * hooks, validation, serialization and the handler alone, steady on a loaded machine where req/s is not
 * (decision 027). PGlite in memory; the tip case is left out (its cost is the database and the provider).
 * BENCH_INJECT_REQUESTS (default 20000) per case, best of BENCH_INJECT_ROUNDS (default 5); BENCH_CASES as
 * in bench/run.ts (the baseline and the cases whose name holds a listed word).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { loadConfig } from '../apps/api/src/config/env.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { buildDevApp } from '../apps/api/src/dev/host.js';
import { totpCode } from '../apps/api/src/modules/two-step/two-step.codes.js';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_LOGINS, DEMO_TIPJAR_SLUG, seedDemoData } from '../apps/api/src/seed/demo.js';

const REQUESTS = Number(process.env.BENCH_INJECT_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_INJECT_ROUNDS ?? 5);

/** CPU µs per request of `request` through `app`, the best of ROUNDS rounds of REQUESTS each. */
async function cost(app: FastifyInstance, request: InjectOptions): Promise<number> {
  const first = await app.inject(request);
  if (first.statusCode !== 200) throw new Error(`bench: ${request.url} answered ${first.statusCode}: ${first.body}`);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      await app.inject(request);
      // A loop of awaited injects never leaves the microtask queue, so the immediates light-my-request
      // schedules per response (each holding its request and response) would pile up unrun: gigabytes
      // over a few rounds. Letting them run now and then keeps the heap as a server's.
      if (i % 256 === 255) await new Promise((resolve) => setImmediate(resolve));
    }
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / REQUESTS);
  }
  return best;
}

async function main() {
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-inject-'));
  const database = await openDatabase({});
  const config = loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS: 'off', MAIL_WORKER: 'off' });
  // The dev host: the simulator in this process, as before (no OPP_API_URL).
  const { app, ctx } = await buildDevApp({ config, db: database.db, logger: false });
  try {
    await seedDemoData(ctx);
    const [admin] = DEMO_LOGINS;
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: new URLSearchParams({ username: admin.email, password: admin.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // The demo admin has two-step login (decision 036): the second step with a code of the demo key.
    const { challenge } = login.json() as { challenge: string };
    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-step',
      payload: { challenge, code: totpCode(DEMO_ADMIN_TOTP_SECRET) },
    });
    const token = (second.json() as { access_token: string }).access_token;
    const browser = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'nl,en;q=0.8' };
    const cases: [string, FastifyInstance, InjectOptions][] = [
      ['bare Fastify hello-world (baseline)', bare, { url: '/' }],
      ['GET /api/v1/paymentmethods', app, { url: '/api/v1/paymentmethods', headers: browser }],
      [
        'GET /api/v1/users/me (bearer)',
        app,
        { url: '/api/v1/users/me', headers: { ...browser, authorization: `Bearer ${token}` } },
      ],
      [
        `GET /api/v1/tipjars?slug=${DEMO_TIPJAR_SLUG}`,
        app,
        { url: `/api/v1/tipjars?slug=${DEMO_TIPJAR_SLUG}`, headers: browser },
      ],
    ];
    console.log(`\nPodpot inject bench — CPU µs per request without the socket, best of ${ROUNDS} × ${REQUESTS}\n`);
    let base = 0;
    const only = process.env.BENCH_CASES?.split(',').filter(Boolean);
    for (const [name, target, request] of cases) {
      if (only && target !== bare && !only.some((word) => name.includes(word))) continue;
      const us = await cost(target, request);
      base ||= us;
      console.log(
        `${name.padEnd(44)}${us.toFixed(1).padStart(8)} µs${(us - base).toFixed(1).padStart(9)} µs above bare`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
