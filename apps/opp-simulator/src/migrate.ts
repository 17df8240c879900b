import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type MigrationConfig, readMigrationFiles } from 'drizzle-orm/migrator';
import type { SimDb } from './host.js';

/**
 * Where the simulator's migrations are recorded: drizzle's own record format in a table of its own
 * (the host's migrations live in drizzle.__drizzle_migrations, so neither ever sees the other's).
 * drizzle.config.ts names the same table, so drizzle-kit agrees.
 */
export const SIM_MIGRATIONS = {
  migrationsFolder: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle'),
  migrationsSchema: 'drizzle',
  migrationsTable: '__opp_simulator_migrations',
} satisfies MigrationConfig;

/** The record table, as SQL. */
const RECORD = sql`${sql.identifier(SIM_MIGRATIONS.migrationsSchema)}.${sql.identifier(SIM_MIGRATIONS.migrationsTable)}`;
type Migration = ReturnType<typeof readMigrationFiles>[number];
type Executor = Pick<SimDb, 'execute'>;

/** Any fixed number: two processes mounting the simulator at once take turns. */
const LOCK_ID = 7_031_987;

/**
 * Applies the simulator's drizzle-kit migrations (../drizzle) the way drizzle's migrate() does —
 * the same files, the same record of what ran — but in ONE transaction under an advisory lock on the
 * handle the host gives: drizzle's migrate() opens a transaction of its own, which on a pool cannot
 * be held under a lock (and the simulator does not know its host's driver: node-postgres or PGlite).
 */
export async function migrateSimulator(db: SimDb): Promise<void> {
  const migrations = readMigrationFiles(SIM_MIGRATIONS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ID})`);
    await tx.execute(sql`create schema if not exists ${sql.identifier(SIM_MIGRATIONS.migrationsSchema)}`);
    await tx.execute(
      sql`create table if not exists ${RECORD} (id serial primary key, hash text not null, created_at bigint)`,
    );
    await adoptLegacyRecord(tx, migrations);
    const [last] = rowsOf<{ created_at: string | number }>(
      await tx.execute(sql`select created_at from ${RECORD} order by created_at desc limit 1`),
    );
    for (const migration of migrations) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await recordApplied(tx, migration);
    }
  });
}

/**
 * Databases migrated before the record moved to drizzle's format kept it in `sim_migrations` (one
 * row per applied migration, in journal order): carry those over so nothing runs twice, then drop it.
 */
async function adoptLegacyRecord(tx: Executor, migrations: Migration[]): Promise<void> {
  const [legacy] = rowsOf<{ present: boolean }>(
    await tx.execute(sql`select to_regclass('sim_migrations') is not null as present`),
  );
  if (!legacy?.present) return;
  const [applied] = rowsOf<{ n: string | number }>(await tx.execute(sql`select count(*) as n from sim_migrations`));
  for (const migration of migrations.slice(0, Number(applied?.n ?? 0))) {
    await recordApplied(tx, migration);
  }
  await tx.execute(sql`drop table sim_migrations`);
}

async function recordApplied(tx: Executor, migration: Migration): Promise<void> {
  await tx.execute(sql`insert into ${RECORD} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
}

/** node-postgres answers `{rows}`, PGlite too; keep both shapes working. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
