import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedMigrations } from '../../src/db/migrations.js';
import { freePort, runScript, startChildApp } from '../support/child-app.js';
import { onAdmin } from '../support/db-template.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { TEST_DB, withEmptyPostgresDatabase } from '../support/test-db.js';

/**
 * Issue 38, items 1 and 4, as an operator meets them (decision 077): the server and `npm run db:migrate`
 * as processes (src/server.ts, src/migrate.ts through tsx, as the npm scripts run them).
 */
const ALL = committedMigrations().map((migration) => migration.tag);
/** Child processes through tsx on a loaded 2-core machine: a start has taken 40 s. */
const PROCESS_MS = 240_000;

/** Runs `script` with `env` in a fresh data folder (its PGlite, were one opened); its exit code and output. */
async function run(script: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'podpot-migrate-'));
  try {
    return await runScript(script, [], { DATA_DIR: dataDir, PORT: String(await freePort()), ...env });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('production without DATABASE_URL', () => {
  // '' is unset (an empty setting counts as none), whatever the test process's environment holds.
  const withoutDatabase = { ...PRODUCTION_ENV, DATABASE_URL: '' };

  it.each([
    ['the server', 'src/server.ts', 'start'],
    ['npm run db:migrate', 'src/migrate.ts', 'migrate'],
  ])(
    '%s exits non-zero, naming DATABASE_URL, before it opens any database',
    async (_name, script, verb) => {
      const result = await run(script, withoutDatabase);
      expect(result.code, result.output).not.toBe(0);
      expect(result.output).toContain(`Podpot will not ${verb} in production:\n  - DATABASE_URL is not set`);
      expect(result.output).not.toMatch(/\n\s+at /);
    },
    PROCESS_MS,
  );
});

describe.runIf(TEST_DB === 'pg')('a production deployment on a new PostgreSQL database', () => {
  it(
    'refuses to start before db:migrate; two migrators at once apply each migration once; then it starts',
    async () => {
      await withEmptyPostgresDatabase(async (url) => {
        const env = { ...PRODUCTION_ENV, DATABASE_URL: url, JOBS: 'off' };
        // The web process never migrates in production: it names the command and leaves the database empty.
        const refused = await run('src/server.ts', env);
        expect(refused.code, refused.output).not.toBe(0);
        expect(refused.output).toContain(`${ALL.length} migrations not applied`);
        expect(refused.output).toContain('Run `npm run db:migrate`');
        expect(refused.output).not.toMatch(/\n\s+at /);
        const tables = () =>
          onAdmin(url, async (db) => {
            const answer = await db.query(
              `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
            );
            return answer.rows[0].n as number;
          });
        expect(await tables()).toBe(0);

        const [first, second] = await Promise.all([run('src/migrate.ts', env), run('src/migrate.ts', env)]);
        expect(first.code, first.output).toBe(0);
        expect(second.code, second.output).toBe(0);
        const outputs = [first.output, second.output].sort();
        expect(
          outputs.filter((o) => o.includes(`applied ${ALL.length} migrations`)),
          outputs.join('\n'),
        ).toHaveLength(1);
        expect(
          outputs.filter((o) => o.includes('nothing to do')),
          outputs.join('\n'),
        ).toHaveLength(1);
        const recorded = await onAdmin(url, (db) =>
          db.query(
            'select count(*)::int as n, count(distinct created_at)::int as distinct from drizzle.__drizzle_migrations',
          ),
        );
        expect(recorded.rows[0]).toEqual({ n: ALL.length, distinct: ALL.length });

        const app = await startChildApp(url, env);
        try {
          expect((await fetch(`${app.url}/healthz`)).status, app.output()).toBe(200);
          expect((await fetch(`${app.url}/api/v1/openapi.json`)).status, app.output()).toBe(200);
        } finally {
          await app.stop();
        }
      });
    },
    PROCESS_MS * 2,
  );
});
