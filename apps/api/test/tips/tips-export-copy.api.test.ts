import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, tipjars } from '../../src/db/schema/index.js';
import type { CsvSeparatorName } from '../../src/lib/csv.js';
import { exportTips } from '../../src/modules/tips/tips.export.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * On PostgreSQL the export's rows come from one COPY in the binary format, decoded in Node
 * (lib/pg-copy.ts); on PGlite from keyset-paged queries through the driver. Both must give the same
 * file, byte for byte, whatever the tips hold (and timestamps with microseconds: cut to milliseconds).
 */
let t: TestApp;
let admin: TestUser;
let jarId: string;

/** Cells that spreadsheets, CSV parsers and regex engines get wrong: each lands in every text column. */
const TRICKY = [
  'plain',
  '',
  'say "hi"',
  '"',
  'a,b',
  'a;b',
  'line\nbreak',
  'crlf\r\nend',
  'cr\ronly',
  '=SUM(A1)',
  '+31 6 1234',
  '-5',
  '- dash and space',
  '@cmd',
  '\tstarts with a tab',
  '\rstarts with a CR',
  '＝fullwidth',
  '＋fullwidth',
  '－fullwidth',
  '＠fullwidth',
  'x,=1;+2\n@3\r-4,- 5;-\t6,－7;＝8',
  'after break: ,-\u00a0nbsp ,-\u0085nel ,-\u2028ls ,-\ufeffbom',
  ',=starts with a separator',
  'ünïcödé ☕ 🎙️ 中文 ',
  "it's O'Brien \\ backslash \\n",
  'control \x01 char \x01= and \x01',
  ' leading and trailing spaces ',
  'x'.repeat(3000),
];

async function insertTip(v: {
  amount: number;
  fee: number;
  privacy: string;
  displayName: string | null;
  message: string;
  email: string;
  paymentMethod: string | null;
  created: string;
  episodeId: string | null;
}) {
  await t.database.db.execute(sql`
    insert into tips (tipjar_id, amount, fee, status, privacy, display_name, message, email, payment_method, created, updated, episode_id)
    values (${jarId}::uuid, ${v.amount}, ${v.fee}, 'completed', ${v.privacy}, ${v.displayName}, ${v.message},
            ${v.email}, ${v.paymentMethod}, ${v.created}::timestamptz, ${v.created}::timestamptz + interval '1.0005 seconds',
            ${v.episodeId}::uuid)`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'ADMIN' });
  const [jar] = await t.database.db
    .insert(tipjars)
    .values({ slug: 'copy-tricky', name: '=Jar "one"; a,b\n-c', status: 'LIVE', contactEmail: 'maker@example.test' })
    .returning();
  jarId = jar!.id;
  // Episodes with and without a number, their titles tricky too: the file writes "42: Title".
  const episodeIds = (
    await t.database.db
      .insert(episodes)
      .values(
        TRICKY.slice(0, 12).map((title, i) => ({
          tipjarId: jarId,
          guid: `guid-${i}`,
          title,
          number: i % 3 === 0 ? null : i * 7 - 20,
        })),
      )
      .returning({ id: episodes.id })
  ).map((e) => e.id);
  const amounts = [0, 1, 5, 99, 100, 101, 12_345, 100_000, 2_000_000_000];
  const created = [
    '2026-01-15 12:00:00.123456+00',
    '2026-01-15 12:00:00.999999+00',
    '1999-12-31 23:59:59.9995+00',
    '2026-03-29 02:30:00+02',
    '2026-10-25 02:30:00.5+01',
  ];
  for (const [i, text] of TRICKY.entries()) {
    const amount = amounts[i % amounts.length]!;
    await insertTip({
      amount,
      // A fee above the amount: a negative net.
      fee: i % 4 === 0 ? amount + 7 : Math.round(amount * 0.05),
      privacy: ['NAME_AND_AMOUNT', 'NAME_ONLY', 'ANONYMOUS'][i % 3]!,
      // ANONYMOUS with a name: the file must still leave it out.
      displayName: i % 5 === 4 ? null : `${text}|name`,
      message: text,
      email: i % 2 === 0 ? `${text}@example.test` : `+${i}@example.test`,
      paymentMethod: i % 6 === 5 ? null : text,
      created: created[i % created.length]!,
      episodeId: i % 2 === 0 ? null : (episodeIds[i % episodeIds.length] ?? null),
    });
  }
}, 60_000);
afterAll(() => t.close());

async function file(separator: CsvSeparatorName, writer: 'database' | 'node', batches: number[]) {
  const out = exportTips(
    t.ctx,
    { userId: admin.id, role: 'ADMIN' },
    { tipjarId: jarId },
    { separator, writer, batchSize: 7, onBatch: (rows) => batches.push(rows) },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of out.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe.skipIf(TEST_DB !== 'pg')('the export written by PostgreSQL (COPY)', () => {
  for (const separator of ['comma', 'semicolon'] as const) {
    it(`is byte for byte the CSV writer's file on tricky text, amounts and timestamps (${separator})`, async () => {
      const nodeBatches: number[] = [];
      const node = await file(separator, 'node', nodeBatches);
      const databaseBatches: number[] = [];
      const database = await file(separator, 'database', databaseBatches);
      // The Node writer read rows in batches; the database path read none (it did not fall back).
      expect(nodeBatches.reduce((a, b) => a + b, 0)).toBe(TRICKY.length);
      expect(databaseBatches).toEqual([]);
      const lines = (b: Buffer) => b.toString('utf8').split('\r\n');
      // Line by line first, for a readable difference; then the bytes.
      expect(lines(database)).toEqual(lines(node));
      expect(database.equals(node)).toBe(true);
    });
  }

  it('escapes a filter into the statement safely (quotes, backslashes, LIKE characters)', async () => {
    for (const search of ["O'Brien \\", '%', '_', 'say "hi"', "'); drop table tips; --"]) {
      const bodies: string[] = [];
      for (const writer of ['node', 'database'] as const) {
        const out = exportTips(t.ctx, { userId: admin.id, role: 'ADMIN' }, { tipjarId: jarId, search }, { writer });
        let text = '';
        for await (const chunk of out.body) text += chunk.toString();
        bodies.push(text);
      }
      expect(bodies[1], search).toBe(bodies[0]);
    }
    const count = await t.database.db.execute(
      sql`select count(*)::int as n from tips where tipjar_id = ${jarId}::uuid`,
    );
    expect((count as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: TRICKY.length });
  });
});
