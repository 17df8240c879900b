import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateDrift } from '../../src/modules/statistics/statistics.scan.js';
import { listTips, SORT_RANGE_UP_TO } from '../../src/modules/tips/tips.list.js';
import { keptBucketRows, POSITIONS_FROM } from '../../src/modules/tips/tips.positions.js';
import type { TipFilter, TipSortBy } from '../../src/modules/tips/tips.repository.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { insertLiveJar } from '../support/tipjar.js';

/**
 * A page deep in a tip jar's list is placed by the kept bucket counts (tip_list_positions, decision
 * 050) instead of a walk past `skip` index entries: the same rows as the walk, at every offset, for
 * every sort both ways and with a status filter — after tips were inserted, moved to another status
 * and week (also side by side, on PostgreSQL), and deleted — and the counts stay what the tips say.
 * A date range's count (whole weeks from the counts, the ends on the index) is what the tips say.
 * A date range's pages, sorted from the range or read in sort order, are the SQL order's, also by cursor.
 * The admin's list across tip jars, placed by every jar's counts summed, holds the same rows (decision 054).
 * Through the API, a page at skip ≥ POSITIONS_FROM of a jar that large equals the SQL OFFSET's rows.
 * Both databases.
 */
let t: TestApp;
let maker: TestUser;

const makeJar = (slug: string, owner: TestUser) => insertLiveJar(t, slug, owner);

/** `n` tips over weeks of `created` and `updated`, few amounts and statuses (many ties), some a microsecond apart. */
async function addTips(tipjarId: string, n: number, step: string) {
  await t.database.db.execute(sql`
    insert into tips (tipjar_id, amount, fee, status, display_name, message, email, created, updated)
    select ${tipjarId}::uuid, 100 * (1 + g % 4), 5, (array['completed', 'cancelled', 'pending'])[1 + g % 3],
           'Anna', '', 'x@example.test',
           timestamptz '2026-01-01 00:00:00+00' + g * ${step}::interval + (g % 2) * interval '1 microsecond',
           timestamptz '2026-01-01 00:00:00+00' + g * ${step}::interval + (g % 4) * interval '2 days'
    from generate_series(0, ${n - 1}) g`);
}

const SORTS: { sortBy?: TipSortBy; sortDesc?: boolean }[] = [
  {},
  ...(['amount', 'created', 'updated', 'status'] as const).flatMap((sortBy) => [
    { sortBy, sortDesc: false },
    { sortBy, sortDesc: true },
  ]),
];

/** Each list order as SQL, by its query string. */
const ORDER_SQL: Record<string, string> = {
  '': 'updated desc, id desc',
  'sortBy=amount&sortDesc=false': 'amount, updated, id',
  'sortBy=amount&sortDesc=true': 'amount desc, updated desc, id desc',
  'sortBy=created&sortDesc=false': 'created, id',
  'sortBy=created&sortDesc=true': 'created desc, id desc',
  'sortBy=updated&sortDesc=false': 'updated, id',
  'sortBy=updated&sortDesc=true': 'updated desc, id desc',
  'sortBy=status&sortDesc=false': 'status, updated, id',
  'sortBy=status&sortDesc=true': 'status desc, updated desc, id desc',
};
const queryOf = (sort: (typeof SORTS)[number]) =>
  sort.sortBy ? `sortBy=${sort.sortBy}&sortDesc=${sort.sortDesc}` : '';

/**
 * A tip jar of 150 tips from 2026-01-01 00:00 UTC (a Thursday: the start of an epoch week, the
 * buckets' weeks), 11 hours apart, beside another jar's 40; the first jar's completed 200-cent tips
 * refunded three weeks later (status and week of `updated` move).
 */
async function jarWithRefunds(slug: string): Promise<string> {
  const jarId = await makeJar(slug, maker);
  await addTips(jarId, 150, '11 hours');
  await addTips(await makeJar(`${slug}-other`, maker), 40, '1 day');
  await t.database.db.execute(sql`update tips set status = 'refunded', updated = updated + interval '3 weeks'
                                  where tipjar_id = ${jarId} and amount = 200 and status = 'completed'`);
  return jarId;
}

beforeAll(async () => {
  t = await createTestApp();
  maker = await t.createUser();
});
afterAll(() => t.close());

