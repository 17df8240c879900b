import type pg from 'pg';

/**
 * What PostgreSQL did to each table and index of the current database between two snapshots
 * (pg_stat_user_tables / pg_stat_user_indexes / pg_statio_*: scans, rows read, buffers touched,
 * HOT updates, dead rows), per unit of work — a scan that grows with the table shows as a per-unit
 * figure that grows with the run's size. Counters are flushed by a backend at its transaction's end
 * (at most once a second) and at its exit: take the second snapshot after the measured connections closed.
 */
export type PgStats = Map<string, Record<string, number>>;

export async function pgStats(client: pg.Client): Promise<PgStats> {
  const tables = await client.query<Record<string, string>>(`
    select t.relname as name, t.seq_scan, t.seq_tup_read, coalesce(t.idx_scan, 0) as idx_scan,
           coalesce(t.idx_tup_fetch, 0) as idx_tup_fetch, t.n_tup_ins, t.n_tup_upd, t.n_tup_hot_upd,
           t.n_dead_tup, coalesce(io.heap_blks_hit, 0) + coalesce(io.heap_blks_read, 0) as heap_blks
    from pg_stat_user_tables t join pg_statio_user_tables io using (relid)`);
  const indexes = await client.query<Record<string, string>>(`
    select i.relname || '.' || i.indexrelname as name, i.idx_scan, i.idx_tup_read, i.idx_tup_fetch,
           coalesce(io.idx_blks_hit, 0) + coalesce(io.idx_blks_read, 0) as idx_blks
    from pg_stat_user_indexes i join pg_statio_user_indexes io using (indexrelid)`);
  const stats: PgStats = new Map();
  for (const row of [...tables.rows, ...indexes.rows]) {
    const { name, ...counters } = row;
    stats.set(name!, Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, Number(v)])));
  }
  return stats;
}

/** The counters that moved between two snapshots, per `units` (rounded), busiest relation first. */
export function pgStatsPerUnit(before: PgStats, after: PgStats, units: number): Record<string, Record<string, number>> {
  const rows: [string, Record<string, number>, number][] = [];
  for (const [name, counters] of after) {
    const was = before.get(name) ?? {};
    const moved: Record<string, number> = {};
    for (const [key, value] of Object.entries(counters)) {
      const delta = key === 'n_dead_tup' ? value : value - (was[key] ?? 0);
      if (delta !== 0) moved[key] = Math.round((delta / units) * 100) / 100;
    }
    const blocks = (moved.heap_blks ?? 0) + (moved.idx_blks ?? 0);
    if (Object.keys(moved).length > 0) rows.push([name, moved, blocks]);
  }
  rows.sort((a, b) => b[2] - a[2]);
  return Object.fromEntries(rows.map(([name, moved]) => [name, moved]));
}
