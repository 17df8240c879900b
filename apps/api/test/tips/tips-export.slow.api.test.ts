import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjars } from '../../src/db/schema/index.js';
import { EXPORT_BATCH_SIZE, exportTips } from '../../src/modules/tips/tips.export.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/** GET /api/v1/tips/export: a streamed CSV with keyset-paged batches; flat memory for 100k rows. */
const ROWS = 100_000;
let t: TestApp;
let admin: TestUser;
let bigJar: string;
let smallJar: string;

async function insertJar(slug: string) {
  const [row] = await t.database.db
    .insert(tipjars)
    .values({ slug, name: `Jar ${slug}`, status: 'LIVE', contactEmail: 'maker@example.test' })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  bigJar = await insertJar('export-big');
  smallJar = await insertJar('export-small');
  // One statement: 100k tips, half of them sharing one timestamp (the keyset must handle ties).
  await t.database.db.execute(sql`
    insert into tips (tipjar_id, amount, fee, status, privacy, display_name, message, email, locale,
                      payment_method, completed_at, created, updated)
    select ${bigJar}::uuid, 100 + (g % 900), 5, case when g % 4 = 0 then 'cancelled' else 'completed' end,
           'NAME_AND_AMOUNT', 'Tipper ' || g, 'Message number ' || g, 'tipper' || g || '@example.test', 'en',
           'ideal', now(),
           case when g % 2 = 0 then timestamptz '2026-01-15 12:00:00.123456+00'
                else timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second' end,
           now()
    from generate_series(1, ${ROWS}) as g`);
  // Over 120 s on PGlite at a load of 21 on the 2-core machine (a quiet one: about 10 s); a hang still fails.
}, 300_000);
afterAll(() => t.close());
// About 20 s each on PGlite alone; the generous timeouts are for a loaded machine running suites side by side.

async function insertSmallTip(values: {
  amount: number;
  status?: string;
  privacy?: string;
  displayName?: string | null;
  message: string;
  created: string;
}) {
  await t.database.db.execute(sql`
    insert into tips (tipjar_id, amount, fee, status, privacy, display_name, message, email, payment_method, created)
    values (${smallJar}::uuid, ${values.amount}, ${Math.round(values.amount * 0.05)}, ${values.status ?? 'completed'},
            ${values.privacy ?? 'NAME_AND_AMOUNT'}, ${values.displayName ?? null}, ${values.message},
            'small@example.test', 'bcmc', ${values.created}::timestamptz)`);
}

/** A full garbage collection, on demand (the flag can be set at run time; `gc` then exists in new contexts). */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The file as rows of cells, by a real CSV parser, with the separator it was written with. */
function parseCsv(text: string, delimiter = ','): string[][] {
  return parse(text, { bom: true, delimiter }) as string[][];
}

