import type { FastifyBaseLogger } from 'fastify';
import { type CronItem, Logger, parseCronItems, run, runMigrations, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { JobRunListener, ScheduledJob } from './job.js';

/**
 * The scheduled jobs on a PostgreSQL-backed job queue, graphile-worker (decision 078), for worker
 * processes (`JOBS=queue`). Each job is a task with a cron line: the queue's crontab puts one job per
 * tick in the queue however many workers run (each tick is claimed once, in the queue's own table),
 * and each task has a queue of its own (`queueName`), so a job never runs twice at once across all
 * workers. A failed run is tried again with back-off up to QUEUE_MAX_ATTEMPTS and then stays in
 * `graphile_worker.jobs` with its last error (the dead letters: jobs/queue-failures.ts, /metrics).
 * What money needs stays ours: the charge run's leases, the reconcile claims and the outbox's claims
 * decide in our tables, so a run a killed worker left half done is finished by the next.
 */
export interface QueueRunnerOptions {
  databaseUrl: string;
  jobs: readonly ScheduledJob[];
  log: FastifyBaseLogger;
  onRun?: JobRunListener;
  /** Jobs this worker runs at once (each job's own queue still runs one at a time). */
  concurrency?: number;
}

/** The advisory lock the queue's own schema is installed and upgraded under (ours is 727274, decision 077). */
const QUEUE_MIGRATION_LOCK = 727275;

async function migrateQueue(pgPool: pg.Pool, logger: Logger): Promise<void> {
  const client = await pgPool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_MIGRATION_LOCK]);
    await runMigrations({ pgPool, logger });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUE_MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Runs of one job before it stays failed; the queue waits exp(attempt) seconds between them. */
export const QUEUE_MAX_ATTEMPTS = 3;

export async function startQueueRunner(options: QueueRunnerOptions): Promise<() => Promise<void>> {
  const concurrency = options.concurrency ?? 2;
  const pgPool = new pg.Pool({ connectionString: options.databaseUrl, max: concurrency + 2 });
  pgPool.on('error', (err) => options.log.warn({ err }, 'job queue: a connection failed'));
  const taskList: TaskList = {};
  const cron: CronItem[] = [];
  for (const job of options.jobs) {
    taskList[job.task] = async () => {
      const started = performance.now();
      try {
        await job.run();
        options.onRun?.(job.name, 'ok', (performance.now() - started) / 1000);
      } catch (err) {
        options.log.error({ err }, `${job.name} job failed`);
        options.onRun?.(job.name, 'failed', (performance.now() - started) / 1000);
        throw err;
      }
    };
    cron.push({
      task: job.task,
      match: job.cron,
      identifier: job.task,
      // A tick missed while no worker ran is not made up for: the next tick's run does the work.
      options: { queueName: job.task, jobKey: job.task, maxAttempts: QUEUE_MAX_ATTEMPTS, backfillPeriod: 0 },
    });
  }
  const log = options.log;
  const logger = new Logger(() => (level, message, meta) => {
    if (level === 'error') log.error(meta ?? {}, `job queue: ${message}`);
    else if (level === 'warning') log.warn(meta ?? {}, `job queue: ${message}`);
    else if (level === 'info') log.debug(meta ?? {}, `job queue: ${message}`);
  });
  // Two workers starting at once on a new database would both create the queue's schema: one at a time.
  await migrateQueue(pgPool, logger);
  const runner = await run({
    pgPool,
    taskList,
    parsedCronItems: parseCronItems(cron),
    concurrency,
    noHandleSignals: true,
    pollInterval: 2000,
    logger,
  });
  return async () => {
    await runner.stop();
    await pgPool.end();
  };
}
