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

function createRedisBackoff(redis: Redis, prefix: string, policy: BackoffPolicy, onError: (err: unknown) => void) {
  const fallback = createMemoryBackoff(policy);
  // Hashed: the store never holds e-mail addresses.
  const keysOf = (key: string) => {
    const id = createHash('sha256').update(key).digest('base64url');
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
    async ping() {
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    },
  };
}
