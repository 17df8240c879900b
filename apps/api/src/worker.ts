import { buildApp } from './app.js';
import { runServer } from './serve.js';

/**
 * The worker process (decision 078): the scheduled jobs — on the PostgreSQL job queue when JOBS=queue —
 * and the mail outbox, with /healthz, /readyz and /metrics on PORT; no API and no pages. Run as many as
 * availability needs beside the web processes (server.ts with JOBS=off); see docs/operations.md.
 */
// On PostgreSQL a worker takes its jobs from the queue unless told otherwise.
process.env.JOBS ??= process.env.DATABASE_URL ? 'queue' : 'on';
runServer({ build: (options) => buildApp({ ...options, role: 'worker' }) });
