import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { openDatabase, rowsOf } from '../../src/db/client.js';
import type { ScheduledJob } from '../../src/jobs/index.js';
import { failedQueueJobs } from '../../src/jobs/queue-failures.js';
import { startQueueRunner } from '../../src/jobs/queue-runner.js';
import { TEST_DB, withEmptyPostgresDatabase } from '../support/test-db.js';

/**
 * The scheduled jobs on the PostgreSQL job queue (decision 078, issue 38 item 3): two workers take one
 * job's runs one at a time and each once, and a run that fails all its attempts stays visible.
 */
const silent = pino({ level: 'silent' });

describe('the job queue', () => {
  it('needs PostgreSQL: JOBS=queue without DATABASE_URL is refused with the reason', () => {
    expect(() => loadConfig({ JOBS: 'queue' })).toThrow(/JOBS=queue needs DATABASE_URL \(PostgreSQL\)/);
  });

  it.runIf(TEST_DB === 'pg')(
    "two workers run a job's queued runs one at a time, each once",
    async () => {
      await withEmptyPostgresDatabase(async (url) => {
        let running = 0;
        let mostAtOnce = 0;
        const ran: number[] = [];
        const job = (worker: number): ScheduledJob => ({
          name: 'slow job',
          task: 'slow_job',
          everyMs: 60_000,
          cron: '0 0 1 1 *', // never while the test runs: the runs below are queued by hand
          run: async () => {
            running += 1;
            mostAtOnce = Math.max(mostAtOnce, running);
            await new Promise((resolve) => setTimeout(resolve, 150));
            ran.push(worker);
            running -= 1;
          },
        });
        const stops = await Promise.all(
          [1, 2].map((worker) =>
            startQueueRunner({ databaseUrl: url, jobs: [job(worker)], log: silent, concurrency: 3 }),
          ),
        );
        try {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          for (let i = 0; i < 6; i += 1) {
            await client.query(`select graphile_worker.add_job('slow_job', queue_name := 'slow_job')`);
          }
          await client.end();
          await expect.poll(() => ran.length, { timeout: 20_000, interval: 100 }).toBe(6);
          expect(mostAtOnce).toBe(1);
        } finally {
          await Promise.all(stops.map((stop) => stop()));
        }
      });
    },
    60_000,
  );

  it.runIf(TEST_DB === 'pg')(
    'a run that fails all its attempts stays failed with its error, counted by task',
    async () => {
      await withEmptyPostgresDatabase(async (url) => {
        const failing: ScheduledJob = {
          name: 'broken job',
          task: 'broken_job',
          everyMs: 60_000,
          cron: '0 0 1 1 *',
          run: async () => {
            throw new Error('the provider is down');
          },
        };
        const runs: string[] = [];
        const stop = await startQueueRunner({
          databaseUrl: url,
          jobs: [failing],
          log: silent,
          onRun: (name, outcome) => runs.push(`${name}: ${outcome}`),
        });
        const database = await openDatabase({ url, migrations: 'apply' });
        try {
          expect(await failedQueueJobs(database.db)).toEqual({});
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          // One attempt, so the test need not wait out the back-off between attempts.
          await client.query(`select graphile_worker.add_job('broken_job', max_attempts := 1)`);
          await client.end();
          await expect
            .poll(() => failedQueueJobs(database.db), { timeout: 20_000, interval: 200 })
            .toEqual({
              broken_job: 1,
            });
          expect(runs).toEqual(['broken job: failed']);
          const [job] = await rowsOf<{ last_error: string }>(
            database.db,
            sql`select last_error from graphile_worker.jobs where task_identifier = 'broken_job'`,
          );
          expect(job?.last_error).toMatch(/the provider is down/);
        } finally {
          await stop();
          await database.close();
        }
      });
    },
    60_000,
  );
});
