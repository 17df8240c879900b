import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MigrationSession } from './migration-session.js';

/**
 * The functions the database's triggers run (the kept aggregates of tips and monthly tips, the audit
 * log's guard) and the one they call (tip_list_buckets), each defined by ONE file,
 * `triggers/<name>.sql` (decision 073): a `CREATE OR REPLACE FUNCTION` statement as
 * pg_get_functiondef prints it, without the schema, after a comment. Migrations created them and
 * their triggers; what a function does now is its file, not the last migration that replaced it.
 * Migrating (db/migrations.ts migrateUnderLock) puts every file whose function the database holds in
 * another form into it after the migrations, and production's check refuses a database that holds
 * another (assertMigrated): a change of a function is a change of its file.
 */
export const TRIGGER_FUNCTIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'triggers');

export interface TriggerFunction {
  name: string;
  /** The CREATE OR REPLACE FUNCTION statement (no comment, no trailing semicolon). */
  statement: string;
}

/** Every file of TRIGGER_FUNCTIONS_DIR, by function name. */
export function readTriggerFunctions(): TriggerFunction[] {
  return readdirSync(TRIGGER_FUNCTIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.sql'.length);
      // Written into a statement below: a plain lower-case identifier only.
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`${file}: not a function's name`);
      return { name, statement: statementOf(readFileSync(path.join(TRIGGER_FUNCTIONS_DIR, file), 'utf8')) };
    });
}

/** A file's statement: its leading comment lines and the final semicolon left out. */
function statementOf(text: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('--'));
  return lines.slice(start).join('\n').trimEnd().replace(/;$/, '');
}

/**
 * How the database defines each of `names` in the current schema, as its file would say it
 * (pg_get_functiondef without the schema); a function it lacks is not in the map.
 */
export async function definedTriggerFunctions(
  session: MigrationSession,
  names: string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const { rows } = await session.query<{ name: string; definition: string }>(
    `select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema() and p.proname in (${names.map((name) => `'${name}'`).join(', ')})`,
  );
  return new Map(
    rows.map((row) => [
      row.name,
      row.definition
        .replace(/^CREATE OR REPLACE FUNCTION ("[^"]+"|[^".(]+)\./, 'CREATE OR REPLACE FUNCTION ')
        .trimEnd(),
    ]),
  );
}

/** The trigger functions the database holds in another form than their files (or not at all). */
export async function staleTriggerFunctions(session: MigrationSession): Promise<TriggerFunction[]> {
  const functions = readTriggerFunctions();
  const defined = await definedTriggerFunctions(
    session,
    functions.map((f) => f.name),
  );
  return functions.filter(({ name, statement }) => defined.get(name) !== statement);
}

/**
 * Puts each trigger function whose definition in the database is not its file's into the database
 * (CREATE OR REPLACE FUNCTION from the file) and answers their names; a database that holds every
 * file already is only read. Runs after the migrations, under their lock.
 */
export async function applyTriggerFunctions(session: MigrationSession): Promise<string[]> {
  const stale = await staleTriggerFunctions(session);
  for (const { statement } of stale) await session.query(statement);
  return stale.map((f) => f.name);
}