describe('a window placed by the kept bucket counts', () => {
  // Hundreds of list reads each (5 s on PostgreSQL here; PGlite, one connection, is slower and past 30 s
  // when two test runs share the two cores).
  it('holds the rows the index walk gives, at every offset, for every sort both ways and a status filter', async () => {
    const jarId = await jarWithRefunds('deep-small');
    const db = t.database.db;
    // Single tips moved side by side (separate transactions, separate shards on PostgreSQL).
    const some = (
      (await db.execute(
        sql`select id from tips where tipjar_id = ${jarId} and status = 'pending' order by created limit 8`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await Promise.all(
      some.map(({ id }, i) =>
        db.execute(sql`update tips set status = ${i % 2 ? 'completed' : 'expired'}, updated = now() where id = ${id}`),
      ),
    );
    await db.execute(sql`delete from tips where tipjar_id = ${jarId} and amount = 400 and status = 'cancelled'`);
    expect(await aggregateDrift(db)).toEqual([]);

    // And the admin's list across tip jars (this jar and the other), placed by every jar's counts summed.
    const filters: TipFilter[] = [
      { tipjarId: jarId },
      { tipjarId: jarId, status: 'completed' },
      {},
      { status: 'completed' },
    ];
    for (const filter of filters) {
      for (const sort of SORTS) {
        const all = await listTips(
          db,
          filter,
          { skip: 0, limit: 1000, ...sort },
          { positionsFrom: Number.POSITIVE_INFINITY },
        );
        expect(all.rows.length).toBe(all.count);
        expect(all.count).toBeGreaterThan(filter.status ? 30 : 120);
        for (let skip = 0; skip < all.count; skip += 3) {
          const query = { skip, limit: skip + 7, ...sort };
          const placed = await listTips(db, filter, query, { positionsFrom: 0, bucketRows: 0 });
          const label = `${JSON.stringify(filter)} ${JSON.stringify(sort)} skip ${skip}`;
          expect(
            placed.rows.map((tip) => tip.id),
            label,
          ).toEqual(all.rows.slice(skip, skip + 7).map((tip) => tip.id));
          expect(placed.count).toBe(all.count);
        }
      }
    }
  }, 90_000);

  it('places the list across tip jars only while its counts are few against the walk, with the same rows', async () => {
    const db = t.database.db;
    const all = await listTips(db, {}, { skip: 0, limit: 1000 }, { positionsFrom: Number.POSITIVE_INFINITY });
    const deep = { skip: all.count - 30, limit: all.count - 20 };
    const expected = all.rows.slice(deep.skip, deep.skip + 10).map((tip) => tip.id);
    // The estimate of the counts' rows the list asks for: none before the first analyze, then theirs.
    await db.execute(sql`analyze tip_list_positions`);
    const kept = (await db.execute(sql`select count(*)::int as n from tip_list_positions`)) as unknown as {
      rows: { n: number }[];
    };
    expect(await keptBucketRows(db)).toBe(kept.rows[0]!.n);
    for (const tuning of [
      { positionsFrom: 0 },
      { positionsFrom: 0, bucketRows: 1e9 },
      { positionsFrom: 0, bucketRows: 0 },
    ]) {
      const page = await listTips(db, {}, deep, tuning);
      expect(
        page.rows.map((tip) => tip.id),
        JSON.stringify(tuning),
      ).toEqual(expected);
      expect(page.count).toBe(all.count);
    }
  });
});

describe('a date range counted by whole weeks', () => {
  it('counts what the tips say, at week edges, across them, open at either end and within one week', async () => {
    const jarId = await jarWithRefunds('deep-dates');
    const db = t.database.db;
    const at = (iso: string) => new Date(iso);
    const ranges: { from?: Date; to?: Date }[] = [
      { from: at('2026-01-01T00:00:00Z'), to: at('2026-01-29T00:00:00Z') },
      { from: at('2026-01-01T00:00:00.001Z'), to: at('2026-01-28T23:59:59.999Z') },
      { from: at('2025-12-30T00:00:00Z'), to: at('2026-02-03T13:00:00Z') },
      { from: at('2026-01-10T05:00:00Z') },
      { to: at('2026-02-10T00:00:00Z') },
      { from: at('2026-01-02T00:00:00Z'), to: at('2026-01-06T00:00:00Z') },
      // A tip exactly at the start of the range's partial first week (the third, 22:00) and exactly at
      // the start of its partial last week (the first, 2026-01-01 00:00).
      { from: at('2026-01-01T22:00:00Z'), to: at('2026-01-15T00:00:00Z') },
      { from: at('2025-12-25T00:00:00Z'), to: at('2026-01-01T05:00:00Z') },
    ];
    for (const status of [undefined, 'completed'] as const) {
      for (const range of ranges) {
        const [scanned] = (
          (await db.execute(sql`select count(*)::int as n from tips where tipjar_id = ${jarId}
                ${status ? sql`and status = ${status}` : sql``}
                ${range.from ? sql`and created >= ${range.from}` : sql``}
                ${range.to ? sql`and created < ${range.to}` : sql``}`)) as unknown as { rows: { n: number }[] }
        ).rows;
        const page = await listTips(db, { tipjarId: jarId, status, ...range }, { skip: 0, limit: 5 });
        expect(page.count, `${status} ${JSON.stringify(range)}`).toBe(scanned!.n);
        expect(page.count).toBeGreaterThan(0);
      }
    }
  });
});

describe('a date range', () => {
  it('gives the rows of the SQL order, sorted from the range or read in sort order when the count finds it large', async () => {
    const jarId = await jarWithRefunds('deep-range');
    const db = t.database.db;
    const range = { from: new Date('2026-01-09T00:00:00Z'), to: new Date('2026-02-20T00:00:00Z') };
    for (const status of [undefined, 'completed'] as const) {
      const filter: TipFilter = { tipjarId: jarId, status, ...range };
      for (const sort of SORTS) {
        const expected = (
          (await db.execute(
            sql`select id from tips where tipjar_id = ${jarId} and created >= ${range.from} and created < ${range.to}
                ${status ? sql`and status = ${status}` : sql``} order by ${sql.raw(ORDER_SQL[queryOf(sort)]!)}`,
          )) as unknown as { rows: { id: string }[] }
        ).rows.map((r) => r.id);
        expect(expected.length).toBeGreaterThan(20);
        // The default threshold sorts this range from its own index; 5 makes the count find it large.
        for (const sortRangeUpTo of [SORT_RANGE_UP_TO, 5]) {
          const label = `${status ?? 'all'} ${queryOf(sort)} up to ${sortRangeUpTo}`;
          const list = (query: { skip: number; limit: number; after?: string; before?: string }) =>
            listTips(db, filter, { ...query, ...sort }, { sortRangeUpTo });
          const ids = (page: { rows: { id: string }[] }) => page.rows.map((tip) => tip.id);
          for (const skip of [0, 4, expected.length - 6, expected.length - 2]) {
            const page = await list({ skip, limit: skip + 5 });
            expect(ids(page), `${label} skip ${skip}`).toEqual(expected.slice(skip, skip + 5));
            expect(page.count).toBe(expected.length);
          }
          const middle = await list({ skip: 10, limit: 15 });
          const next = await list({ skip: 15, limit: 20, after: middle.nextCursor });
          expect(ids(next), `${label} after`).toEqual(expected.slice(15, 20));
          const previous = await list({ skip: 5, limit: 10, before: middle.prevCursor });
          expect(ids(previous), `${label} before`).toEqual(expected.slice(5, 10));
          expect(previous.count).toBe(expected.length);
        }
      }
    }
  });
});

describe('GET /tipjars/:id/tips deep in a large tip jar', () => {
  it('answers a page at skip ≥ POSITIONS_FROM with the rows of an SQL OFFSET', async () => {
    const jarId = await makeJar('deep-large', maker);
    const total = 2 * POSITIONS_FROM + 500;
    await addTips(jarId, total, '3 minutes');
    for (const [query, order] of Object.entries(ORDER_SQL)) {
      for (const skip of [POSITIONS_FROM, POSITIONS_FROM + 233]) {
        const res = await t.api('GET', `/tipjars/${jarId}/tips?skip=${skip}&limit=${skip + 25}&${query}`, {
          token: maker.token,
        });
        expect(res.status, res.text).toBe(200);
        const expected = (
          (await t.database.db.execute(
            sql`select id from tips where tipjar_id = ${jarId} order by ${sql.raw(order)} offset ${skip} limit 25`,
          )) as unknown as { rows: { id: string }[] }
        ).rows.map((r) => r.id);
        expect(
          res.body.data.map((tip: { id: string }) => tip.id),
          `${query} skip ${skip}`,
        ).toEqual(expected);
        expect(res.body.metadata.count).toBe(total);
      }
    }
  }, 90_000);
});
