#!/usr/bin/env node
// The two test commands (docs/testing.md):
//
//   npm test            the fast gate: lint, typecheck, unit tests, the API suite once (on PostgreSQL
//                       when one answers, PGlite otherwise), the web build with its first-visit budget
//                       and the browser smoke set.
//   npm run test:full   everything the gate leaves out: the API suite on the other database, the slow
//                       API tests on both, the provider fault runs, every other browser test.
//
// CI (.ci/run) runs both, so every test runs once per tier and none twice. With CI=true a missing
// PostgreSQL, Redis or Chromium fails the run before any test; elsewhere the run goes on without it
// and says in one line per service what that left out. Each stage ends with its wall time, the run
// with "N passed, N failed, N skipped".
//
//   node scripts/test.mjs [gate|full|lint|unit|api|api-other|api-slow|faults|budget|smoke|e2e] [filters…]
//
// After a single stage, file filters: `node scripts/test.mjs api test/tips` runs those API files,
// `node scripts/test.mjs e2e episodes share` those browser specs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = mkdtempSync(path.join(tmpdir(), 'podpot-results-'));
const isCI = process.env.CI === 'true';
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Skipped tests per test file (path relative to the root), from every Vitest report of this run. */
const skippedByFile = new Map();
const failures = [];
const timings = [];

/** The API projects (vitest.config.ts): the fast ones share one module graph per worker where they can. */
const API_FAST = ['api', 'api-isolated'];
const API_SLOW = ['api-slow'];

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = { host: '127.0.0.1', port: 6379 };

function seconds(ms) {
  return `${Math.round(ms / 1000)} s`;
}

function run(name, cmd, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([name, Date.now() - started]);
  console.log(`━━ ${name}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${seconds(Date.now() - started)}`);
  if (res.status !== 0) failures.push(name);
  return res.status === 0;
}

/** Commands at once (e.g. the two big typechecks on two cores); fails the stage if any fails. */
async function runTogether(name, commands) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const codes = await Promise.all(
    commands.map(
      ([cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
          child.on('exit', (code) => resolve(code ?? 1));
        }),
    ),
  );
  const ok = codes.every((c) => c === 0);
  timings.push([name, Date.now() - started]);
  console.log(`━━ ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds(Date.now() - started)}`);
  if (!ok) failures.push(name);
}

function vitest(name, projects, env = {}, files = []) {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...files,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  run(name, 'npx', args, env);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const skipped = (file.assertionResults ?? []).filter((a) => a.status === 'pending' || a.status === 'skipped');
      const name = path.relative(root, file.name);
      if (skipped.length > 0) skippedByFile.set(name, (skippedByFile.get(name) ?? 0) + skipped.length);
    }
  }
}

/** "12 tests skipped: no Redis on 127.0.0.1:6379" — the tests a missing service left out, in one line each. */
function skipSummary() {
  const count = (match) => [...skippedByFile].filter(([file]) => match(file)).reduce((sum, [, n]) => sum + n, 0);
  const redis = services.redis ? 0 : count((f) => f.includes('.redis.'));
  const postgres = services.postgres ? 0 : count((f) => f.startsWith('apps/api/') && !f.includes('.redis.'));
  return [
    redis > 0 ? `${redis} tests skipped: no Redis on 127.0.0.1:6379` : null,
    postgres > 0 ? `${postgres} tests skipped: no PostgreSQL (the PostgreSQL-only API tests)` : null,
    browserLeftOut ? 'browser tests skipped: no Chromium' : null,
  ].filter(Boolean);
}

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** True when a Redis answers PING on 127.0.0.1:6379. */
function redisAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect(REDIS);
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

/**
 * The fault run (issue 11): the API test files about money run a second time with the simulator's
 * fault mode on (apps/opp-simulator/src/faults.ts) — notifications twice, swapped and late, 409s and
 * 5xx, creates that act and lose their answer — on each database. TEST_FAULTS overrides the plan
 * (`off` skips the run); SIM_FAULTS_SEED replays one (a seed is drawn and printed otherwise).
 * Left out: simulator-boundary (it asserts which tables exist; the simulator's own tests live in
 * apps/opp-simulator, decision 072), ideal-issuer and shared-secrets (no money moves), chaos (PostgreSQL child processes with a
 * world of its own), tips/tips (its money path, start + webhook, is what money/faults.api.test.ts
 * drives 24 times; the rest is validation and lists) and money/faults.api.test.ts, which turns faults
 * on itself in every run.
 */
