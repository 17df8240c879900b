#!/usr/bin/env node
// The one test command (`npm test`): lint, typecheck, then every test tier, and a closing
// "N passed, N failed" line. The API suite runs on PGlite and — when a PostgreSQL server answers
// (TEST_DATABASE_URL or 127.0.0.1:5432) — on PostgreSQL too, so both drivers stay green; the
// money files run once more per database with the simulator's fault mode on (the fault run below).
// The e2e stage builds the web app once, checks the storefront's first-visit JS against its budget
// (scripts/first-visit-budget.mjs), then runs the browser tests when a Chromium is found
// (CHROMIUM_PATH or /usr/bin/chromium); with CI=true a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = mkdtempSync(path.join(tmpdir(), 'podpot-results-'));
const isCI = process.env.CI === 'true';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(name);
  return res.status === 0;
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
  }
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
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
 * Left out: the simulator's own tests (simulator-provider, simulator-boundary: they assert its exact
 * answers), ideal-issuer and shared-secrets (no money moves), chaos (PostgreSQL child processes with a
 * world of its own), tips/tips (its money path, start + webhook, is what money/faults.api.test.ts
 * drives 24 times; the rest is validation and lists) and money/faults.api.test.ts, which turns faults
 * on itself in every run. About 2 minutes per database on the loaded 2-core machine.
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

const only = process.argv[2]; // optional: lint | unit | api | faults | e2e
// After the tier, optional file filters: `node scripts/test.mjs api test/tips` runs those API files on
// both databases, `node scripts/test.mjs e2e episodes share` those browser specs.
const filters = process.argv.slice(3);

if (!only || only === 'lint') {
  run('lint (biome)', 'npx', ['biome', 'check', '.']);
  run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
}
if (!only || only === 'unit') vitest('unit: domain + simulator + web', ['domain', 'opp-simulator', 'web'], {}, filters);
if (!only || only === 'api') {
  vitest('api on PGlite', ['api'], { TEST_DB: 'pglite', ...noFaults }, filters);
  const url = await postgresUrl();
  if (url) vitest('api on PostgreSQL', ['api'], { TEST_DB: 'pg', TEST_DATABASE_URL: url, ...noFaults }, filters);
  else if (isCI) {
    console.log(
      '\nPostgreSQL is not reachable on TEST_DATABASE_URL or 127.0.0.1:5432: the API suite ran on PGlite only.',
    );
  } else
    console.log('\nNo PostgreSQL answered on 127.0.0.1:5432 (or TEST_DATABASE_URL): API suite ran on PGlite only.');
}
if ((!only || only === 'faults') && faultsOn) {
  console.log(
    `\nFault run: SIM_FAULTS=${FAULT_PLAN} SIM_FAULTS_SEED=${faultSeed} (replay: SIM_FAULTS_SEED=${faultSeed} node scripts/test.mjs faults)`,
  );
  vitest('api on PGlite, provider faults', ['api'], { TEST_DB: 'pglite', ...faultEnv }, FAULT_FILES);
  const url = await postgresUrl();
  if (url) {
    vitest(
      'api on PostgreSQL, provider faults',
      ['api'],
      { TEST_DB: 'pg', TEST_DATABASE_URL: url, ...faultEnv },
      FAULT_FILES,
    );
  }
}
if (!only || only === 'e2e') {
  const specs = existsSync(path.join(root, 'apps/web/e2e'))
    ? readdirSync(path.join(root, 'apps/web/e2e')).filter((f) => f.endsWith('.spec.ts'))
    : [];
  const chromium = chromiumPath();
  // One build serves the first-visit budget (no browser needed) and the browser tests.
  run('build the web app', 'npm', ['run', 'build', '-w', 'apps/web', '--silent']);
  run("first-visit JS budget (a listener's /{slug})", 'node', ['scripts/first-visit-budget.mjs']);
  if (specs.length === 0) console.log('\nNo browser tests yet.');
  else if (!chromium) {
    const msg =
      'Browser tests skipped: no Chromium found. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.';
    console.log(`\n${msg}`);
    if (isCI) failures.push('browser tests (no Chromium in CI)');
  } else {
    const out = path.join(tmp, 'e2e.json');
    const args = ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...filters];
    run('browser tests (Playwright + Chromium)', 'npx', args, {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
      totals.passed += s.expected ?? 0;
      totals.failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
      totals.skipped += s.skipped ?? 0;
    }
  }
}

rmSync(tmp, { recursive: true, force: true });
console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
