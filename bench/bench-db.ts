import type { Database } from '../apps/api/src/db/client.js';
import { createPostgresDatabase } from '../apps/api/test/support/test-db.js';

/**
 * A fresh PostgreSQL database for one bench run, migrated and opened with the pool size production
 * would use (DATABASE_POOL_SIZE), dropped by `close()`; null when no PostgreSQL answers.
 */
export async function createBenchDatabase(
  name: string,
  poolSize: number,
): Promise<(Database & { url: string }) | null> {
  try {
    return await createPostgresDatabase(name, poolSize);
  } catch (err) {
    if ((err as { code?: string }).code === 'ECONNREFUSED') return null;
    throw err;
  }
}