const FAULT_PLAN = process.env.TEST_FAULTS ?? 'duplicate,reorder,delay,http409=0.2,http5xx=0.1,timeout=0.1';
const FAULT_FILES = [
  'apps/api/test/payments/addon-payment.api.test.ts',
  'apps/api/test/payments/notify-poke.api.test.ts',
  'apps/api/test/payments/provider-failure.api.test.ts',
  'apps/api/test/money/collections.api.test.ts',
  'apps/api/test/money/late-reversal.api.test.ts',
  'apps/api/test/money/mandate-retry.api.test.ts',
  'apps/api/test/money/money-check.api.test.ts',
  'apps/api/test/money/reconcile.api.test.ts',
  'apps/api/test/recurring-tips/mandate-first-payment.api.test.ts',
  'apps/api/test/recurring-tips/recurring-tips.api.test.ts',
];
const faultsOn = FAULT_PLAN.trim() !== '' && FAULT_PLAN.trim().toLowerCase() !== 'off';
const faultSeed = process.env.SIM_FAULTS_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const faultEnv = { SIM_FAULTS: FAULT_PLAN, SIM_FAULTS_SEED: faultSeed };
/** The ordinary runs never inherit a fault plan from the shell. */
const noFaults = { SIM_FAULTS: '' };

/**
 * Which side of each open question about OPP's answers the simulator plays (provider-modes.ts): the
 * gate's database plays the pessimistic one, the other database the optimistic one, so every money
 * test runs in both modes across the two commands without running twice in one.
 */
const PESSIMISTIC = { SIM_PROVIDER: 'pessimistic' };
const OPTIMISTIC = { SIM_PROVIDER: 'optimistic' };
const ON_PG = { TEST_DB: 'pg', TEST_DATABASE_URL: PG_URL, ...noFaults, ...PESSIMISTIC };
const ON_PGLITE = { TEST_DB: 'pglite', ...noFaults, ...OPTIMISTIC };

const stage = process.argv[2] ?? 'gate';
const filters = process.argv.slice(3);
const STAGES = ['gate', 'full', 'lint', 'unit', 'api', 'api-other', 'api-slow', 'faults', 'budget', 'smoke', 'e2e'];
if (!STAGES.includes(stage)) {
  console.error(`unknown stage ${stage}: one of ${STAGES.join(', ')}`);
  process.exit(2);
}
const gate = stage === 'gate';
const full = stage === 'full';

// The services, before any test: with CI=true each one missing fails the run here, naming it.
const services = { postgres: await postgresAnswers(), redis: await redisAnswers(), chromium: chromiumPath() };
const missing = [];
if (!services.postgres) {
  missing.push(
    `PostgreSQL at ${PG_URL.replace(/\/\/[^@]*@/, '//')}: the API suite runs on PGlite only, and its PostgreSQL-only tests (races, two processes, kill -9) do not run. .ci/run starts it with pg_ctlcluster; locally: start your PostgreSQL or set TEST_DATABASE_URL`,
  );
}
if (!services.redis) {
  missing.push(
    'Redis at 127.0.0.1:6379: the tests of limits shared by two servers through Redis (*.redis.api.test.ts) do not run. .ci/run starts it with `redis-server --daemonize yes --port 6379 --save ""`',
  );
}
if (!services.chromium) {
  missing.push(
    'Chromium (CHROMIUM_PATH or /usr/bin/chromium): the browser tests do not run. .ci/run installs it with `apt-get install -y chromium`',
  );
}
if (missing.length > 0) {
  for (const line of missing) console.log(`${isCI ? 'MISSING' : 'Not here'}: ${line}.`);
  if (isCI) {
    console.log('\nCI=true: every service must answer, so nothing is skipped silently. Run .ci/run, or start them.');
    process.exit(1);
  }
}

/** The gate's API database: PostgreSQL (production's) when it answers; the full run takes the other. */
const gateDb = services.postgres ? ON_PG : { ...ON_PGLITE, ...PESSIMISTIC };
const otherDb = services.postgres ? ON_PGLITE : null;

