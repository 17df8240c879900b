import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { type ChildApp, startChildApp } from './child-app.js';
import { createTestDatabase, TEST_DB } from './test-db.js';

/** The Redis the shared-limit tests use (TEST_REDIS_URL, default the local one). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Whether the tests of limits shared by two app servers can run: PostgreSQL (PGlite cannot be shared by
 * two processes) and a Redis that answers. Warns when PostgreSQL is there but Redis is not.
 */
export async function canShareLimits(name: string): Promise<boolean> {
  const ok = TEST_DB === 'pg' && (await redisAnswers());
  if (TEST_DB === 'pg' && !ok) {
    console.warn(`${name}: skipped, no Redis answers at ${REDIS_URL} (start redis-server to run it)`);
  }
  return ok;
}

export interface TwoServers {
  a: ChildApp;
  b: ChildApp;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  redis: Redis;
  /** This run's key prefix: earlier runs' counters on the same Redis never interfere. */
  prefix: string;
}

/**
 * Two app servers in their own processes on one fresh PostgreSQL database and one Redis, started before
 * the calling describe's tests and stopped (their Redis keys removed) after them.
 */
export function twoServersOnOneRedis(extraEnv: Record<string, string> = {}): TwoServers {
  const servers = { prefix: `podpot-test-${randomBytes(6).toString('hex')}:` } as TwoServers;
  beforeAll(async () => {
    servers.database = await createTestDatabase('pg');
    const env = { REDIS_URL, REDIS_KEY_PREFIX: servers.prefix, ...extraEnv };
    [servers.a, servers.b] = await Promise.all([
      startChildApp(servers.database.url!, env),
      startChildApp(servers.database.url!, env),
    ]);
    servers.redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all([servers.a?.stop(), servers.b?.stop()]);
    if (servers.redis) {
      const keys = await servers.redis.keys(`${servers.prefix}*`);
      if (keys.length) await servers.redis.del(...keys);
      servers.redis.disconnect();
    }
    await servers.database?.close();
  });
  return servers;
}
