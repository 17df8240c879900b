import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.js';

/** Which database the API suite runs on: TEST_DB=pg or pglite (default pglite). */
export const TEST_DB = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database (dropped afterwards)
 * or a new in-memory PGlite.
 */
export async function createTestDatabase(driver: 'pg' | 'pglite' = TEST_DB): Promise<Database & { url?: string }> {
  if (driver !== 'pg') return openDatabase({});
  return createPostgresDatabase(`podpot_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`, 5);
}

/** A new PostgreSQL database `name` (replacing one left over), migrated; `close()` drops it. Also the benches'. */
export async function createPostgresDatabase(name: string, poolSize: number): Promise<Database & { url: string }> {
  const adminUrl = adminDatabaseUrl();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize });
  return {
    ...database,
    /** For tests that start app servers in child processes on the same database. */
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
