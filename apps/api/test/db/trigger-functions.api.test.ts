import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../src/db/client.js';
import { type MigrationSession, MigrationsBehindError } from '../../src/db/migrations.js';
import {
  applyTriggerFunctions,
  definedTriggerFunctions,
  readTriggerFunctions,
} from '../../src/db/trigger-functions.js';
import { createTestDatabase } from '../support/test-db.js';

/**
 * Each function the triggers run is defined by one file, src/db/triggers/<name>.sql (decision 073),
 * and a migrated database holds exactly what the file says — on the database of the run (TEST_DB:
 * PGlite or PostgreSQL; the gate and the full run take one each). The test database is a copy of the
 * run's freshly migrated template, migrated by openDatabase like any start.
 */
let database: Database & { url?: string };
let session: MigrationSession;
beforeAll(async () => {
  database = await createTestDatabase();
  session = { query: async <T>(text: string) => ({ rows: await rowsOf<T>(database.db, sql.raw(text)) }) };
});
afterAll(() => database.close());

/** `from` opened again as `migrations` says (PGlite: a copy of it as it is now). */
async function reopen(from: Database & { url?: string }, migrations: 'apply' | 'check'): Promise<Database> {
  if (from.url) return openDatabase({ url: from.url, poolSize: 1, migrations });
  const client = (from.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  return openDatabase({ pgliteDump: await client.dumpDataDir('none'), migrations });
}

/** Another body for tips_aggregates_truncate: what a database migrated by an older version might hold. */
const replaceTruncateBody = () =>
  database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION tips_aggregates_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END
$$`),
  );

const files = readTriggerFunctions();
const names = files.map((f) => f.name);

describe('trigger functions', () => {
  it('the migrated database defines each function exactly as its file does', async () => {
    expect(names).toEqual([
      'audit_log_append_only',
      'recurring_tip_totals_apply',
      'recurring_tip_totals_truncate',
      'tip_list_buckets',
      'tips_aggregates_apply',
      'tips_aggregates_truncate',
      'tips_positions_apply',
      'tips_positions_truncate',
    ]);
    const defined = await definedTriggerFunctions(session, names);
    for (const { name, statement } of files) expect(defined.get(name), name).toBe(statement);
    // The plain text of the body, too, as pg_proc keeps it.
    const bodies = await rowsOf<{ name: string; body: string }>(
      database.db,
      sql`select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = current_schema() and p.proname in (${sql.join(
            names.map((name) => sql`${name}`),
            sql`, `,
          )})`,
    );
    expect(bodies).toHaveLength(names.length);
    for (const { name, body } of bodies) {
      const statement = files.find((f) => f.name === name)!.statement;
      expect(statement, name).toContain(`\nAS $function$${body}$function$`);
    }
  });

  it('every trigger of the database runs a function that has its file', async () => {
    const used = await rowsOf<{ name: string }>(
      database.db,
      sql`select distinct p.proname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
          where not t.tgisinternal order by 1`,
    );
    expect(used.length).toBeGreaterThan(0);
    for (const { name } of used) expect(names, name).toContain(name);
  });

  it('puts back a function the database holds in another form, and leaves the rest alone', async () => {
    expect(await applyTriggerFunctions(session)).toEqual([]);
    await replaceTruncateBody();
    expect(await applyTriggerFunctions(session)).toEqual(['tips_aggregates_truncate']);
    const defined = await definedTriggerFunctions(session, names);
    for (const { name, statement } of files) expect(defined.get(name), name).toBe(statement);
    expect(await applyTriggerFunctions(session)).toEqual([]);
  });

  it('a production process refuses a database whose function is not its file; migrating puts it back', async () => {
    await replaceTruncateBody();
    const refused = await reopen(database, 'check').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(MigrationsBehindError);
    expect((refused as Error).message).toBe(
      'The database is behind this version of Podpot: 1 trigger function not as its file says (tips_aggregates_truncate). ' +
        'Run `npm run db:migrate` (with the same DATABASE_URL), then start again.',
    );
    const migrated = await reopen(database, 'apply');
    try {
      expect(migrated.migrationsApplied).toEqual([]);
      expect(migrated.triggerFunctionsApplied).toEqual(['tips_aggregates_truncate']);
      const checked = await reopen({ ...migrated, url: database.url }, 'check');
      expect(checked.triggerFunctionsApplied).toEqual([]);
      await checked.close();
    } finally {
      await migrated.close();
    }
    await applyTriggerFunctions(session);
  });
});

/** Migrations up to this one defined the functions; since then their files do (decision 073). */
const LAST_MIGRATION_BEFORE_FILES = 33;
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

describe('migrations and the trigger functions', () => {
  it('no later migration redefines a function that has its file (a new one may create its own once)', () => {
    const migrations = readdirSync(MIGRATIONS)
      .filter((file) => /^\d{4}_.*\.sql$/.test(file))
      .sort()
      .map((file) => ({
        index: Number(file.slice(0, 4)),
        file,
        text: readFileSync(path.join(MIGRATIONS, file), 'utf8'),
      }));
    for (const name of names) {
      const defining = migrations.filter((m) =>
        new RegExp(`CREATE\\s+(OR\\s+REPLACE\\s+)?FUNCTION\\s+("?public"?\\.)?"?${name}"?\\s*\\(`, 'i').test(m.text),
      );
      expect(defining.length, `${name}: created by a migration`).toBeGreaterThan(0);
      const later = defining.filter((m) => m.index > LAST_MIGRATION_BEFORE_FILES);
      const createdLater = defining.length === 1 && later.length === 1;
      expect(
        later.length === 0 || createdLater,
        `${name} is redefined by ${later.map((m) => m.file).join(', ')}: change src/db/triggers/${name}.sql instead`,
      ).toBe(true);
    }
  });
});
