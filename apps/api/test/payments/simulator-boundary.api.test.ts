import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * The OPP simulator is its own app (apps/opp-simulator): a database configured for the real
 * provider never gets a simulator table; mounting the simulator creates its tables itself.
 */
const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

async function simTables(t: TestApp): Promise<string[]> {
  const result = await t.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_name like 'sim\\_%' order by 1`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { table_name: string }[] }).rows;
  return rows.map((r) => r.table_name);
}

/** The simulator records its migrations apart from the API's (drizzle.__opp_simulator_migrations). */
async function hasSimMigrationRecord(t: TestApp): Promise<boolean> {
  const result = await t.database.db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__opp_simulator_migrations') is not null as present`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: { present: boolean }[] }).rows;
  return rows[0]?.present === true;
}

describe(`the simulator's tables (${TEST_DB})`, () => {
  it('do not exist in a database of an API that talks to a real provider', async () => {
    const t = await createTestApp({ OPP_API_URL: 'https://api-sandbox.example.test/v1', OPP_API_KEY: 'k' });
    opened.push(t);
    expect(await simTables(t)).toEqual([]);
    expect(await hasSimMigrationRecord(t)).toBe(false);
    // Nor does the simulator answer there.
    const res = await fetch(`${t.baseUrl}/sim/opp/v1/transactions`);
    expect(res.status).toBe(404);
  });

  it('are created by the simulator itself when it is mounted', async () => {
    const t = await createTestApp();
    opened.push(t);
    expect(await simTables(t)).toEqual(['sim_idempotency_keys', 'sim_notifications', 'sim_objects']);
    expect(await hasSimMigrationRecord(t)).toBe(true);
  });
});
