import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/modules/users/users.service.js';
import { type ChildApp, startChildApp } from '../support/child-app.js';
import { createTestDatabase, TEST_DB } from '../support/test-db.js';

/**
 * Two app servers in their own processes on one PostgreSQL and one Redis (REDIS_URL): failed logins
 * sent to both count as one budget. PostgreSQL only (PGlite cannot be shared by two processes); skipped
 * when no Redis answers on 127.0.0.1:6379.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'correct horse battery';

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

const hasRedis = TEST_DB === 'pg' && (await redisAnswers());
if (TEST_DB === 'pg' && !hasRedis) {
  console.warn(`login-limits.redis: skipped, no Redis answers at ${REDIS_URL} (start redis-server to run it)`);
}

describe.runIf(hasRedis)('login limits shared through Redis by two app servers', () => {
  // A fresh prefix per run: earlier runs' counters on the same Redis never interfere.
  const prefix = `podpot-test-${randomBytes(6).toString('hex')}:`;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: ChildApp;
  let b: ChildApp;
  let redis: Redis;

  beforeAll(async () => {
    database = await createTestDatabase('pg');
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
    [a, b] = await Promise.all([startChildApp(database.url!, env), startChildApp(database.url!, env)]);
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    await database?.close();
  });

  async function login(base: string, username: string, password: string) {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return res.status;
  }

  it('answers 429 after the same number of failures, split over both servers, as one server', async () => {
    const email = `shared-${Date.now()}@example.test`;
    await database.db.insert(users).values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      role: 'USER',
      firstName: 'Shared',
      lastName: 'Limit',
      locale: 'en',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await login(i % 2 ? b.url : a.url, email, `guess-${i}`));
    expect(statuses, a.output() + b.output()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The right password waits too, on either server.
    expect(await login(a.url, email, PASSWORD)).toBe(429);
    expect(await login(b.url, email, PASSWORD)).toBe(429);
    // The counters live under this run's prefix, for the route limits and the back-off alike.
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.some((k) => k.startsWith(`${prefix}rate-limit:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${prefix}login:`))).toBe(true);
  });
});
