import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/db/migrations.js';

/**
 * Issue 38, item 4 (decision 077): `npm run db:generate` on a clean tree writes nothing — drizzle-kit's
 * latest snapshot (drizzle/meta) is the schema in src/db/schema. Run against a copy of the migrations
 * folder, so it never writes into the tree. Fails when the schema changed without its migration too
 * (then: `npm run db:generate`, and commit the SQL and the snapshot it writes).
 */
const API_ROOT = path.resolve(MIGRATIONS_FOLDER, '..');
/** drizzle-kit's command (its `bin`), found from its main module: its package.json is not exported. */
const DRIZZLE_KIT = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

it('drizzle-kit generate finds no schema change to migrate', async () => {
  const copy = await mkdtemp(path.join(tmpdir(), 'podpot-drizzle-'));
  try {
    await cp(MIGRATIONS_FOLDER, copy, { recursive: true });
    const before = await files(copy);
    // drizzle.config.ts's settings, with the copy as `out` (drizzle-kit takes it relative to its cwd).
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        DRIZZLE_KIT,
        'generate',
        '--dialect=postgresql',
        '--schema=./src/db/schema/index.ts',
        '--casing=snake_case',
        `--out=${path.relative(API_ROOT, copy)}`,
      ],
      { cwd: API_ROOT },
    );
    expect(stdout).toContain('No schema changes, nothing to migrate');
    expect(await files(copy)).toEqual(before);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}, 60_000);
