import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { DEMO_ADMIN_TOTP_SECRET, ensureDemoMerchant, seedDemoData } from './seed/demo.js';
import { ensureDemoProviderHistory } from './seed/demo-provider.js';

/** The only file that binds a port. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
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
  const { app, ctx } = await buildApp({ config, db: database.db });

  // Never in production, whatever SEED_DEMO says: the demo accounts have a published password.
  const shouldSeed =
    config.NODE_ENV !== 'production' &&
    (config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && database.driver === 'pglite'));
  const seeded = shouldSeed ? await seedDemoData(ctx) : null;

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
  // The password dictionaries (about 30 MB of heap) load with the first password a process checks, not
  // at start: most processes check none (decision 040).
  if (shouldSeed) {
    await ensureDemoMerchant(ctx)
      .then(() => ensureDemoProviderHistory(ctx))
      .catch((err) => app.log.warn({ err }, 'the demo tip jar could not register with the payment provider'));
  }
  const url = config.publicUrl;
  const lines = [
    '',
    `  ${config.BRAND_NAME} is running at ${url}`,
    `  API docs:      ${url}/api/docs`,
    `  Database:      ${database.driver === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL'}`,
    `  Mail outbox:   ${config.SMTP_URL ? 'SMTP' : path.join(config.dataDir, 'outbox')}`,
    `  Payments:      ${config.usesSimulator ? `built-in OPP simulator at ${url}/sim/opp/v1` : config.OPP_API_URL}`,
  ];
  if (seeded) {
    lines.push('  Demo logins:');
    for (const login of seeded.logins) lines.push(`    ${login.role.padEnd(6)} ${login.email} / ${login.password}`);
    lines.push(`  Demo admin's two-step login key (authenticator app): ${DEMO_ADMIN_TOTP_SECRET}`);
    if (seeded.tipjarSlug) lines.push(`  Demo tip jar:  ${url}/${seeded.tipjarSlug}`);
  }
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
