import { decodeListCursor, encodeListCursor } from '@podpot/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { insertLiveJar } from '../support/tipjar.js';

/**
 * Keyset paging of the tip lists (decision 041): walking a list by `after` / `before` gives exactly
 * the rows of skip/limit paging, in the same order, for every sort both ways, with filters — ties on
 * the sorted column and timestamps a microsecond apart included. A bad cursor, or one of another
 * sort, is a 422; another tip jar's cursor only names a position. Both databases.
 */
let t: TestApp;
let admin: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let jarId: string;
let otherJarId: string;
const N = 47;
const PAGE = 7;

interface Listed {
  id: string;
  tipjarId: string;
  amount: number;
  status: string;
}
interface Page {
  ids: string[];
  tipjarIds: string[];
  count: number;
  nextCursor?: string;
  prevCursor?: string;
}

async function list(path: string, query: string, token = maker.token): Promise<Page> {
  const res = await t.api('GET', `${path}?${query}`, { token });
  expect(res.status, `${query}: ${res.text}`).toBe(200);
  const data = res.body.data as Listed[];
  return { ids: data.map((tip) => tip.id), tipjarIds: data.map((tip) => tip.tipjarId), ...res.body.metadata };
}

async function addTips(tipjarId: string, n: number, offsetHours: number) {
  // Few distinct amounts and statuses (many ties); `updated` shared by three tips at a time, and some a
  // microsecond apart (a cursor that kept milliseconds only would skip or repeat them).
  await t.database.db.execute(sql`
    insert into tips (tipjar_id, amount, fee, status, display_name, message, email, created, updated)
    select ${tipjarId}::uuid, 100 * (1 + g % 4), 5, (array['completed', 'cancelled', 'pending'])[1 + g % 3],
           case when g % 3 = 1 then 'Bram' else 'Anna Visser' end, '', 'x@example.test',
           timestamptz '2026-03-01 12:00:00+00' + g * interval '1 day' + (g % 2) * interval '1 microsecond',
           timestamptz '2026-06-01 12:00:00+00' + (${offsetHours} + g / 3) * interval '1 hour' + (g % 5 / 4) * interval '1 microsecond'
    from generate_series(0, ${n - 1}) g`);
}

const makeJar = (slug: string, owner: TestUser) => insertLiveJar(t, slug, owner);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  maker = await t.createUser();
  otherMaker = await t.createUser();
  jarId = await makeJar('cursor-walk', maker);
  otherJarId = await makeJar('cursor-other', otherMaker);
  await addTips(jarId, N, 0);
  await addTips(otherJarId, 12, 5);
});
afterAll(() => t.close());

const ORDERS = [
  '',
  ...['amount', 'created', 'updated', 'status'].flatMap((col) => [
    `sortBy=${col}&sortDesc=false`,
    `sortBy=${col}&sortDesc=true`,
  ]),
];
const window = (page: number) => `skip=${(page - 1) * PAGE}&limit=${page * PAGE}`;

/** Walks the whole list forward by `after` and back from its last page by `before`, page by page against skip/limit. */
async function walkBothWays(path: string, query: string, token?: string) {
  const all = await list(path, `skip=0&limit=1000&${query}`, token);
  expect(all.ids.length).toBe(all.count);
  const pages = Math.max(1, Math.ceil(all.count / PAGE));
  const slice = (page: number) => all.ids.slice((page - 1) * PAGE, page * PAGE);

  let page = await list(path, `${window(1)}&${query}`, token);
  expect(page.ids).toEqual(slice(1));
  for (let p = 2; p <= pages; p++) {
    page = await list(path, `${window(p)}&after=${page.nextCursor}&${query}`, token);
    expect(page.ids, `${query} page ${p} after`).toEqual(slice(p));
    expect(page.count).toBe(all.count);
  }
  // Past the end: an empty page, no cursors.
  const end = await list(path, `${window(pages + 1)}&after=${page.nextCursor}&${query}`, token);
  expect(end).toEqual({ ids: [], tipjarIds: [], count: all.count });

  page = await list(path, `${window(pages)}&${query}`, token);
  expect(page.ids).toEqual(slice(pages));
  for (let p = pages - 1; p >= 1; p--) {
    page = await list(path, `${window(p)}&before=${page.prevCursor}&${query}`, token);
    expect(page.ids, `${query} page ${p} before`).toEqual(slice(p));
  }
  return all;
}

