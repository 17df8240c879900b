import { toDecimalEuros } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import { textCell } from './csv.js';
import { CsvBytes, isoTimestamp } from './csv-bytes.js';
import { BinaryFields } from './pg-copy.js';

const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

/** One binary COPY field: its int32 length (-1 for null) and its bytes. */
function field(bytes: Buffer | null): BinaryFields {
  const f = new BinaryFields();
  const head = Buffer.alloc(4);
  head.writeInt32BE(bytes ? bytes.length : -1);
  f.buf = Buffer.concat([head, bytes ?? Buffer.alloc(0)]);
  f.pos = 0;
  return f;
}

function written(write: (out: CsvBytes) => void, separator: 'comma' | 'semicolon' = 'comma'): string {
  const out = new CsvBytes(separator);
  write(out);
  return out.take()?.toString('utf8') ?? '';
}

describe('CsvBytes', () => {
  it('writes a text field as textCell does, copying bytes only where the rules leave them alone', () => {
    const cells = [
      'plain',
      'say "hi"',
      'a,b',
      'a;b',
      'line\nbreak',
      'cr\ronly',
      '=SUM(A1)',
      '+31',
      '-5',
      '@cmd',
      '\ttab',
      '＝fullwidth',
      '－7',
      '\ufeffbom first',
      'ünïcödé ☕ 🎙️ 中文',
      'x,=1;+2\n@3\r-4,- 5;-\t6,－7;＝8',
      "it's \\n",
      ' spaces ',
    ];
    for (let i = 0; i < 2000; i++) {
      const alphabet = 'ab =+-@\t\r\n",;\'＝－é☕';
      let s = '';
      for (let n = Math.floor(Math.random() * 8); n > 0; n--)
        s += alphabet[Math.floor(Math.random() * alphabet.length)];
      cells.push(s);
    }
    for (const cell of cells) {
      const f = field(Buffer.from(cell, 'utf8'));
      expect(
        written((out) => out.text(f)),
        JSON.stringify(cell),
      ).toBe(textCell(cell));
      expect(f.pos).toBe(f.buf.length);
    }
    expect(written((out) => out.text(field(null)))).toBe('');
    expect(written((out) => out.text(field(Buffer.alloc(0))))).toBe('');
  });

  it('writes amounts as toDecimalEuros does, with a decimal comma beside semicolons', () => {
    const values = [0, 1, 9, 10, 99, 100, 101, 999, 12_345, -1, -99, -100, -12_345, 2_147_483_647, -2_147_483_648];
    for (let i = 0; i < 1000; i++) values.push(Math.floor((Math.random() - 0.5) * 2e7));
    for (const cents of values) {
      expect(written((out) => out.cents(cents))).toBe(toDecimalEuros(cents, '.'));
      expect(written((out) => out.cents(cents), 'semicolon')).toBe(toDecimalEuros(cents, ','));
    }
  });

  it('writes timestamps as Date#toISOString does, in time order and at random', () => {
    const values: number[] = [];
    for (let ms = Date.UTC(2026, 10, 27, 23, 59, 58); ms < Date.UTC(2026, 10, 28, 0, 0, 2); ms += 7) values.push(ms);
    for (let i = 0; i < 5000; i++) values.push(Math.floor((Math.random() - 0.3) * 8e12));
    values.push(
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      Date.UTC(1000, 0, 1, 0, 0, 0, 1),
      Date.UTC(2300, 5, 6, 7, 8, 9, 10),
    );
    values.push(Date.UTC(9999, 11, 31, 23, 59, 59, 999), 8.64e15, -6e13);
    const out = new CsvBytes();
    for (const ms of values) {
      const micros = Buffer.alloc(8);
      micros.writeBigInt64BE(BigInt(ms - PG_EPOCH_MS) * 1000n + 999n);
      out.timestamp(field(micros));
      expect(out.take()?.toString('latin1'), String(ms)).toBe(new Date(ms).toISOString());
    }
  });

  it('writes uuids as 8-4-4-4-12 lowercase hex and grows past its first buffer', () => {
    const id = Buffer.from('00ff7f80abcdef0123456789abcdef01', 'hex');
    const out = new CsvBytes();
    for (let i = 0; i < 10_000; i++) {
      out.uuid(field(id));
      out.lineEnd();
    }
    const text = out.take()!.toString('latin1');
    expect(text.length).toBe(38 * 10_000);
    expect(text.slice(0, 38)).toBe('00ff7f80-abcd-ef01-2345-6789abcdef01\r\n');
    expect(new Set(text.split('\r\n').slice(0, -1)).size).toBe(1);
    expect(out.take()).toBeUndefined();
  });
});

describe('isoTimestamp', () => {
  it('writes what Date#toISOString writes, in time order and at random, across days and centuries', () => {
    const values: number[] = [];
    for (let ms = Date.UTC(2026, 10, 27, 23, 59, 58); ms < Date.UTC(2026, 10, 28, 0, 0, 2); ms += 7) values.push(ms);
    for (let i = 0; i < 20_000; i++) values.push(Math.floor((Math.random() - 0.3) * 8e12));
    values.push(0, -1, Date.UTC(1969, 11, 31, 23, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999), 8.64e15);
    for (const ms of values) expect(isoTimestamp(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});
