import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';

/**
 * Jobs that used up their attempts and stay failed in the queue, by task (none when the queue's tables
 * are not there yet: no worker with JOBS=queue has started on this database).
 */
export async function failedQueueJobs(db: Db): Promise<Record<string, number>> {
  const exists = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('graphile_worker.jobs') is not null as found`,
  );
  if (!exists[0]?.found) return {};
  const rows = await rowsOf<{ task: string; n: number }>(
    db,
    sql`select task_identifier as task, count(*)::int as n from graphile_worker.jobs
        where attempts >= max_attempts and locked_at is null group by task_identifier`,
  );
  return Object.fromEntries(rows.map((r) => [r.task, r.n]));
}
