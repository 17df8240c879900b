import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/modules/users/users.service.js';
import { canShareLimits, twoServersOnOneRedis } from '../support/redis.js';

/**
 * Two app servers in their own processes on one PostgreSQL and one Redis (REDIS_URL): failed logins
 * sent to both count as one budget. PostgreSQL only (PGlite cannot be shared by two processes); skipped
 * when no Redis answers on 127.0.0.1:6379.
 */
const PASSWORD = 'correct horse battery';

const hasRedis = await canShareLimits('login-limits.redis');

describe.runIf(hasRedis)('login limits shared through Redis by two app servers', () => {
  const servers = twoServersOnOneRedis();

  async function login(base: string, username: string, password: string) {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return res.status;
  }

  it('answers 429 after the same number of failures, split over both servers, as one server', async () => {
    const { a, b, database, redis, prefix } = servers;
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

describe.runIf(hasRedis)('known clients shared through Redis by two app servers (issue 33)', () => {
  // Behind one trusted proxy, so the owner's and the attacker's forwarded addresses differ.
  const servers = twoServersOnOneRedis({ TRUST_PROXY: '1' });

  async function login(base: string, username: string, password: string, ip: string) {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ username, password }),
    });
    return res.status;
  }

  it('lets the owner in on either server from where they signed in on one, while the attacker waits on both', async () => {
    const { a, b, database, redis, prefix } = servers;
    const email = `known-${Date.now()}@example.test`;
    await database.db.insert(users).values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      role: 'USER',
      firstName: 'Known',
      lastName: 'Client',
      locale: 'en',
    });
    expect(await login(a.url, email, PASSWORD, '198.51.100.7')).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await login(i % 2 ? b.url : a.url, email, `guess-${i}`, '203.0.113.66'));
    expect(statuses, a.output() + b.output()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(await login(b.url, email, PASSWORD, '203.0.113.66')).toBe(429);
    expect(await login(b.url, email, PASSWORD, '198.51.100.7')).toBe(200);
    const keys = await redis.keys(`${prefix}login-known:*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});
