import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any Drizzle PostgreSQL database (node-postgres or PGlite) the host hands the simulator. */
// biome-ignore lint/suspicious/noExplicitAny: the simulator works with any schema the host's handle carries
export type SimDb = PgDatabase<PgQueryResultHKT, any>;

/** A pino-style logger. */
export interface SimLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the simulator needs from the process that mounts it; it imports nothing of its host. */
export interface SimulatorHost {
  db: SimDb;
  log: SimLog;
  /** Read on every use: a test host learns its port (and so these URLs) only after listen. */
  settings(): {
    /** The API key clients must send (Bearer, or Basic user name). */
    apiKey: string;
    /** HMAC secret of the notifications' `verification_hash`. */
    notifySecret: string;
    /** Public base URL of the process (hosted checkout and verification pages live under it). */
    publicUrl: string;
    /** The simulated API's own base URL, as objects name it in `object_url`. */
    apiBase: string;
  };
}
