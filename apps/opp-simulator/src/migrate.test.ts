import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimDb } from './host.js';
import { migrateSimulator } from './migrate.js';

let client: PGlite | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

function freshDb(): SimDb {
  client = new PGlite();
  return drizzle(client, { casing: 'snake_case' }) as unknown as SimDb;
}

async function rows<T>(db: SimDb, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const simTables = (db: SimDb) =>
  rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_name like 'sim\\_%' order by 1`,
  ).then((r) => r.map((t) => t.table_name));

const recorded = (db: SimDb) =>
  rows<{ hash: string }>(db, sql`select hash from drizzle.__opp_simulator_migrations order by id`);

// Each test starts an embedded PGlite (2–3 s alone, more on a loaded machine): beyond vitest's 5 s default.
describe('migrateSimulator', { timeout: 30_000 }, () => {
  it('creates the three simulator tables and records the migration in its own table', async () => {
    const db = freshDb();
    await migrateSimulator(db);
    expect(await simTables(db)).toEqual(['sim_idempotency_keys', 'sim_notifications', 'sim_objects']);
    expect(await recorded(db)).toHaveLength(1);
  });

  it('runs nothing twice on a second start', async () => {
    const db = freshDb();
    await migrateSimulator(db);
    await db.execute(sql`insert into sim_objects (uid, object_type, data) values ('tra_1', 'transaction', '{}')`);
    await migrateSimulator(db);
    expect(await recorded(db)).toHaveLength(1);
    expect(await rows(db, sql`select uid from sim_objects`)).toEqual([{ uid: 'tra_1' }]);
  });

  it('takes over the record of a database migrated with the former sim_migrations table', async () => {
    const db = freshDb();
    await migrateSimulator(db);
    // As the former runner left it: the tables, their data and a sim_migrations row per migration.
    await db.execute(sql`drop table drizzle.__opp_simulator_migrations`);
    await db.execute(
      sql`create table sim_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    );
    await db.execute(sql`insert into sim_migrations (tag) values ('0000_init')`);
    await db.execute(sql`insert into sim_objects (uid, object_type, data) values ('mer_1', 'merchant', '{}')`);

    await migrateSimulator(db);
    expect(await simTables(db)).toEqual(['sim_idempotency_keys', 'sim_notifications', 'sim_objects']);
    expect(await recorded(db)).toHaveLength(1);
    expect(await rows(db, sql`select uid from sim_objects`)).toEqual([{ uid: 'mer_1' }]);
  });
});
