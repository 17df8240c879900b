import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ScheduledJob } from '../../src/jobs/index.js';
import { startQueueRunner } from '../../src/jobs/queue-runner.js';
import { TEST_DB, withEmptyPostgresDatabase } from '../support/test-db.js';

/**
 * The queue's schedule across workers (decision 078): two workers with the same job on a cron line
 * of every minute run it once per minute between them, not once each. Waits for one minute boundary.
 */
describe.runIf(TEST_DB === 'pg')('a scheduled job on the queue with two workers', () => {
  it('runs once per tick, whichever worker takes it', { timeout: 150_000 }, async () => {
    await withEmptyPostgresDatabase(async (url) => {
      const runs: { worker: number; minute: number }[] = [];
      const job = (worker: number): ScheduledJob => ({
        name: 'every minute',
        task: 'every_minute',
        everyMs: 60_000,
        cron: '* * * * *',
        run: async () => {
          runs.push({ worker, minute: Math.floor(Date.now() / 60_000) });
        },
      });
      const stops = await Promise.all(
        [1, 2].map((worker) =>
          startQueueRunner({ databaseUrl: url, jobs: [job(worker)], log: pino({ level: 'silent' }) }),
        ),
      );
      try {
        await expect.poll(() => runs.length, { timeout: 75_000, interval: 250 }).toBeGreaterThanOrEqual(1);
        // Give the other worker time to (wrongly) run the same tick too.
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        const perMinute = new Map<number, number>();
        for (const run of runs) perMinute.set(run.minute, (perMinute.get(run.minute) ?? 0) + 1);
        expect([...perMinute.values()].every((n) => n === 1)).toBe(true);
      } finally {
        await Promise.all(stops.map((stop) => stop()));
      }
    });
  });
});
