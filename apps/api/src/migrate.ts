import path from 'node:path';
import { EnvSchema } from './config/env-schema.js';
import { databaseProblems } from './config/production.js';
import { openDatabase } from './db/client.js';
import { committedMigrations } from './db/migrations.js';

/**
 * `npm run db:migrate`: applies the committed migrations (apps/api/drizzle) that the database has not,
 * under the migration lock, and exits (decision 077). PostgreSQL from DATABASE_URL; without it (outside
 * production) the embedded PGlite in DATA_DIR/pglite, the folder `npm start` uses (stop that first: PGlite
 * allows one process). Two at once are safe: the second waits for the lock and finds nothing due.
 * Production's web and worker processes never migrate; they refuse to start until this has run.
 */
async function main() {
  const parsed = EnvSchema.pick({ NODE_ENV: true, DATA_DIR: true, DATABASE_URL: true }).safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    console.error(`Invalid configuration:\n${lines.join('\n')}`);
    process.exit(1);
  }
  const env = parsed.data;
  const problems = env.NODE_ENV === 'production' ? databaseProblems(env) : [];
  if (problems.length > 0) {
    console.error(`Podpot will not migrate in production:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  const pgliteDir = path.join(path.resolve(env.DATA_DIR), 'pglite');
  const started = Date.now();
  const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir, poolSize: 1, migrations: 'apply' });
  await database.close();
  const where = database.driver === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${pgliteDir}`;
  const applied = database.migrationsApplied;
  const functions = database.triggerFunctionsApplied;
  const all = committedMigrations();
  if (applied.length > 0 || functions.length === 0)
    console.log(
      applied.length > 0
        ? `db:migrate: applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${applied.length > 3 ? `${applied[0]} … ${applied.at(-1)}` : applied.join(', ')}) on ${where} in ${Date.now() - started} ms`
        : `db:migrate: nothing to do, ${where} is up to date (${all.length} migrations, the last ${all.at(-1)?.tag})`,
    );
  // Trigger functions are put in from src/db/triggers after the migrations (decision 073).
  if (functions.length > 0)
    console.log(
      `db:migrate: put ${functions.length} trigger function${functions.length === 1 ? '' : 's'} in from src/db/triggers (${functions.join(', ')}) on ${where}`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