/** Whether a COPY of the export is still running on the database (PostgreSQL). */
async function copiesRunning(): Promise<boolean> {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query like 'copy (%' and state <> 'idle'`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
}

describe('GET /api/v1/tips/export', () => {
  it('needs a platform admin', async () => {
    expect((await t.api('GET', '/tips/export')).status).toBe(401);
    const user = await t.createUser();
    expect((await t.api('GET', '/tips/export', { token: user.token })).status).toBe(403);
  });

  it('refuses malformed filters', async () => {
    expect((await t.api('GET', '/tips/export?from=yesterday', { token: admin.token })).status).toBe(400);
    expect((await t.api('GET', '/tips/export?status=paid', { token: admin.token })).status).toBe(400);
    expect((await t.api('GET', '/tips/export?tipjarId=x', { token: admin.token })).status).toBe(400);
    expect((await t.api('GET', '/tips/export?separator=tab', { token: admin.token })).status).toBe(400);
  });

  it(`streams ${ROWS} rows with flat server memory`, async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/tips/export?tipjarId=${bigJar}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="podpot-tips-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Streamed: no length known up front.
    expect(res.headers.get('content-length')).toBeNull();
    // What stays reachable, not garbage a collection has not yet come for: the heap after a full GC.
    const retained = () => {
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    const before = retained();
    let peak = before;
    let lines = 0;
    let bytes = 0;
    let chunks = 0;
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      const text = decoder.decode(chunk, { stream: true });
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
      if (++chunks % 25 === 0) peak = Math.max(peak, retained());
    }
    expect(lines).toBe(ROWS + 1);
    // The CSV is ~26 MB; holding all rows as objects would take several times that. The server (same
    // process) keeps at most a batch or two, so what stays reachable grows by a small part of the file.
    const growth = peak - before;
    expect(bytes).toBeGreaterThan(10_000_000);
    expect(growth, `heap grew ${Math.round(growth / 1e6)} MB for ${Math.round(bytes / 1e6)} MB of CSV`).toBeLessThan(
      bytes / 4,
    );
  }, 150_000);

  it(`reads in batches of ${EXPORT_BATCH_SIZE}: each row once, in order, also across equal timestamps`, async () => {
    const batches: number[] = [];
    // The 50k rows that share one timestamp (microseconds, which a JS Date cannot hold).
    const tied = { tipjarId: bigJar, from: new Date('2026-01-15T00:00:00Z') };
    // The rows as Node reads and writes them (PGlite's way; on PostgreSQL the database writes the lines).
    const file = exportTips(t.ctx, { userId: admin.id, role: 'ADMIN' }, tied, {
      onBatch: (rows) => batches.push(rows),
      writer: 'node',
    });
    const seen = new Set<string>();
    let previous = '';
    let first = true;
    for await (const chunk of file.body) {
      for (const line of String(chunk).split('\r\n')) {
        if (!line) continue;
        if (first) {
          first = false;
          continue;
        }
        const [id, created] = line.split(',');
        seen.add(id!);
        const key = `${created}|${id}`;
        expect(key >= previous).toBe(true);
        previous = key;
      }
    }
    expect(seen.size).toBe(ROWS / 2);
    expect(batches.every((b) => b <= EXPORT_BATCH_SIZE)).toBe(true);
    // Full batches, then one empty read that ends the export.
    expect(batches.length).toBe(ROWS / 2 / EXPORT_BATCH_SIZE + 1);
  }, 150_000);

  it.skipIf(TEST_DB !== 'pg')(
    'PostgreSQL: a client that stops reading makes the database wait, and gets every row when it reads on',
    async () => {
      collectGarbage();
      const held = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
      const res = await fetch(`${t.baseUrl}/api/v1/tips/export?tipjarId=${bigJar}`, {
        headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'identity' },
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let lines = 0;
      const count = (chunk: Uint8Array) => {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      };
      count((await reader.read()).value!);
      // Not reading on: once the sockets' buffers are full, the COPY waits to write to the API.
      const copyWaits = async () => {
        const result = await t.database.db.execute(
          sql`select wait_event from pg_stat_activity where query like 'copy (%' and state = 'active'`,
        );
        return (result as unknown as { rows: { wait_event: string | null }[] }).rows.some(
          (r) => r.wait_event === 'ClientWrite',
        );
      };
      let waiting = false;
      for (let i = 0; i < 100 && !waiting; i++) {
        await new Promise((r) => setTimeout(r, 100));
        waiting = await copyWaits();
      }
      expect(waiting, 'the COPY waits for the client').toBe(true);
      // And keeps waiting, with the server holding little of the ~26 MB file (not read ahead into memory).
      await new Promise((r) => setTimeout(r, 2000));
      expect(await copyWaits(), 'the COPY still waits').toBe(true);
      // Memory this process holds beyond the start, after a full collection: the least of three looks
      // 300 ms apart, so a request of a background job in flight at one look does not count as the
      // export's (read ahead into memory, it would show at every look).
      const heldNow = async () => {
        await new Promise((r) => setTimeout(r, 300));
        collectGarbage();
        const { heapUsed, arrayBuffers } = process.memoryUsage();
        return heapUsed + arrayBuffers - held;
      };
      const looks = [await heldNow(), await heldNow(), await heldNow()];
      expect(Math.min(...looks), `held: ${looks.join(', ')} bytes`).toBeLessThan(8_000_000);
      expect(await copyWaits(), 'the COPY still waits after the looks').toBe(true);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        count(value);
      }
      expect(lines).toBe(ROWS + 1);
    },
    60_000,
  );

  it('a download dropped after its first rows gives its connection back (more drops than the pool has connections)', async () => {
    for (let i = 0; i < 8; i++) {
      const file = exportTips(t.ctx, { userId: admin.id, role: 'ADMIN' }, { tipjarId: bigJar }, { batchSize: 500 });
      expect(String((await file.body.next()).value)).toMatch(/^\ufeffid,/);
      expect(String((await file.body.next()).value)).toContain('example.test');
      await file.body.return(undefined);
    }
    if (TEST_DB === 'pg') {
      // Each dropped COPY's connection was closed, not given back: the database ends those statements
      // once it sees their clients gone. Waited for as state (not a fixed pause), then the pool has
      // no one waiting and no more clients than its size.
      for (const deadline = Date.now() + 30_000; await copiesRunning(); ) {
        expect(Date.now(), 'the dropped COPYs are still running').toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 50));
      }
      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
      expect(pool.waitingCount).toBe(0);
      expect(pool.totalCount).toBeLessThanOrEqual(pool.options.max);
    }
    const list = await t.api('GET', `/tips?tipjarId=${bigJar}&status=cancelled&limit=1`, { token: admin.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.metadata.count).toBe(ROWS / 4);
  }, 60_000);

  it('filters by status, tip jar and date; euros with 2 decimals; quotes and defuses formulas with either separator', async () => {
    await insertSmallTip({ amount: 1234, message: '=HYPERLINK("http://evil")', created: '2026-02-01T10:00:00Z' });
    await insertSmallTip({ amount: 100, message: 'Hello; "world",\nline two', created: '2026-02-02T10:00:00Z' });
    await insertSmallTip({
      amount: 500,
      privacy: 'ANONYMOUS',
      displayName: null,
      message: '@SUM(A1)',
      created: '2026-02-03T10:00:00Z',
    });
    await insertSmallTip({ amount: 700, status: 'failed', message: '+1;=2+2', created: '2026-02-03T11:00:00Z' });

    const all = await t.api('GET', `/tips/export?tipjarId=${smallJar}`, { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.text.replace(/^\ufeff/, '').startsWith('id,created,updated,')).toBe(true);
    const dutch = await t.api('GET', `/tips/export?tipjarId=${smallJar}&separator=semicolon`, { token: admin.token });
    expect(dutch.status).toBe(200);
    expect(dutch.text.replace(/^\ufeff/, '').startsWith('id;created;updated;')).toBe(true);
    // Same cells either way; only the separator and the decimal mark differ.
    for (const [file, delimiter, decimal] of [
      [all.text, ',', '.'],
      [dutch.text, ';', ','],
    ] as const) {
      const rows = parseCsv(file, delimiter);
      const header = rows[0]!;
      const col = (name: string) => header.indexOf(name);
      const data = rows.slice(1);
      expect(data).toHaveLength(4);
      const money = (s: string) => s.replace('.', decimal);
      expect(data.map((r) => r[col('amount')])).toEqual(['12.34', '1.00', '5.00', '7.00'].map(money));
      expect(data[0]![col('fee')]).toBe(money('0.62'));
      expect(data[0]![col('net')]).toBe(money('11.72'));
      expect(data[0]![col('message')]).toBe(`'=HYPERLINK("http://evil")`);
      expect(data[1]![col('message')]).toBe('Hello; "world",\nline two');
      expect(data[2]![col('message')]).toBe(`'@SUM(A1)`);
      expect(data[2]![col('displayName')]).toBe('');
      expect(data[3]![col('message')]).toBe(`'+1;'=2+2`);
      expect(data[0]![col('email')]).toBe('small@example.test');
    }

    const completed = await t.api('GET', `/tips/export?tipjarId=${smallJar}&status=completed`, { token: admin.token });
    expect(parseCsv(completed.text).length - 1).toBe(3);
    const window = await t.api('GET', `/tips/export?tipjarId=${smallJar}&from=2026-02-02&to=2026-02-02`, {
      token: admin.token,
    });
    expect(parseCsv(window.text).length - 1).toBe(1);
  });

  it('is compressed with brotli or gzip, whichever the client takes, to the same file', async () => {
    const download = async (encoding: string) => {
      // Ten minutes of the big jar: ~300 rows.
      const window = 'from=2026-01-01T00:00:00Z&to=2026-01-01T00:10:00Z';
      const res = await fetch(`${t.baseUrl}/api/v1/tips/export?tipjarId=${bigJar}&${window}`, {
        headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': encoding },
      });
      expect(res.status).toBe(200);
      return { encoding: res.headers.get('content-encoding'), text: await res.text() };
    };
    const plain = await download('identity');
    expect(plain.encoding).toBeNull();
    expect(plain.text.split('\r\n').length).toBeGreaterThan(250);
    expect(await download('br')).toEqual({ encoding: 'br', text: plain.text });
    expect(await download('gzip')).toEqual({ encoding: 'gzip', text: plain.text });
  });
});
