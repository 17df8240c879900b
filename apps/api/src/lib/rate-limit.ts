import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Where the abuse limits keep their counters. With REDIS_URL every process on that Redis shares them
 * (two app servers behind one load balancer count one budget); without it they live in this process.
 * A Redis that stops answering never turns a request into a 500 nor switches a limit off: the route
 * limits and the back-offs count in this process's memory until Redis answers again.
 */
export interface LimitStore {
  /** Spread into the @fastify/rate-limit registration. */
  pluginOptions: { store?: FastifyRateLimitStoreCtor; skipOnError: boolean };
  /** A named back-off (e.g. failed logins per account) on this store. */
  backoff(name: string, policy: BackoffPolicy): Backoff;
  /** Named keys that expire after `ttlMs` (e.g. the clients an account signed in from). */
  marks(name: string, ttlMs: number): Marks;
  /** A count per key over fixed windows of `windowMs` (e.g. wrong passwords per account per hour). */
  tally(name: string, windowMs: number): Tally;
  /** For /readyz: resolves when the shared store answers (absent without REDIS_URL). */
  ping?: () => Promise<void>;
  close(): Promise<void>;
}

export interface BackoffPolicy {
  /** Attempts allowed before the first wait. */
  free: number;
  /** The first wait; it doubles with each further attempt, up to maxWaitMs. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** Quiet time after which a key's attempts are forgotten. */
  forgetMs: number;
}

export interface Backoff {
  /** Counts one attempt for key: undefined to go ahead, or the milliseconds still to wait (not counted). */
  attempt(key: string): Promise<number | undefined>;
  /** Forgets key's attempts (it succeeded). */
  reset(key: string): Promise<void>;
}

export interface Marks {
  /** Marks key (again), for the store's time to live from now. */
  set(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}

export interface Tally {
  /** Counts one for key; the count in key's window so far, this one included. */
  add(key: string): Promise<number>;
}

/** The wait after a key's nth attempt: none while free attempts are left, then doubling up to the cap. */
export function waitAfter(policy: BackoffPolicy, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.firstWaitMs * 2 ** (attempts - policy.free), policy.maxWaitMs);
}

/**
 * TRUST_PROXY for Fastify's `trustProxy`. A hop count becomes the function Fastify itself would make
 * of it (its types accept no number): the nearest `hops` proxies are trusted, the next address is the client.
 */
export function trustProxyOption(setting: false | number | string[]) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

const MEMORY_KEYS = 50_000;

export function createMemoryBackoff(policy: BackoffPolicy): Backoff {
  const entries = new Map<string, { attempts: number; lockedUntil: number; forgetAt: number }>();
  return {
    async attempt(key) {
      const now = Date.now();
      const known = entries.get(key);
      const entry = known && known.forgetAt > now ? known : undefined;
      if (entry && entry.lockedUntil > now) return entry.lockedUntil - now;
      const attempts = (entry?.attempts ?? 0) + 1;
      // Delete first so the Map's order stays least recently attempted first (what we drop when full).
      entries.delete(key);
      entries.set(key, { attempts, lockedUntil: now + waitAfter(policy, attempts), forgetAt: now + policy.forgetMs });
      if (entries.size > MEMORY_KEYS) entries.delete(entries.keys().next().value as string);
      return undefined;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

/** Expiring entries in this process, the least recently written dropped first past MEMORY_KEYS. */
function createMemoryEntries<T extends { expiresAt: number }>() {
  const entries = new Map<string, T>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      return entry && entry.expiresAt > Date.now() ? entry : undefined;
    },
    set(key: string, entry: T) {
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > MEMORY_KEYS) entries.delete(entries.keys().next().value as string);
    },
  };
}

export function createMemoryMarks(ttlMs: number): Marks {
  const entries = createMemoryEntries<{ expiresAt: number }>();
  return {
    async set(key) {
      entries.set(key, { expiresAt: Date.now() + ttlMs });
    },
    async has(key) {
      return entries.get(key) !== undefined;
    },
  };
}

