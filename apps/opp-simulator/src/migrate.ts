import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { SimDb } from './host.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
/** Any fixed number: two processes mounting the simulator at once take turns. */
const LOCK_ID = 7_031_987;

/**
 * Applies the simulator's own migrations (drizzle-kit SQL in ../drizzle), recorded in its own
 * `sim_migrations` table: the host's migrations never see a simulator table. Driver-neutral
 * (node-postgres and PGlite), one transaction under an advisory lock.
 */
export async function migrateSimulator(db: SimDb): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ID})`);
    await tx.execute(
      sql`create table if not exists sim_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    );
    const done = await tx.execute<{ tag: string }>(sql`select tag from sim_migrations`);
    const applied = new Set(rowsOf<{ tag: string }>(done).map((r) => r.tag));
    for (const { tag } of journal.entries) {
      if (applied.has(tag)) continue;
      const file = readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8');
      for (const statement of file.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into sim_migrations (tag) values (${tag})`);
    }
  });
}

/** node-postgres answers `{rows}`, PGlite too; keep both shapes working. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