describe('GET /tipjars/:id/tips with after / before', () => {
  it('walks every sort both ways, page by page, as skip/limit pages it', async () => {
    for (const order of ORDERS) {
      const all = await walkBothWays(`/tipjars/${jarId}/tips`, order);
      expect(all.count).toBe(N);
    }
  });

  it('walks a status filter, a date range and a search the same way', async () => {
    for (const filter of [
      'status=completed',
      'from=2026-03-10&to=2026-04-05',
      'status=pending&from=2026-03-05',
      'search=visser',
    ]) {
      for (const order of ['', 'sortBy=amount&sortDesc=true', 'sortBy=status&sortDesc=false', 'sortBy=created']) {
        const all = await walkBothWays(`/tipjars/${jarId}/tips`, `${filter}&${order}`);
        expect(all.count).toBeGreaterThan(PAGE);
        expect(all.count).toBeLessThan(N);
      }
    }
  });

  it('refuses a cursor that is not ours, or of another sort or direction, with 422 INVALID_CURSOR', async () => {
    const first = await list(`/tipjars/${jarId}/tips`, `${window(1)}&sortBy=amount&sortDesc=true`);
    const [id] = first.ids;
    const bad = [
      ['sortBy=amount&sortDesc=true', 'not-a-cursor'],
      ['sortBy=amount&sortDesc=true', Buffer.from('{"a":1}').toString('base64url')],
      ['sortBy=amount&sortDesc=false', first.nextCursor!],
      ['sortBy=created&sortDesc=true', first.nextCursor!],
      ['', first.nextCursor!],
      // The right sort, but keys that are no amount, timestamp and id.
      ['sortBy=amount&sortDesc=true', encodeListCursor({ sortBy: 'amount', sortDesc: true, keys: ['1', 'x', id!] })],
      [
        'sortBy=amount&sortDesc=true',
        encodeListCursor({ sortBy: 'amount', sortDesc: true, keys: [100, '2026-06-01T12:00:00.000Z', id!] }),
      ],
      ['sortBy=amount&sortDesc=true', encodeListCursor({ sortBy: 'amount', sortDesc: true, keys: [100] })],
    ];
    for (const [order, cursor] of bad) {
      for (const side of ['after', 'before']) {
        const res = await t.api('GET', `/tipjars/${jarId}/tips?${window(2)}&${order}&${side}=${cursor}`, {
          token: maker.token,
        });
        expect(res.status, `${order} ${side}=${cursor}`).toBe(422);
        expect(res.body).toMatchObject({ code: 'INVALID_CURSOR', fields: { [side!]: { key: 'invalid' } } });
      }
    }
    const both = await t.api(
      'GET',
      `/tipjars/${jarId}/tips?${window(2)}&after=${first.nextCursor}&before=${first.prevCursor}`,
      { token: maker.token },
    );
    expect(both.status).toBe(400);
    // Characters no cursor has are bad input, as in any parameter.
    const junk = await t.api('GET', `/tipjars/${jarId}/tips?${window(2)}&after=a%0Ab`, { token: maker.token });
    expect(junk.status).toBe(400);
    expect(junk.body.fields.after).toEqual({ key: 'format' });
  });

  it("answers another tip jar's cursor with this tip jar's rows only, and holds nothing but the row's sort keys", async () => {
    const theirs = await list(`/tipjars/${otherJarId}/tips`, `${window(1)}&sortBy=created`, otherMaker.token);
    expect(decodeListCursor(theirs.nextCursor!)).toEqual({
      sortBy: 'created',
      sortDesc: false,
      keys: [expect.stringMatching(/^2026-03-\d\dT12:00:00\.00000\dZ$/), theirs.ids[PAGE - 1]],
    });
    const mine = await list(`/tipjars/${jarId}/tips`, `${window(2)}&sortBy=created&after=${theirs.nextCursor}`);
    expect(new Set(mine.tipjarIds)).toEqual(new Set([jarId]));
    expect(mine.ids.some((id) => theirs.ids.includes(id))).toBe(false);
    // And the other maker still cannot read this tip jar, cursor or not.
    const res = await t.api('GET', `/tipjars/${jarId}/tips?${window(2)}&sortBy=created&after=${theirs.nextCursor}`, {
      token: otherMaker.token,
    });
    expect(res.status).toBe(404);
  });
});

describe('GET /tips with after / before (platform admins)', () => {
  it('walks all tips and one tip jar both ways as skip/limit pages them', async () => {
    for (const order of [
      '',
      'sortBy=amount&sortDesc=false',
      'sortBy=updated&sortDesc=true',
      'sortBy=status&sortDesc=true',
    ]) {
      const all = await walkBothWays('/tips', order, admin.token);
      expect(all.count).toBe(N + 12);
      const other = await walkBothWays('/tips', `tipjarId=${otherJarId}&${order}`, admin.token);
      expect(new Set(other.tipjarIds)).toEqual(new Set([otherJarId]));
    }
  });
});
