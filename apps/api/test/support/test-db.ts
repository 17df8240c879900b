import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Database, openDatabase } from '../../src/db/client.js';
import { databaseUrl, onAdmin, PG_TEMPLATE_ENV, PGLITE_DUMP_ENV } from './db-template.js';

/** Which database the API suite runs on: TEST_DB=pg or pglite (default pglite). */
export const TEST_DB = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

let pgliteDump: Blob | undefined;

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database (dropped afterwards)
 * or a new in-memory PGlite. Both start from the run's migrated template when the API projects'
 * globalSetup made one (support/global-setup.ts); openDatabase's migrations then find nothing to do.
 */
export async function createTestDatabase(driver: 'pg' | 'pglite' = TEST_DB): Promise<Database & { url?: string }> {
  if (driver !== 'pg') {
    const dumpFile = process.env[PGLITE_DUMP_ENV];
    if (dumpFile) pgliteDump ??= new Blob([readFileSync(dumpFile)]);
    return openDatabase({ pgliteDump });
  }
  return createPostgresDatabase(
    `podpot_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`,
    5,
    process.env[PG_TEMPLATE_ENV],
  );
}

/**
 * A new PostgreSQL database `name` (replacing one left over), migrated; `close()` drops it. Also the
 * benches'. With `template`, a copy of that (migrated) database: no schema to build.
 */
export async function createPostgresDatabase(
  name: string,
  poolSize: number,
  template?: string,
): Promise<Database & { url: string }> {
  const adminUrl = adminDatabaseUrl();
  await onAdmin(adminUrl, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  });
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url, poolSize });
  return {
    ...database,
    /** For tests that start app servers in child processes on the same database. */
    url,
    async close() {
      await database.close();
      await onAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A new, empty PostgreSQL database (not migrated) for `work`, dropped afterwards: what an operator starts from. */
export async function withEmptyPostgresDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const adminUrl = adminDatabaseUrl();
  const name = `podpot_empty_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  try {
    return await work(databaseUrl(adminUrl, name));
  } finally {
    await onAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  }
}
