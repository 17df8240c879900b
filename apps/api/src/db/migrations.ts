import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MigrationSession } from './migration-session.js';
import { applyTriggerFunctions, staleTriggerFunctions } from './trigger-functions.js';

/**
 * The API's migrations as a step of their own (decision 077): `npm run db:migrate` applies them, and
 * production's web and worker processes only check that nothing is due. Outside production a process
 * still applies them at start, under the same lock.
 */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * The key of the PostgreSQL advisory lock every migrator holds while it migrates: two at once (two
 * processes starting, or `npm run db:migrate` twice) take turns, and the second finds nothing due.
 */
export type { MigrationSession };

export const MIGRATION_LOCK_KEY = 727274;

interface JournalEntry {
  tag: string;
  when: number;
}

/** The committed migrations, in order: drizzle-kit's journal beside the SQL files. */
export function committedMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The committed migrations the database has not applied, by drizzle's own rule: every one newer than
 * the newest row of `drizzle.__drizzle_migrations` (the migrator applies exactly these).
 */
export async function dueMigrations(session: MigrationSession): Promise<string[]> {
  const [table] = (
    await session.query<{ name: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as name`)
  ).rows;
  let newest = Number.NEGATIVE_INFINITY;
  if (table?.name) {
    const [row] = (
      await session.query<{ newest: string | null }>(
        'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
      )
    ).rows;
    if (row?.newest) newest = Number(row.newest);
  }
  return committedMigrations()
    .filter((migration) => migration.when > newest)
    .map((migration) => migration.tag);
}

/** What migrating applied: the migrations' tags and the trigger functions put in from their files. */
export interface Migrated {
  migrations: string[];
  triggerFunctions: string[];
}

/**
 * Runs `migrate` (drizzle's migrator on this same connection) under the migration lock, if anything is
 * due, then puts in each trigger function the database holds in another form than its file
 * (db/trigger-functions.ts, decision 073); answers what it applied.
 */
export async function migrateUnderLock(session: MigrationSession, migrate: () => Promise<void>): Promise<Migrated> {
  await session.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  try {
    const due = await dueMigrations(session);
    if (due.length > 0) await migrate();
    return { migrations: due, triggerFunctions: await applyTriggerFunctions(session) };
  } finally {
    await session.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => {});
  }
}

/**
 * A database whose applied migrations are behind the code's, or whose trigger functions are not what
 * their files say (decision 073): production refuses to start on it.
 */
export class MigrationsBehindError extends Error {
  constructor(due: readonly string[], staleFunctions: readonly string[] = []) {
    const shown = due.length > 3 ? [...due.slice(0, 3), `… ${due.length - 3} more`] : due;
    const behind = [
      due.length > 0
        ? `${due.length} migration${due.length === 1 ? '' : 's'} not applied (${shown.join(', ')})`
        : undefined,
      staleFunctions.length > 0
        ? `${staleFunctions.length} trigger function${staleFunctions.length === 1 ? '' : 's'} not as ${staleFunctions.length === 1 ? 'its file says' : 'their files say'} (${staleFunctions.join(', ')})`
        : undefined,
    ].filter((part) => part !== undefined);
    super(
      `The database is behind this version of Podpot: ${behind.join('; ')}. ` +
        'Run `npm run db:migrate` (with the same DATABASE_URL), then start again.',
    );
    this.name = 'MigrationsBehindError';
    // A state of the database, not a fault in the code: printed as its message, without a stack.
    this.stack = `${this.name}: ${this.message}`;
  }
}

/**
 * Throws MigrationsBehindError when a committed migration is not applied yet, or (all applied) a
 * trigger function is not what its file says.
 */
export async function assertMigrated(session: MigrationSession): Promise<void> {
  const due = await dueMigrations(session);
  if (due.length > 0) throw new MigrationsBehindError(due);
  const stale = await staleTriggerFunctions(session);
  if (stale.length > 0)
    throw new MigrationsBehindError(
      [],
      stale.map((f) => f.name),
    );
}
