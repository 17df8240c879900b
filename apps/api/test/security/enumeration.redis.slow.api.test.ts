import { describe, expect, it } from 'vitest';
import { ADDRESS_PROBES_PER_ADDRESS } from '../../src/lib/address-probes.js';
import { canShareLimits, twoServersOnOneRedis } from '../support/redis.js';

/**
 * Issue 10, user enumeration with several app servers behind one load balancer (REDIS_URL): the budget
 * on questions about an address is one budget, not one per server. PostgreSQL and Redis only.
 */
const hasRedis = await canShareLimits('enumeration.redis');

describe.runIf(hasRedis)('the e-mail probe budget shared through Redis by two app servers', () => {
  const servers = twoServersOnOneRedis();

  it('refuses the question after the same number of asks, split over both servers, as one server', async () => {
    const { a, b, redis, prefix } = servers;
    const email = `probed-${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_PROBES_PER_ADDRESS; i++) {
      const res = await fetch(`${i % 2 ? b.url : a.url}/api/v1/users/register/test-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      statuses.push(res.status);
    }
    expect(statuses, a.output() + b.output()).toEqual([...Array(ADDRESS_PROBES_PER_ADDRESS).fill(200), 429]);
    // Counted under this run's prefix, with the address hashed: the store holds no e-mail addresses.
    const keys = await redis.keys(`${prefix}address-probe-address:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes('probed-'))).toBe(false);
  });
});
