import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { type Database, type OpenDatabaseOptions, openDatabase, rowsOf } from '../../src/db/client.js';
import {
  committedMigrations,
  dueMigrations,
  type MigrationSession,
  MigrationsBehindError,
} from '../../src/db/migrations.js';
import { onAdmin } from '../support/db-template.js';
import { PRODUCTION_ENV } from '../support/production-env.js';
import { createTestDatabase, TEST_DB, withEmptyPostgresDatabase } from '../support/test-db.js';

/**
 * Issue 38, items 1 and 4 (decision 077): production refuses to start without DATABASE_URL, and its
 * processes refuse a database whose migrations are behind the code's instead of migrating it; outside
 * production a process still migrates at start, under the migration lock.
 */
const ALL = committedMigrations().map((migration) => migration.tag);
const NEWEST = ALL.at(-1)!;

describe('production needs a real database', () => {
  const { DATABASE_URL: _unset, ...withoutDatabase } = PRODUCTION_ENV;

  it('the config loader refuses production without DATABASE_URL, and names it', () => {
    // Every other production setting given: DATABASE_URL is the one problem listed.
    expect(() => loadConfig(withoutDatabase)).toThrow(
      /^Podpot will not start in production:\n {2}- DATABASE_URL is not set: [^\n]*never runs on the embedded PGlite$/,
    );
    expect(() => loadConfig({ ...withoutDatabase, DATABASE_URL: 'mysql://podpot@db.invalid/podpot' })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ \(or postgresql:\/\/\) address/,
    );
    expect(loadConfig({ ...withoutDatabase, DATABASE_URL: 'postgresql://db.invalid/podpot' }).DATABASE_URL).toBe(
      'postgresql://db.invalid/podpot',
    );
    // Listed with the other missing settings when several are missing.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL is not set[\s\S]*JWT_SECRET is not set/);
  });

  it('outside production the embedded PGlite stays the default', () => {
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).DATABASE_URL).toBeUndefined();
  });
});

/** An open database as the migrator's session (a statement and its rows). */
function sessionOf(database: Database): MigrationSession {
  return { query: async <T>(text: string) => ({ rows: await rowsOf<T>(database.db, sql.raw(text)) }) };
}

describe(`a production process checks, never migrates (${TEST_DB})`, () => {
  let migrated: Database & { url?: string };
  beforeAll(async () => {
    migrated = await createTestDatabase();
  });
  afterAll(() => migrated?.close());

  /** The same database opened again the way a production process opens it (PGlite: a copy of it as it is now). */
  async function openChecked(database: Database & { url?: string }): Promise<Database> {
    const options: OpenDatabaseOptions = { migrations: 'check', poolSize: 1 };
    if (database.url) return openDatabase({ ...options, url: database.url });
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    return openDatabase({ ...options, pgliteDump: await client.dumpDataDir('none') });
  }

  it('opens a database that has every migration, applying nothing', async () => {
    expect(await dueMigrations(sessionOf(migrated))).toEqual([]);
    const checked = await openChecked(migrated);
    expect(checked.migrationsApplied).toEqual([]);
    await checked.close();
  });

  it('refuses a database one migration behind, naming it and the command to run', async () => {
    const behind = await createTestDatabase();
    try {
      await behind.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await dueMigrations(sessionOf(behind))).toEqual([NEWEST]);
      const refused = await openChecked(behind).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(MigrationsBehindError);
      expect((refused as Error).message).toBe(
        `The database is behind this version of Podpot: 1 migration not applied (${NEWEST}). ` +
          'Run `npm run db:migrate` (with the same DATABASE_URL), then start again.',
      );
      // What a server prints of it (console.error): the message, no stack.
      expect((refused as Error).stack).toBe(`MigrationsBehindError: ${(refused as Error).message}`);
    } finally {
      await behind.close();
    }
  });

  it.runIf(TEST_DB === 'pg')('refuses an empty database and creates nothing in it', async () => {
    await withEmptyPostgresDatabase(async (url) => {
      await expect(openDatabase({ url, poolSize: 1, migrations: 'check' })).rejects.toThrow(
        new RegExp(
          `${ALL.length} migrations not applied \\(${ALL[0]}, ${ALL[1]}, ${ALL[2]}, … ${ALL.length - 3} more\\)`,
        ),
      );
      const tables = await onAdmin(url, (db) =>
        db.query(
          `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
        ),
      );
      expect(tables.rows[0].n).toBe(0);
    });
  });
});

describe.runIf(TEST_DB === 'pg')('two migrators at once on a fresh PostgreSQL database', () => {
  it('both succeed and every migration is applied once', async () => {
    await withEmptyPostgresDatabase(async (url) => {
      const both = await Promise.all([
        openDatabase({ url, poolSize: 1, migrations: 'apply' }),
        openDatabase({ url, poolSize: 1, migrations: 'apply' }),
      ]);
      try {
        // One took the lock and applied all of them; the other waited and found nothing due.
        expect(both.map((d) => d.migrationsApplied.length).sort((a, b) => a - b)).toEqual([0, ALL.length]);
        const [recorded] = await rowsOf<{ rows: number; migrations: number }>(
          both[0]!.db,
          sql`select count(*)::int as rows, count(distinct created_at)::int as migrations from drizzle.__drizzle_migrations`,
        );
        expect(recorded).toEqual({ rows: ALL.length, migrations: ALL.length });
        expect(await dueMigrations(sessionOf(both[1]!))).toEqual([]);
      } finally {
        await Promise.all(both.map((d) => d.close()));
      }
    });
  });
});
