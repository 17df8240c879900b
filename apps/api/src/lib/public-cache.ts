import { publicWritesGeneration } from '../db/public-writes.js';

export { PUBLIC_SOURCE_TABLES, publicReadsChanged } from '../db/public-writes.js';

/**
 * Short per-process caches of public reads (decision 020): a storefront's tip jar as anyone sees it,
 * the tip jar search, the list of payment methods. An entry lives at most `ttlMs`. Every entry of
 * every such cache is dropped at once by publicReadsChanged(): changes are rare, and one counter
 * cannot miss a cache. Another process sees a change within `ttlMs`. Entries belong to one app
 * (`owner`, its AppContext), so apps on different databases in one process (tests) never share one;
 * at most `maxEntries` per app, the oldest goes first.
 *
 * Who drops them is decided here, in one place (decision 073): every database handle carries
 * publicReadsWatch (db/public-writes.ts, on every handle db/client.ts opens), which Drizzle tells of each INSERT, UPDATE and DELETE it runs;
 * a write to one of PUBLIC_SOURCE_TABLES drops every public answer, whichever module writes it.
 * The watch does not see raw SQL (`db.execute`) nor a write inside a CTE, and a table counts whole;
 * the two writes that change a public answer in such a way call publicReadsChanged() themselves:
 * a maker's choice of the wall's messages (one column of tips, whose other writes must not drop the
 * caches: supporters.repository setMessageShown, decision 032) and a feed refresh that changed
 * episodes (raw SQL: episodes.refresh.ts).
 *
 * A cached answer is shared by every reader: only answers that anyone may see, frozen so that no
 * caller can change what the next one gets.
 */
export interface PublicCache<V> {
  /** The cached answer under `key`, or what `load` gives (kept unless it fails or a change came meanwhile). */
  get(owner: object, key: string, load: () => Promise<V>): Promise<V>;
}

interface Entry<V> {
  at: number;
  generation: number;
  value: Promise<V>;
}

export function createPublicCache<V>({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): PublicCache<V> {
  const byOwner = new WeakMap<object, Map<string, Entry<V>>>();
  return {
    get(owner, key, load) {
      let entries = byOwner.get(owner);
      if (!entries) {
        entries = new Map();
        byOwner.set(owner, entries);
      }
      const now = Date.now();
      const hit = entries.get(key);
      const generation = publicWritesGeneration();
      if (hit && hit.generation === generation && now - hit.at < ttlMs) return hit.value;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      // A change while this load runs raises the generation: the entry is stale from birth.
      const entry: Entry<V> = { at: now, generation, value: load().then(deepFreeze) };
      entries.set(key, entry);
      const mine = entries;
      entry.value.catch(() => {
        if (mine.get(key) === entry) mine.delete(key);
      });
      return entry.value;
    },
  };
}

/** Freezes `value` and everything in it (a cached answer, shared by every reader). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
