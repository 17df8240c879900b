import { describe, expect, it } from 'vitest';
import { createCsvWriter } from './csv.js';
import { CsvBytes } from './csv-bytes.js';
import { BinaryCopyFraming, type BinaryFields } from './pg-copy.js';

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

/** Each row as a CSV line (uuid, timestamp, cents, text), as the export writes them. */
function csvSink(
  write = (f: BinaryFields, out: CsvBytes) => {
    out.uuid(f);
    out.separator();
    out.timestamp(f);
    out.separator();
    out.cents(f.int());
    out.separator();
    out.text(f);
    out.lineEnd();
  },
) {
  const out = new CsvBytes();
  const lines: string[] = [];
  return {
    row: (f: BinaryFields) => write(f, out),
    take: () => {
      const chunk = out.take();
      if (chunk) lines.push(chunk.toString('utf8'));
      return chunk;
    },
    text: () => lines.join(''),
  };
}

describe('BinaryCopyFraming', () => {
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
  const expected = createCsvWriter<(typeof rows)[number]>([
    { header: 'id', plain: (r) => r.id.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-') },
    { header: 'at', plain: (r) => new Date(r.ms).toISOString() },
    { header: 'n', cents: (r) => r.n },
    { header: 'text', text: (r) => r.text },
  ]).rows(rows);

  it('reads every row whole however the stream is cut into chunks', () => {
    const stream = copyStream(rows);
    for (let cut = 1; cut < stream.length; cut++) {
      const framing = new BinaryCopyFraming();
      const sink = csvSink();
      framing.scan(stream.subarray(0, cut), sink);
      sink.take();
      framing.scan(stream.subarray(cut), sink);
      sink.take();
      framing.finish();
      expect(sink.text(), `cut at ${cut}`).toBe(expected);
    }
  });

  it('reads big chunks in place, rows cut anywhere, also rows longer than the bytes it joins', () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      id: Buffer.alloc(16, i % 256),
      ms: Date.UTC(2026, 0, 1) + i * 1000,
      n: i - 1500,
      text: i % 500 === 7 ? `long ${'ü'.repeat(9000 + i)}` : `row ${i}, "quoted"`,
    }));
    const stream = copyStream(many);
    const whole = csvSink();
    const one = new BinaryCopyFraming();
    one.scan(stream, whole);
    whole.take();
    one.finish();
    for (const size of [8193, 9000, 20_011, 65_536]) {
      const framing = new BinaryCopyFraming();
      const sink = csvSink();
      for (let at = 0; at < stream.length; at += size) {
        framing.scan(stream.subarray(at, at + size), sink);
        sink.take();
      }
      framing.finish();
      expect(sink.text() === whole.text(), `chunks of ${size}`).toBe(true);
    }
    expect(whole.text().split('\r\n').length).toBe(3001);
  });

  it('refuses a stream that ends before its last row, and bytes after the end', () => {
    const stream = copyStream(rows);
    const short = new BinaryCopyFraming();
    short.scan(stream.subarray(0, stream.length - 2), csvSink());
    expect(() => short.finish()).toThrow(/ended before/);
    expect(() => new BinaryCopyFraming().scan(Buffer.concat([stream, Buffer.from([0])]), csvSink())).toThrow(
      /after the end/,
    );
  });

  it('refuses a row read with other types than it was written with', () => {
    const wrong = csvSink((f, out) => {
      out.uuid(f);
      out.cents(f.int());
    });
    expect(() => new BinaryCopyFraming().scan(copyStream(rows), wrong)).toThrow(/other than it was written/);
  });
});
