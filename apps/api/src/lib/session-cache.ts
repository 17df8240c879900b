import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from '../db/client.js';
import { deepFreeze } from './public-cache.js';

/**
 * Per-process cache of what an authenticated request reads about its user (decision 024, amending
 * 012): the session's actor (role, token version, archived or not) and the `users/me` answer (the
 * user with the tip jars they administer). An entry lives at most MAX_AGE_MS.
 *
 * Correct under revocation across processes:
 * - every write that changes what an entry holds (the users and tip jar repositories) calls
 *   sessionsChanged() with the database handle it writes with: the entry is dropped in this process at
 *   once, and a `pg_notify` on CHANNEL in that same transaction tells every other process at its
 *   commit;
 * - each app on PostgreSQL LISTENs on CHANNEL over a connection of its own and drops what a
 *   notification names. While that connection is not listening (not yet, lost, reconnecting) the cache
 *   is off: every read goes to the database, as before 024;
 * - a read under way while an entry is dropped is not kept (the pending entry is dropped with it);
 *   a read that started after the local drop but before the commit may keep the old row until the
 *   notification of that very commit comes back to this process's own listener (milliseconds);
 * - MAX_AGE_MS bounds anything else (a row changed by hand in SQL).
 * PGlite is one process: the local drop is all there is to do, and its transactions run alone.
 */
export const SESSION_CHANNEL = 'podpot_sessions';
/** Names every user in a notification: a tip jar's name, slug or archiving shows in every admin's `users/me`. */
const EVERY_USER = '*';
const MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1_000;

interface Entry<V> {
  at: number;
  value: Promise<V>;
}

/** One kind of entry per user: loaded once, shared by concurrent readers, dropped by a change. */
class UserEntries<V> {
  readonly entries = new Map<string, Entry<V>>();

  get(userId: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(userId);
    if (hit && now - hit.at < MAX_AGE_MS) return hit.value;
    this.entries.delete(userId);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // Frozen: shared by every request of the user (and written to JSON once, lib/json-serializer.ts).
    const entry: Entry<V> = { at: now, value: load().then(deepFreeze) };
    this.entries.set(userId, entry);
    entry.value.catch(() => {
      if (this.entries.get(userId) === entry) this.entries.delete(userId);
    });
    return entry.value;
  }

  drop(userId: string) {
    if (userId === EVERY_USER) this.entries.clear();
    else this.entries.delete(userId);
  }
}

export interface SessionCache {
  /** The actor of a session (what the auth plugin checks the token against), cached. */
  actor<V>(userId: string, load: () => Promise<V>): Promise<V>;
  /** The `users/me` answer and its actor, cached. */
  me<V>(userId: string, load: () => Promise<V>): Promise<V>;
  /** Stops listening (app close). */
  close(): Promise<void>;
}

const live = new Set<{ drop(userId: string): void }>();

/**
 * Tells every session cache that what it holds about `userId` (or, with '*', about every user's tip
 * jars) changed. Call it with the handle of the write, inside its transaction: the notification is
 * sent when that transaction commits (and never if it rolls back).
 */
export async function sessionsChanged(db: DbOrTx, userId: string | '*'): Promise<void> {
  for (const cache of live) cache.drop(userId);
  await db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${userId})`);
}

/** The session cache of an app on `db`; on PostgreSQL it listens for other processes' changes. */
export function createSessionCache(db: Db, log: { warn(obj: object, msg: string): void }): SessionCache {
  const actors = new UserEntries<unknown>();
  const mes = new UserEntries<unknown>();
  const me = {
    drop(userId: string) {
      if (userId !== EVERY_USER) actors.drop(userId);
      mes.drop(userId);
    },
  };
  live.add(me);

  const pool = (db as unknown as { $client?: unknown }).$client;
  const listener = pool instanceof pg.Pool ? listen(pool, me, log) : undefined;
  const on = () => !listener || listener.listening;

  return {
    actor: (userId, load) => (on() ? (actors.get(userId, load) as ReturnType<typeof load>) : load()),
    me: (userId, load) => (on() ? (mes.get(userId, load) as ReturnType<typeof load>) : load()),
    async close() {
      live.delete(me);
      await listener?.close();
    },
  };
}

/** A connection of its own that LISTENs on SESSION_CHANNEL, reconnecting when it is lost. */
function listen(pool: pg.Pool, cache: { drop(userId: string): void }, log: { warn(obj: object, msg: string): void }) {
  const state = { listening: false, closed: false, client: undefined as pg.Client | undefined };
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client, err?: Error) => {
    if (state.client !== client) return;
    state.client = undefined;
    state.listening = false;
    // Whatever was cached may have changed while nobody listened.
    cache.drop(EVERY_USER);
    client.end().catch(() => {});
    if (state.closed) return;
    log.warn({ err }, 'session cache: lost its LISTEN connection; reading sessions from the database until it is back');
    retry = setTimeout(connect, RECONNECT_MS);
    retry.unref();
  };

  async function connect() {
    if (state.closed) return;
    const client = new pg.Client(pool.options);
    state.client = client;
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL && message.payload) cache.drop(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${SESSION_CHANNEL}`);
      if (state.client !== client) return;
      // Anything read before this moment may have missed a notification.
      cache.drop(EVERY_USER);
      state.listening = !state.closed;
    } catch (err) {
      lost(client, err as Error);
    }
  }
  void connect();

  return {
    get listening() {
      return state.listening;
    },
    async close() {
      state.closed = true;
      state.listening = false;
      if (retry) clearTimeout(retry);
      const client = state.client;
      state.client = undefined;
      await client?.end().catch(() => {});
    },
  };
}
