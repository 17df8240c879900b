import path from 'node:path';
import { parseArgs } from 'node:util';
import { type RegisterBody, RegisterDataSchema } from '@podpot/domain';
import { loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { buildDevApp, listenDevApp } from './dev/host.js';
import { coverageLine, runMoneyCheck } from './jobs/money-check.js';
import { reconcileTransactions } from './jobs/reconcile.js';
import { AppError } from './lib/app-error.js';
import { loggerOptions } from './lib/log-options.js';
import { runCharges } from './modules/recurring-tips/charge/run.js';
import { createAdminByOperator } from './modules/users/users.service.js';

/**
 * Runs a job once from the command line:
 *   npm run jobs:charge -- --now 2026-03-01T06:00:00Z
 *   npm run check:money [-- --settled-minutes 10 --no-provider]
 *   npm run jobs:reconcile [-- --older-than-minutes 0]
 *   npm run jobs:mail
 * `--now` is the run's clock (which months are due); omitted = the real time. The money check prints
 * every violation and exits 1 when there is any (docs/money-check.md). `mail` sends every mail due in
 * the outbox (decision 010) and exits 1 when one was given up; charge and reconcile send the mail they
 * queued before they exit.
 *
 * The app is built in-process (no web app, no scheduler) so the provider client and the webhook are
 * the very ones the server uses. Without a real provider (OPP_API_URL unset) it is built by the dev host
 * with the simulator, which the client and the simulator's notifications reach over HTTP: then it
 * listens on 127.0.0.1 at a port of its own while the job runs; with a real provider it binds no port.
 * With PostgreSQL this runs next to live servers (the job claims its rows); the embedded PGlite allows
 * one process, so stop the server first there.
 */
async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      now: { type: 'string' },
      'settled-minutes': { type: 'string' },
      'no-provider': { type: 'boolean' },
      'older-than-minutes': { type: 'string' },
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      locale: { type: 'string' },
    },
  });
  const job = positionals[0];
  if (!['charge', 'money-check', 'reconcile', 'mail', 'create-admin'].includes(job ?? '')) {
    console.error(
      'usage: tsx src/cli.ts charge [--now <iso-date>]\n       tsx src/cli.ts money-check [--settled-minutes N] [--no-provider]\n       tsx src/cli.ts reconcile [--older-than-minutes N]\n       tsx src/cli.ts mail\n       ADMIN_PASSWORD=… tsx src/cli.ts create-admin --email E --first-name F --last-name L [--locale en|nl]',
    );
    process.exit(2);
  }
  const now = values.now ? new Date(values.now) : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error(`--now must be an ISO date, got ${values.now}`);
    process.exit(2);
  }
  // create-admin's input, checked before anything is opened. The password from the environment, never
  // the command line (which other users of the host can read).
  let admin: RegisterBody['data'] | undefined;
  if (job === 'create-admin') {
    const data = RegisterDataSchema.safeParse({
      email: values.email,
      password: process.env.ADMIN_PASSWORD,
      firstName: values['first-name'],
      lastName: values['last-name'],
      ...(values.locale ? { locale: values.locale } : {}),
    });
    if (!data.success) {
      for (const issue of data.error.issues) console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
      console.error('give --email, --first-name, --last-name and ADMIN_PASSWORD in the environment');
      process.exit(2);
    }
    admin = data.data;
  }
  const config = loadConfig(process.env, { JOBS: 'off', PORT: 0, HOST: '127.0.0.1', WEB_DIST: '/nonexistent' });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    // The charge run keeps CHARGE_CONCURRENCY sends in flight, each a few short statements (decision 019).
    poolSize: config.DATABASE_POOL_SIZE,
    migrations: config.NODE_ENV === 'production' ? 'check' : 'apply', // decision 077
  });
  const options = { config, db: database.db, logger: loggerOptions(config) };
  const { app, ctx, ports } = config.usesSimulator ? await listenDevApp(options) : await buildDevApp(options);
  const { ledger } = ports;
  try {
    if (job === 'money-check') {
      const result = await runMoneyCheck(ctx, ledger, {
        settledMinutes: Number(values['settled-minutes'] ?? 0),
        provider: !values['no-provider'],
      });
      for (const v of result.violations) console.log(`VIOLATION ${v.invariant}: ${v.subject} — ${v.detail}`);
      console.log(
        `money check: ${result.violations.length} violations (${result.coverage ? coverageLine(result.coverage) : 'provider not asked'}, ${result.durationMs} ms)`,
      );
      process.exitCode = result.violations.length > 0 ? 1 : 0;
    } else if (job === 'reconcile') {
      const result = await reconcileTransactions(ctx, ledger, {
        olderThanMinutes: Number(values['older-than-minutes'] ?? 30),
      });
      console.log(JSON.stringify({ job, ...result }));
    } else if (job === 'create-admin' && admin) {
      try {
        const made = await createAdminByOperator(ctx, admin);
        console.log(JSON.stringify({ job, userId: made.id, email: made.email, role: made.role }));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        console.error(`${err.code}: ${err.message}`);
        process.exitCode = 2;
      }
    } else if (job === 'charge') {
      const result = await runCharges(ctx, ledger, { now });
      console.log(JSON.stringify({ job, now: now.toISOString(), ...result }));
    }
    // The mails a job queued go out now (with MAIL_WORKER=off they wait for a server's worker).
    if (job === 'mail' || (job !== 'money-check' && config.MAIL_WORKER === 'on')) {
      const mail = await ctx.outbox.drain();
      if (job === 'mail') {
        console.log(JSON.stringify({ job, ...mail }));
        process.exitCode = mail.failed > 0 ? 1 : 0;
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
