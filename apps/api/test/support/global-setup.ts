import { createPgliteDump, createPostgresTemplate, PG_TEMPLATE_ENV, PGLITE_DUMP_ENV } from './db-template.js';
import { adminDatabaseUrl, TEST_DB } from './test-db.js';

/**
 * Vitest globalSetup of the API projects: makes this run's migrated template database (PostgreSQL
 * or a PGlite dump, after TEST_DB) and names it to the workers through the environment, which they
 * inherit when they start. The API projects (api, api-isolated, api-slow) each run this file, in the
 * one Vitest process: they share one template through `globalThis`, dropped after the last of them.
 */
interface Shared {
  users: number;
  ready: Promise<{ env: Record<string, string>; dispose(): Promise<void> }>;
}

const KEY = Symbol.for('podpot.test.dbTemplate');
const holder = globalThis as unknown as Record<symbol, Shared | undefined>;

async function makeTemplate(): Promise<Awaited<Shared['ready']>> {
  if (TEST_DB === 'pg') {
    const template = await createPostgresTemplate(adminDatabaseUrl());
    return { env: { [PG_TEMPLATE_ENV]: template.name }, dispose: template.drop };
  }
  const dump = await createPgliteDump();
  return { env: { [PGLITE_DUMP_ENV]: dump.file }, dispose: async () => dump.remove() };
}

export async function setup(): Promise<() => Promise<void>> {
  let shared = holder[KEY];
  if (!shared) {
    shared = { users: 0, ready: makeTemplate() };
    holder[KEY] = shared;
  }
  shared.users++;
  const template = await shared.ready;
  Object.assign(process.env, template.env);
  return async () => {
    if (--shared.users > 0) return;
    holder[KEY] = undefined;
    for (const name of Object.keys(template.env)) delete process.env[name];
    await template.dispose();
  };
}
