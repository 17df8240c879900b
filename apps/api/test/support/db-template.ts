import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.js';

/**
 * One migrated database per test run, which every test file's database starts from: migrating (and,
 * on PGlite, initdb) per file cost about a second on PostgreSQL and 12–14 s on PGlite under load.
 * The names travel to the test workers in these environment variables (set before they start).
 * Only the app's migrations: the OPP simulator's tables exist only where it is mounted (it migrates
 * itself then; test/payments/simulator-boundary.api.test.ts holds an API on a real provider to that).
 */
export const PG_TEMPLATE_ENV = 'PODPOT_TEST_PG_TEMPLATE';
export const PGLITE_DUMP_ENV = 'PODPOT_TEST_PGLITE_DUMP';

/** A PostgreSQL database's url on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection to the server's admin database, closed afterwards. */
export async function onAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Makes a migrated PostgreSQL template database with a name of its own (two runs at once never
 * share one) and returns its name and how to drop it. Nothing stays connected to it:
 * `CREATE DATABASE … TEMPLATE` refuses a template that has sessions.
 */
export async function createPostgresTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `podpot_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  // openDatabase migrates; closing it leaves no session on the template.
  await (await openDatabase({ url: databaseUrl(adminUrl, name), poolSize: 1 })).close();
  return {
    name,
    drop: () =>
      onAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/** Makes a migrated PGlite, dumps its data directory to a file and returns the file and how to remove it. */
export async function createPgliteDump(): Promise<{ file: string; remove(): void }> {
  const database = await openDatabase({});
  let dump: Blob;
  try {
    // Not compressed: loading it is what every test file pays for, and gunzip only slows that.
    dump = await (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client.dumpDataDir(
      'none',
    );
  } finally {
    await database.close();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'podpot-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
