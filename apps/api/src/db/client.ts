import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
  db: Db;
  driver: 'postgres' | 'pglite';
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection (server restart, database dropped) emits 'error' on
    // the pool; unhandled, that would crash the process. The next query reconnects or reports it.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
    // Two instances starting at once must not both migrate: hold an advisory lock meanwhile.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migrateNodePg(drizzleNodePg(client, { schema, casing: 'snake_case' }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
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
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}
