import { describe, expect, it } from 'vitest';
import { BinaryCopyRows, type BinaryFields, isoTimestamp } from './pg-copy.js';

const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

/** A binary COPY stream of rows (uuid, timestamptz, int4, text-or-null), as PostgreSQL writes it. */
function copyStream(rows: { id: Buffer; ms: number; n: number; text: string | null }[]): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  for (const row of rows) {
    const head = Buffer.alloc(2);
    head.writeInt16BE(4);
    const id = Buffer.alloc(4 + 16);
    id.writeInt32BE(16);
    row.id.copy(id, 4);
    const ts = Buffer.alloc(4 + 8);
    ts.writeInt32BE(8);
    ts.writeBigInt64BE(BigInt(row.ms - PG_EPOCH_MS) * 1000n + 999n, 4);
    const n = Buffer.alloc(8);
    n.writeInt32BE(4);
    n.writeInt32BE(row.n, 4);
    const bytes = row.text === null ? null : Buffer.from(row.text, 'utf8');
    const len = Buffer.alloc(4);
    len.writeInt32BE(bytes ? bytes.length : -1);
    parts.push(head, id, ts, n, len, ...(bytes ? [bytes] : []));
  }
  const end = Buffer.alloc(2);
  end.writeInt16BE(-1);
  parts.push(end);
  return Buffer.concat(parts);
}

const read = (f: BinaryFields) => ({ id: f.uuid(), at: f.timestampIso(), n: f.int(), text: f.text() });

describe('isoTimestamp', () => {
  it('writes what Date#toISOString writes, in time order and at random, across days and centuries', () => {
    const values: number[] = [];
    for (let ms = Date.UTC(2026, 10, 27, 23, 59, 58); ms < Date.UTC(2026, 10, 28, 0, 0, 2); ms += 7) values.push(ms);
    for (let i = 0; i < 20_000; i++) values.push(Math.floor((Math.random() - 0.3) * 8e12));
    values.push(0, -1, Date.UTC(1969, 11, 31, 23, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999), 8.64e15);
    for (const ms of values) expect(isoTimestamp(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});

describe('BinaryCopyRows', () => {
  const rows = [
    {
      id: Buffer.from('0123456789abcdef0123456789abcdef', 'hex'),
      ms: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      n: -7,
      text: 'ünï ☕ "x",y',
    },
    { id: Buffer.alloc(16, 0xff), ms: Date.UTC(2001, 5, 6), n: 2_147_483_647, text: null },
    { id: Buffer.alloc(16, 0), ms: Date.UTC(2026, 0, 2, 3, 4, 5, 7), n: 0, text: '' },
  ];
  const expected = rows.map((r) => ({
    id: r.id.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'),
    at: new Date(r.ms).toISOString(),
    n: r.n,
    text: r.text,
  }));

  it('reads every row whole however the stream is cut into chunks', () => {
    const stream = copyStream(rows);
    for (let cut = 1; cut < stream.length; cut++) {
      const framing = new BinaryCopyRows(read);
      const got = [...framing.take(stream.subarray(0, cut)), ...framing.take(stream.subarray(cut))];
      framing.finish();
      expect(got, `cut at ${cut}`).toEqual(expected);
    }
  });

  it('refuses a stream that ends before its last row, and bytes after the end', () => {
    const stream = copyStream(rows);
    const short = new BinaryCopyRows(read);
    short.take(stream.subarray(0, stream.length - 2));
    expect(() => short.finish()).toThrow(/ended before/);
    expect(() => new BinaryCopyRows(read).take(Buffer.concat([stream, Buffer.from([0])]))).toThrow(/after the end/);
  });

  it('refuses a row read with other types than it was written with', () => {
    const wrong = new BinaryCopyRows((f) => ({ id: f.uuid(), n: f.int() }));
    expect(() => wrong.take(copyStream(rows))).toThrow(/other than it was written/);
  });
});
