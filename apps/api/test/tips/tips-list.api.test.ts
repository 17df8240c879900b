import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjars } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * A tip jar's list at any depth (decision 018): every window of every sort, also past the middle
 * (read from the other end) and in a date range (sorted from the range), is the matching slice of
 * the whole list; the whole list is in the requested order; counts match the tips. Both databases.
 */
let t: TestApp;
let admin: TestUser;
let jarId: string;
const N = 61;

interface Listed {
  id: string;
  amount: number;
  status: string;
  created: string;
  updated: string;
}

async function list(query: string): Promise<{ data: Listed[]; count: number }> {
  const res = await t.api('GET', `/tipjars/${jarId}/tips?${query}`, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return { data: res.body.data, count: res.body.metadata.count };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({ slug: 'list-depth', name: 'List depth', status: 'LIVE', contactEmail: 'maker@example.test' })
    .returning();
  jarId = jar!.id;
  // Few distinct amounts and statuses (many ties), a tip a day from 1 March 2026, some updated together.
  await t.database.db.execute(sql`
    insert into tips (tipjar_id, amount, fee, status, message, email, created, updated)
    select ${jarId}::uuid, 100 * (1 + g % 4), 5, (array['completed', 'cancelled', 'pending'])[1 + g % 3], '', 'x@example.test',
           timestamptz '2026-03-01 12:00:00+00' + g * interval '1 day',
           timestamptz '2026-06-01 12:00:00+00' + (g / 3) * interval '1 hour'
    from generate_series(0, ${N - 1}) g`);
});
afterAll(() => t.close());

const sorts = ['', 'sortBy=amount', 'sortBy=created', 'sortBy=updated', 'sortBy=status'];

describe('GET /tipjars/:id/tips at any depth', () => {
  it('every window of every sort and direction is the slice of the whole list', async () => {
    for (const sort of sorts) {
      for (const dir of sort ? ['&sortDesc=false', '&sortDesc=true'] : ['']) {
        const order = `${sort}${dir}`;
        const all = await list(`skip=0&limit=1000&${order}`);
        expect(all.count).toBe(N);
        expect(all.data).toHaveLength(N);
        const key = sort.replace('sortBy=', '') || 'updated';
        const desc = sort ? dir.endsWith('true') : true;
        const values = all.data.map((tip) => tip[key as keyof Listed]);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values).toEqual(desc ? sorted.reverse() : sorted);
        for (const [skip, limit] of [
          [0, 7],
          [20, 27],
          [29, 32],
          [31, 40],
          [50, 61],
          [55, 70],
          [60, 61],
          [61, 70],
        ] as const) {
          const page = await list(`skip=${skip}&limit=${limit}&${order}`);
          expect(page.count).toBe(N);
          expect(
            page.data.map((tip) => tip.id),
            `${order} ${skip}-${limit}`,
          ).toEqual(all.data.slice(skip, limit).map((tip) => tip.id));
        }
      }
    }
  });

  it('a date range, with or without a status, pages like the whole list filtered', async () => {
    const range = 'from=2026-03-10&to=2026-04-05';
    for (const status of ['', '&status=completed']) {
      for (const order of [
        '',
        'sortBy=amount&sortDesc=true',
        'sortBy=status&sortDesc=false',
        'sortBy=created&sortDesc=true',
      ]) {
        const all = await list(`skip=0&limit=1000&${order}${status}`);
        const inRange = all.data.filter((tip) => tip.created >= '2026-03-10' && tip.created < '2026-04-06');
        const filtered = await list(`skip=0&limit=1000&${order}&${range}${status}`);
        expect(filtered.count).toBe(inRange.length);
        expect(filtered.data.map((tip) => tip.id)).toEqual(inRange.map((tip) => tip.id));
        const deep = await list(`skip=${inRange.length - 5}&limit=${inRange.length}&${order}&${range}${status}`);
        expect(deep.data.map((tip) => tip.id)).toEqual(inRange.slice(-5).map((tip) => tip.id));
      }
    }
  });
});
