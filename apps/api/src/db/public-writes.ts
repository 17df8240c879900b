import { getTableName } from 'drizzle-orm';
import { Cache, type MutationOption } from 'drizzle-orm/cache/core';
import { oppMerchants, paymentIssuers, paymentMethods, tipjarLevels, tipjars } from './schema/index.js';

/*
 * Which writes change what anyone may read (decision 073): a counter raised by every INSERT, UPDATE and
 * DELETE on a public source table, told by Drizzle through the write hook every handle carries. The
 * per-process caches of public answers (lib/public-cache.ts) compare their entries with it.
 */

let generation = 0;

/** Raised by every write to a public source table: a cached public answer of an older one is stale. */
export function publicWritesGeneration(): number {
  return generation;
}

/**
 * Drops every public cache entry. publicReadsWatch calls it as a write to a source table is sent, so a
 * read racing that statement (or, inside a transaction, its commit) may keep the old answer, for at
 * most the TTL — as a read in another process may.
 */
export function publicReadsChanged() {
  generation++;
}

/** The tables public answers are read from: tip jars, their levels and merchants, payment methods and their banks. */
export const PUBLIC_SOURCE_TABLES: ReadonlySet<string> = new Set(
  [tipjars, tipjarLevels, oppMerchants, paymentMethods, paymentIssuers].map((table) => getTableName(table)),
);

/**
 * The write hook of every database handle (db/client.ts): Drizzle's query-cache interface, used only
 * for the notice Drizzle gives it of each INSERT, UPDATE and DELETE it runs (`onMutate`, with the
 * table written), as the statement is sent. It caches nothing: `explicit` leaves every read uncached.
 */
class PublicReadsWatch extends Cache {
  override strategy() {
    return 'explicit' as const;
  }

  override async get(): Promise<undefined> {
    return undefined;
  }

  override async put(): Promise<void> {}

  override onMutate({ tables }: MutationOption): Promise<void> {
    const written = tables === undefined ? [] : Array.isArray(tables) ? tables : [tables];
    if (written.some((table) => PUBLIC_SOURCE_TABLES.has(typeof table === 'string' ? table : getTableName(table))))
      publicReadsChanged();
    return Promise.resolve();
  }
}

export const publicReadsWatch: Cache = new PublicReadsWatch();
