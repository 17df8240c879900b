import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicReadsWatch } from '../db/public-writes.js';
import { createPublicCache, PUBLIC_SOURCE_TABLES, publicReadsChanged } from './public-cache.js';

/** The public-read cache: what a storefront visitor may see at most how late. */
describe('createPublicCache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function counting(value: () => unknown = () => ({ n: 1 })) {
    const load = vi.fn(async () => value());
    return load;
  }

  it('answers from the cache within the TTL, and reads again once it has passed', async () => {
    const cache = createPublicCache<unknown>({ ttlMs: 5_000, maxEntries: 10 });
    const app = {};
    const load = counting();
    await cache.get(app, 'a', load);
    vi.advanceTimersByTime(4_999);
    await cache.get(app, 'a', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await cache.get(app, 'a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads again at once after a change, also when the change came while the old read ran', async () => {
    const cache = createPublicCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const app = {};
    let value = 'old';
    const load = vi.fn(async () => value);
    expect(await cache.get(app, 'a', load)).toBe('old');
    value = 'new';
    publicReadsChanged();
    expect(await cache.get(app, 'a', load)).toBe('new');

    let release: (v: string) => void = () => {};
    const slow = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    publicReadsChanged();
    const pending = cache.get(app, 'a', slow);
    publicReadsChanged(); // written while the read was under way
    release('read before the change');
    expect(await pending).toBe('read before the change');
    expect(await cache.get(app, 'a', load)).toBe('new');
  });

  it('keeps apps apart, keeps no failed read, and holds at most maxEntries per app', async () => {
    const cache = createPublicCache<unknown>({ ttlMs: 5_000, maxEntries: 2 });
    const [one, two] = [{}, {}];
    expect(await cache.get(one, 'a', async () => 'one')).toBe('one');
    expect(await cache.get(two, 'a', async () => 'two')).toBe('two');

    await expect(cache.get(one, 'b', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get(one, 'b', async () => 'b again')).toBe('b again');

    const load = counting();
    await cache.get(one, 'c', load); // a and b were there: the oldest (a) goes
    await cache.get(one, 'a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('hands out frozen answers, so no reader can change what the next one sees', async () => {
    const cache = createPublicCache<{ name: string; amounts: number[] }>({ ttlMs: 5_000, maxEntries: 10 });
    const answer = await cache.get({}, 'a', async () => ({ name: 'Pod', amounts: [100] }));
    expect(() => {
      answer.name = 'changed';
    }).toThrow(TypeError);
    expect(() => answer.amounts.push(1)).toThrow(TypeError);
  });

  it('is dropped by every write Drizzle runs to a table public answers are read from, and by no other', async () => {
    const cache = createPublicCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const app = {};
    const load = vi.fn(async () => 'answer');
    await cache.get(app, 'a', load);
    expect([...PUBLIC_SOURCE_TABLES].sort()).toEqual([
      'opp_merchants',
      'payment_issuers',
      'payment_methods',
      // A tip jar's levels show on its storefront (issue 40, decision 091).
      'tipjar_levels',
      'tipjars',
    ]);
    // A new tip, a refund, a monthly tip: the storefront shows them within the TTL (decision 032).
    await publicReadsWatch.onMutate({ tables: ['tips'] });
    await publicReadsWatch.onMutate({ tables: ['opp_transactions', 'recurring_tips'] });
    await cache.get(app, 'a', load);
    expect(load).toHaveBeenCalledTimes(1);
    for (const table of PUBLIC_SOURCE_TABLES) {
      await publicReadsWatch.onMutate({ tables: [table] });
      await cache.get(app, 'a', load);
    }
    expect(load).toHaveBeenCalledTimes(1 + PUBLIC_SOURCE_TABLES.size);
  });
});