export function createMemoryTally(windowMs: number): Tally {
  const entries = createMemoryEntries<{ count: number; expiresAt: number }>();
  return {
    async add(key) {
      const entry = entries.get(key) ?? { count: 0, expiresAt: Date.now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
  };
}

/** One atomic step, so attempts spread over processes count exactly as if sent to one. */
const ATTEMPT_SCRIPT = `
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then return wait end
local attempts = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local free = tonumber(ARGV[1])
if attempts >= free then
  local ms = math.min(tonumber(ARGV[2]) * 2 ^ (attempts - free), tonumber(ARGV[3]))
  redis.call('SET', KEYS[2], '1', 'PX', math.floor(ms))
end
return 0
`;

/** Hashed: the store never holds e-mail addresses. */
const hashedKey = (key: string) => createHash('sha256').update(key).digest('base64url');

function createRedisBackoff(redis: Redis, prefix: string, policy: BackoffPolicy, onError: (err: unknown) => void) {
  const fallback = createMemoryBackoff(policy);
  const keysOf = (key: string) => {
    const id = hashedKey(key);
    return [`${prefix}${id}:attempts`, `${prefix}${id}:wait`];
  };
  const { free, firstWaitMs, maxWaitMs, forgetMs } = policy;
  return {
    async attempt(key) {
      try {
        const wait = Number(
          await redis.eval(ATTEMPT_SCRIPT, 2, ...keysOf(key), free, firstWaitMs, maxWaitMs, forgetMs),
        );
        return wait > 0 ? wait : undefined;
      } catch (err) {
        onError(err);
        return fallback.attempt(key);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      try {
        await redis.del(...keysOf(key));
      } catch (err) {
        onError(err);
      }
    },
  } satisfies Backoff;
}

function createRedisMarks(redis: Redis, prefix: string, ttlMs: number, onError: (err: unknown) => void): Marks {
  // Written to both: a mark set while Redis was down still counts in this process.
  const fallback = createMemoryMarks(ttlMs);
  return {
    async set(key) {
      await fallback.set(key);
      try {
        await redis.set(`${prefix}${hashedKey(key)}`, '1', 'PX', ttlMs);
      } catch (err) {
        onError(err);
      }
    },
    async has(key) {
      try {
        return (await redis.exists(`${prefix}${hashedKey(key)}`)) === 1 || (await fallback.has(key));
      } catch (err) {
        onError(err);
        return fallback.has(key);
      }
    },
  };
}

/** The window starts with a key's first count (a fixed window per key). */
const TALLY_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

function createRedisTally(redis: Redis, prefix: string, windowMs: number, onError: (err: unknown) => void): Tally {
  const fallback = createMemoryTally(windowMs);
  return {
    async add(key) {
      try {
        return Number(await redis.eval(TALLY_SCRIPT, 1, `${prefix}${hashedKey(key)}`, windowMs));
      } catch (err) {
        onError(err);
        return fallback.add(key);
      }
    },
  };
}

/** Route-limit counters in Redis, counted in this process's memory for as long as Redis fails. */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly onError: (err: unknown) => void,
  ) {}

  incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
    this.shared.incr(
      key,
      (err, result) => {
        if (!err) return callback(null, result);
        this.onError(err);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.onError);
  }
}

/** The store class @fastify/rate-limit instantiates (with its options) for this Redis. */
function fallbackStoreOf(redis: Redis, nameSpace: string, onError: (err: unknown) => void): FastifyRateLimitStoreCtor {
  // The plugin constructs it with its merged options (typed as the ctor's options by the plugin's types).
  const Store = class extends FallbackStore {
    constructor(options: RateLimitPluginOptions) {
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
        onError,
      );
    }
  };
  return Store as unknown as FastifyRateLimitStoreCtor;
}

export async function createLimitStore(
  options: { redisUrl?: string; keyPrefix: string },
  log: FastifyBaseLogger,
): Promise<LimitStore> {
  const { redisUrl, keyPrefix } = options;
  if (!redisUrl) {
    return {
      pluginOptions: { skipOnError: false },
      backoff: (_name, policy) => createMemoryBackoff(policy),
      marks: (_name, ttlMs) => createMemoryMarks(ttlMs),
      tally: (_name, windowMs) => createMemoryTally(windowMs),
      close: async () => {},
    };
  }
  // Loaded only with a REDIS_URL: a process without one never holds the client (decision 048).
  const { Redis } = await import('ioredis');
  // Fail fast instead of queueing: a limit that waits for Redis would hold up every request.
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 500,
  });
  // One warning per outage, not one per request or reconnect attempt.
  let down = false;
  const onError = (err: unknown) => {
    if (!down) log.warn({ err }, 'Redis does not answer: rate limits fall back to this process');
    down = true;
  };
  redis.on('error', onError);
  redis.on('ready', () => {
    if (down) log.info('Redis answers again: rate limits are shared again');
    down = false;
  });
  await redis.connect().catch(onError);
  return {
    pluginOptions: { store: fallbackStoreOf(redis, `${keyPrefix}rate-limit:`, onError), skipOnError: true },
    backoff: (name, policy) => createRedisBackoff(redis, `${keyPrefix}${name}:`, policy, onError),
    marks: (name, ttlMs) => createRedisMarks(redis, `${keyPrefix}${name}:`, ttlMs, onError),
    tally: (name, windowMs) => createRedisTally(redis, `${keyPrefix}${name}:`, windowMs, onError),
    async ping() {
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    },
  };
}
