import { readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU time (user + system, ms) the processes used so far, from /proc (Linux; 0 elsewhere). */
export function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone, or not Linux.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** CPU time (ms) this process used so far. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The server processes of the other connections to this database (PostgreSQL on this machine). */
export async function backendPids(client: pg.Client): Promise<number[]> {
  const rows = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.rows.map((r) => r.pid);
}

export async function withSql<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** CPU ms so far of every PostgreSQL backend connected to the database at `url`, by pid. */
export async function postgresCpuMs(url: string): Promise<Map<number, number>> {
  const pids = await withSql(url, backendPids);
  return new Map(pids.map((pid) => [pid, cpuMsOf([pid])]));
}

/** CPU ms the backends used between two readings (a backend started in between counts from 0). */
export function postgresCpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}
