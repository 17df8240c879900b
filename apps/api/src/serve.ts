import path from 'node:path';
import type { BuildAppOptions, BuiltApp } from './app.js';
import { type Config, ConfigurationError, loadConfig } from './config/env.js';
import { type Database, openDatabase } from './db/client.js';

/**
 * How a server process composes its app: the production server (server.ts) builds app.ts's app as it
 * is; the development server (server.dev.ts) builds it through the dev host (dev/host.ts), which adds
 * the simulator, the demo data and the previews.
 */
export interface ServerHost {
  build(options: BuildAppOptions): Promise<BuiltApp>;
  /** Once the app is built, before it listens: what it then does once it listens, and tells at start. */
  prepare?(built: BuiltApp, database: Database): Promise<Prepared>;
}

export interface Prepared {
  /** Work once the app listens (its failure is logged, the server runs on). */
  listening?(): Promise<void>;
  /** The banner's payment provider, when not OPP_API_URL. */
  payments?: string;
  /** More lines for the banner. */
  lines?: string[];
}

/**
 * A server process around the app `host` builds: the configuration, the database, the port
 * (the only place that binds the server's), a graceful stop on SIGINT/SIGTERM, and the banner.
 */
export async function serve(host: ServerHost): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (err) => console.warn(`database connection lost: ${err.message}`),
    migrations: config.NODE_ENV === 'production' ? 'check' : 'apply', // decision 077
  });
  const built = await host.build({ config, db: database.db });
  const { app } = built;
  const prepared = (await host.prepare?.(built, database)) ?? {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  await prepared.listening?.().catch((err) => app.log.warn({ err }, 'work after the start failed'));
  const url = config.publicUrl;
  const lines = [
    '',
    `  ${config.BRAND_NAME} is running at ${url}`,
    `  API docs:      ${url}/api/docs`,
    `  Database:      ${database.driver === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}`,
    `  Mail outbox:   ${config.SMTP_URL ? 'SMTP' : path.join(config.dataDir, 'outbox')}`,
    `  Payments:      ${prepared.payments ?? config.OPP_API_URL}`,
    ...(prepared.lines ?? []),
  ];
  console.log(lines.join('\n'));
}

/** Runs `serve` as a process's main: an error at start ends it with exit code 1 (settings: the message alone). */
export function runServer(host: ServerHost): void {
  serve(host).catch((err) => {
    console.error(err instanceof ConfigurationError ? err.message : err);
    process.exit(1);
  });
}