if (gate || stage === 'lint') {
  run('lint (biome)', 'npx', ['biome', 'check', '.']);
  run('layers: imports follow layers.json', 'node', ['scripts/layers.mjs']);
  run('docs: citations name pages and sections that exist', 'node', ['scripts/check-docs.mjs']);
  // The references build the shared packages once; the API and the web app (with its browser tests)
  // then check side by side.
  if (run('typecheck: domain, simulator (tsc -b)', 'npx', ['tsc', '-b', 'packages/domain', 'apps/opp-simulator'])) {
    await runTogether('typecheck: api and web + browser tests (tsc -b, at once)', [
      ['npx', ['tsc', '-b', 'apps/api']],
      ['npx', ['tsc', '-b', 'apps/web', 'apps/web/e2e']],
    ]);
  }
}
if (gate || stage === 'unit')
  vitest('unit: domain + simulator + web', ['domain', 'opp-simulator', 'web', 'web-isolated'], {}, filters);
if (gate || stage === 'api') {
  vitest(
    `api on ${gateDb.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'}, pessimistic provider`,
    API_FAST,
    gateDb,
    filters,
  );
}
if ((full || stage === 'api-other') && otherDb)
  vitest('api on PGlite, optimistic provider', API_FAST, otherDb, filters);
// The simulator's own tests ran on PGlite in the unit stage; its concurrency tests need PostgreSQL.
if ((full || stage === 'api-other') && services.postgres)
  vitest('simulator on PostgreSQL', ['opp-simulator'], ON_PG, filters);
if (full || stage === 'api-slow') {
  if (services.postgres) vitest('slow api tests on PostgreSQL, pessimistic provider', API_SLOW, ON_PG, filters);
  vitest('slow api tests on PGlite, optimistic provider', API_SLOW, ON_PGLITE, filters);
}
if ((full || stage === 'faults') && faultsOn) {
  console.log(
    `\nFault run: SIM_FAULTS=${FAULT_PLAN} SIM_FAULTS_SEED=${faultSeed} (replay: SIM_FAULTS_SEED=${faultSeed} node scripts/test.mjs faults)`,
  );
  vitest(
    'api on PGlite, provider faults, optimistic',
    API_FAST,
    { TEST_DB: 'pglite', ...OPTIMISTIC, ...faultEnv },
    FAULT_FILES,
  );
  if (services.postgres) {
    vitest('api on PostgreSQL, provider faults, pessimistic', API_FAST, { ...ON_PG, ...faultEnv }, FAULT_FILES);
  }
}
// One web build serves the first-visit budget (no browser needed) and the browser tests.
const needsBuild = gate || full || ['budget', 'smoke', 'e2e'].includes(stage);
const built = needsBuild && run('build the web app', 'npm', ['run', 'build', '-w', 'apps/web', '--silent']);
if (built && (gate || stage === 'budget')) {
  run("first-visit JS budget (a listener's /{slug})", 'node', ['scripts/first-visit-budget.mjs']);
}
const wantsBrowser = gate || full || stage === 'smoke' || stage === 'e2e';
const browserLeftOut = wantsBrowser && !services.chromium;
if (built && services.chromium && wantsBrowser) {
  // The gate runs the smoke set (@smoke in a test's title); the full run every other browser test.
  const which = gate || stage === 'smoke' ? ['--grep', '@smoke'] : full ? ['--grep-invert', '@smoke'] : [];
  const name =
    which[0] === '--grep' ? 'browser smoke set' : which.length ? 'browser tests (the rest)' : 'browser tests';
  const out = path.join(tmp, 'e2e.json');
  run(
    `${name} (Playwright + Chromium)`,
    'npx',
    ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...which, ...filters],
    {
      CHROMIUM_PATH: services.chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
  );
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    totals.passed += s.expected ?? 0;
    totals.failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
    totals.skipped += s.skipped ?? 0;
  }
}

rmSync(tmp, { recursive: true, force: true });
console.log('\nStages:');
for (const [name, ms] of timings) console.log(`  ${seconds(ms).padStart(6)}  ${name}`);
const total = timings.reduce((sum, [, ms]) => sum + ms, 0);
console.log(`  ${seconds(total).padStart(6)}  in all`);
for (const line of skipSummary()) console.log(line);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
