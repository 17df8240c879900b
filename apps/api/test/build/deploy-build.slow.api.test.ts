import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HOME_STRINGS_ELEMENT_ID } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { freePort, outputOf, startedListening, stopChild } from '../support/child-app.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { TEST_DB, withEmptyPostgresDatabase } from '../support/test-db.js';

/**
 * Issue 38, item 5 (decision 079): `npm run build` makes deploy/, which runs with production
 * dependencies only, from anywhere, and holds no simulator, demo data or dev tool.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DEPLOY = path.join(ROOT, 'deploy');
const run = promisify(execFile);
/** The build, an `npm install` of some 60 packages and a start on a loaded 2-core machine. */
const DEPLOY_MS = 600_000;

/** Only the simulator, the dev host's mail previews and its demo data have these. */
const DEV_ONLY = /OppSimulator|mountOppSimulator|sim_idempotency_keys|\/dev\/mails|MAIL_PREVIEW_PATH|seedDemo/;
const DEV_TOOLS = [
  'esbuild',
  'tsx',
  'pino-pretty',
  'vitest',
  'drizzle-kit',
  '@podpot/opp-simulator',
  'typescript',
  '@biomejs/biome',
  'playwright',
  '@playwright/test',
  'vite',
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('the deployable build (npm run build)', () => {
  let built: Promise<unknown> | undefined;
  // A web build the run already made is kept (apps/web/dist); the API's production bundle is always new.
  const build = () => {
    built ??= run(process.execPath, ['scripts/deploy-build.mjs', '--reuse-web'], { cwd: ROOT });
    return built;
  };

  it(
    'holds the production entries, the migrations, the web build, and no development code',
    async () => {
      await build();
      const files = (await filesUnder(DEPLOY)).map((f) => path.relative(DEPLOY, f).split(path.sep).join('/'));
      for (const file of [
        'package.json',
        'api/server.js',
        'api/worker.js',
        'api/migrate.js',
        'api/feeds.parse-worker.js',
        'api/drizzle/meta/_journal.json',
        'api/drizzle/0000_init.sql',
        'api/src/db/triggers/tips_aggregates_apply.sql',
        'web/dist/index.html',
        'web/dist/.ssr/server.mjs',
      ])
        expect(files, file).toContain(file);
      // The migrations' history names the simulator's old tables (0001 made them, 0009 dropped them):
      // that is the schema's past, not code.
      const code = files.filter((f) => !f.startsWith('api/drizzle/'));
      expect(code.filter((f) => /server\.dev|simulator|demo|mail-preview/.test(f))).toEqual([]);
      const devHits: string[] = [];
      for (const file of code) {
        const text = await readFile(path.join(DEPLOY, file), 'utf8');
        if (DEV_ONLY.test(text)) devHits.push(`${file}: ${text.match(DEV_ONLY)?.[0]}`);
      }
      expect(devHits).toEqual([]);

      const { dependencies, devDependencies } = JSON.parse(await readFile(path.join(DEPLOY, 'package.json'), 'utf8'));
      expect(devDependencies).toBeUndefined();
      expect(Object.keys(dependencies).filter((name) => DEV_TOOLS.includes(name))).toEqual([]);
      // What the bundle imports: the server, its database drivers and the server render's React.
      for (const name of ['fastify', 'pg', 'argon2', 'graphile-worker', 'react-dom', 'dejavu-fonts-ttf'])
        expect(dependencies, name).toHaveProperty(name);
      for (const version of Object.values(dependencies)) expect(version).toMatch(/^\d+\.\d+\.\d+/);
    },
    DEPLOY_MS,
  );

  it.skipIf(TEST_DB !== 'pg')(
    'copied out of the repository and installed with production dependencies only, it migrates and serves (TEST_DB=pg only: production needs PostgreSQL)',
    async () => {
      await build();
      const home = await mkdtemp(path.join(tmpdir(), 'podpot-deploy-'));
      let server: ChildProcess | undefined;
      try {
        await cp(DEPLOY, home, { recursive: true });
        await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
          cwd: home,
          // None of the npm settings of a run started by `npm run` (its prefix is the repository's).
          env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
          timeout: DEPLOY_MS,
        });
        await withEmptyPostgresDatabase(async (url) => {
          const port = await freePort();
          const env = {
            PATH: process.env.PATH,
            ...PRODUCTION_ENV,
            DATABASE_URL: url,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: path.join(home, 'data'),
            JOBS: 'off',
            MAIL_WORKER: 'off',
            LOG_LEVEL: 'warn',
          };
          const migrated = await run(process.execPath, ['api/migrate.js'], { cwd: home, env });
          expect(migrated.stdout).toMatch(/db:migrate: applied \d+ migrations/);

          server = spawn(process.execPath, ['api/server.js'], { cwd: home, env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = outputOf(server);
          await startedListening(server, output);
          const base = `http://127.0.0.1:${port}`;
          expect((await fetch(`${base}/healthz`)).status, output()).toBe(200);
          // The provider is the real sandbox, which this machine may not reach: the database must be ready.
          const ready = (await (await fetch(`${base}/readyz`)).json()) as { checks: Record<string, string> };
          expect(ready.checks.database, output()).toBe('ok');
          const faq = await fetch(`${base}/api/v1/faqitems`);
          expect(faq.status, output()).toBe(200);
          // The landing page, rendered by the server render build in web/dist/.ssr.
          const landing = await fetch(`${base}/`);
          expect(landing.status, output()).toBe(200);
          expect(await landing.text()).toContain(HOME_STRINGS_ELEMENT_ID);
          const asset = await fetch(`${base}/favicon.svg`);
          expect(asset.status, output()).toBe(200);
          await stopChild(server);
          expect(server.exitCode, output()).toBe(0);
          server = undefined;
        });
      } finally {
        if (server) server.kill('SIGKILL');
        await rm(home, { recursive: true, force: true });
      }
    },
    DEPLOY_MS * 2,
  );
});
