import { mkdirSync } from 'node:fs';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  assertMigrated,
  MIGRATIONS_FOLDER,
  type Migrated,
  type MigrationSession,
  migrateUnderLock,
} from './migrations.js';
import { publicReadsWatch } from './public-writes.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The database handle every repository takes; the same type for PostgreSQL and PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function works inside or outside a transaction. */
export type DbOrTx = Db | Tx;

/** The rows of a raw statement (`db.execute`), typed as the caller says: both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export interface Database {
  /**
   * Every write through it to a table public answers are read from drops them (the write hook
   * publicReadsWatch of db/public-writes.ts, decision 073).
   */
  db: Db;
  driver: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** The migrations this open applied (none when nothing was due, or when it only checked). */
  migrationsApplied: readonly string[];
  /** The trigger functions this open put in from their files (db/trigger-functions.ts, decision 073). */
  triggerFunctionsApplied: readonly string[];
}

export interface OpenDatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omitted = in memory. */
  pgliteDir?: string;
  /**
   * A PGlite data directory dumped earlier (`dumpDataDir`) to start from instead of an empty one:
   * the tests load one migrated database per run this way, which is much faster than initdb.
   */
  pgliteDump?: Blob;
  poolSize?: number;
  /** Told about errors of idle PostgreSQL connections (logged by the server). */
  onIdleError?: (err: Error) => void;
  /**
   * `apply` (default): apply the migrations that are due, under the migration lock (development, the
   * tests, `npm run db:migrate`). `check`: apply nothing and reject with MigrationsBehindError when any
   * is due — production's processes, which leave migrating to `npm run db:migrate` (decision 077).
   */
  migrations?: 'apply' | 'check';
}

/** Opens the database and brings its schema up to date with the committed migrations (or checks that it is). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection (server restart, database dropped) emits 'error' on
    // the pool; unhandled, that would crash the process. The next query reconnects or reports it.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case', cache: publicReadsWatch });
    // One connection for the session's advisory lock and the migrator's statements.
    let migrated: Migrated;
    try {
      const client = await pool.connect();
      try {
        migrated = await upToDate(options.migrations, client, () =>
          migrateNodePg(drizzleNodePg(client, { schema, casing: 'snake_case' }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          }),
        );
      } finally {
        client.release();
      }
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end(), ...appliedOf(migrated) };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // Loaded only here: a process on PostgreSQL never holds PGlite's JavaScript (decision 048).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // pg_trgm: the trigram indexes of tip search (migration 0013 creates them where it is available).
  const client = new PGlite({ dataDir: options.pgliteDir, loadDataDir: options.pgliteDump, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, casing: 'snake_case', cache: publicReadsWatch });
  let migrated: Migrated;
  try {
    migrated = await upToDate(options.migrations, client, () =>
      migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    );
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close(), ...appliedOf(migrated) };
}

/**
 * Applies what is due under the migration lock (the migrations, then the trigger functions as their
 * files say, decision 073), or only checks that nothing is.
 */
async function upToDate(
  mode: OpenDatabaseOptions['migrations'],
  session: MigrationSession,
  migrate: () => Promise<void>,
): Promise<Migrated> {
  if (mode !== 'check') return migrateUnderLock(session, migrate);
  await assertMigrated(session);
  return { migrations: [], triggerFunctions: [] };
}

const appliedOf = (migrated: Migrated) => ({
  migrationsApplied: migrated.migrations,
  triggerFunctionsApplied: migrated.triggerFunctions,
});
