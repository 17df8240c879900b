import { CSV_SEPARATORS, type CsvSeparatorName, textCell } from './csv.js';
import type { BinaryFields, CopySink } from './pg-copy.js';

/** Each byte as its two lowercase hex digits, as bytes. */
const HEX = new Uint8Array(512);
for (let i = 0; i < 256; i++) {
  const digits = i.toString(16).padStart(2, '0');
  HEX[2 * i] = digits.charCodeAt(0);
  HEX[2 * i + 1] = digits.charCodeAt(1);
}
/** Two decimal digits of 0…99 as bytes. */
const DIGITS2 = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  DIGITS2[2 * i] = 0x30 + Math.floor(i / 10);
  DIGITS2[2 * i + 1] = 0x30 + (i % 10);
}

const DAY_MS = 86_400_000;
/** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01 UTC). */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const [QUOTE, COMMA, SEMICOLON, CR, LF, EQUALS, PLUS, MINUS, AT, TAB, DOT, COLON] = [
  0x22, 0x2c, 0x3b, 0x0d, 0x0a, 0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x2e, 0x3a,
];
/** The first byte of U+F000…U+FFFF in UTF-8, where the fullwidth formula characters (＝ ＋ － ＠) live. */
const UTF8_EF = 0xef;

/**
 * CSV lines written as bytes straight from the fields of a binary COPY (decision 044): the same
 * bytes as `createCsvWriter` (lib/csv.ts) writes from objects — the export's byte-for-byte test holds
 * the two together — without a string per cell. A uuid becomes its hex digits, a timestamp its ISO
 * text and an amount its euros by table; a text cell with no character the CSV rules act on (a quote,
 * a separator, a line break, a formula character first) is copied as the database sent it, any other
 * goes through `textCell` as text. Lines gather in one buffer; `take` answers them as one chunk.
 */
export class CsvBytes implements Pick<CopySink<Buffer>, 'take'> {
  private out = Buffer.allocUnsafe(1 << 17);
  private at = 0;
  private readonly separatorByte: number;
  private readonly decimalMark: number;

  constructor(separator: CsvSeparatorName = 'comma') {
    this.separatorByte = CSV_SEPARATORS[separator].charCodeAt(0);
    // As createCsvWriter: with ';' between cells an amount has a decimal comma.
    this.decimalMark = separator === 'semicolon' ? COMMA : DOT;
  }

  /** The separator between two cells. */
  separator(): void {
    this.room(1);
    this.out[this.at++] = this.separatorByte;
  }

  /** CRLF: the end of a line. */
  lineEnd(): void {
    this.room(2);
    this.out[this.at++] = CR;
    this.out[this.at++] = LF;
  }

  /** A uuid field: 8-4-4-4-12 lowercase hex digits. */
  uuid(f: BinaryFields): void {
    f.next();
    const b = f.buf;
    const p = f.pos;
    f.pos += 16;
    this.room(36);
    const out = this.out;
    let at = this.at;
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) out[at++] = MINUS;
      const h = b[p + i]! * 2;
      out[at++] = HEX[h]!;
      out[at++] = HEX[h + 1]!;
    }
    this.at = at;
  }

  /** A timestamptz field as Date#toISOString writes it (milliseconds, cut); the day's part kept from the value before. */
  timestamp(f: BinaryFields): void {
    f.next();
    const high = f.buf.readInt32BE(f.pos);
    // Two int32 halves, exact in a double up to ±2^53 µs (years 1715…2285); beyond, as a BigInt.
    const ms =
      high < 0x200000 && high >= -0x200000
        ? PG_EPOCH_MS + Math.floor((high * 4294967296 + f.buf.readUInt32BE(f.pos + 4)) / 1000)
        : PG_EPOCH_MS + floorMillis(f.buf.readBigInt64BE(f.pos));
    f.pos += 8;
    this.room(ISO_MAX_BYTES);
    this.at = writeIsoTimestamp(this.out, this.at, ms);
  }

  /** An amount in cents as euros with 2 decimals (toDecimalEuros): never quoted, never a formula. */
  cents(cents: number): void {
    this.room(24);
    const out = this.out;
    let at = this.at;
    if (cents < 0) out[at++] = MINUS;
    const abs = Math.abs(cents);
    let euros = Math.floor(abs / 100);
    let digits = 1;
    for (let e = euros; e >= 10; e = Math.floor(e / 10)) digits++;
    for (let i = digits - 1; i >= 0; i--) {
      out[at + i] = 0x30 + (euros % 10);
      euros = Math.floor(euros / 10);
    }
    at += digits;
    out[at++] = this.decimalMark;
    this.at = two(out, at, abs % 100);
  }

  /** A text field written as it is: our own values (an enum), which never need quotes or escaping. */
  plain(f: BinaryFields): void {
    const length = f.next();
    if (length <= 0) return;
    this.bytes(f.buf, f.pos, f.pos + length);
    f.pos += length;
  }

  /** A text field (null as empty) by the CSV rules of `textCell`: bytes the rules leave alone are copied. */
  text(f: BinaryFields): void {
    const length = f.next();
    if (length <= 0) return;
    const b = f.buf;
    const start = f.pos;
    const end = start + length;
    f.pos = end;
    const first = b[start]!;
    let asIs =
      first !== EQUALS &&
      first !== PLUS &&
      first !== MINUS &&
      first !== AT &&
      first !== TAB &&
      first !== CR &&
      first !== UTF8_EF;
    for (let i = start; asIs && i < end; i++) {
      const c = b[i]!;
      if (c === QUOTE || c === COMMA || c === SEMICOLON || c === CR || c === LF) asIs = false;
    }
    if (!asIs) {
      this.string(b.toString('utf8', start, end));
      return;
    }
    this.bytes(b, start, end);
  }

  /** A text cell from a string (null as empty), by the rules of `textCell`. */
  string(value: string | null): void {
    if (!value) return;
    const cell = textCell(value);
    this.room(cell.length * 3);
    this.at += this.out.write(cell, this.at, 'utf8');
  }

  /** The lines written since the last take, as one chunk of their own; undefined when none. */
  take(): Buffer | undefined {
    if (this.at === 0) return undefined;
    const chunk = Buffer.allocUnsafe(this.at);
    this.out.copy(chunk, 0, 0, this.at);
    this.at = 0;
    return chunk;
  }

  /** Bytes of `from` copied in; short runs by hand (Buffer#copy's set-up costs more than a cell's bytes). */
  private bytes(from: Buffer, start: number, end: number): void {
    this.room(end - start);
    if (end - start > 64) {
      this.at += from.copy(this.out, this.at, start, end);
      return;
    }
    const out = this.out;
    let at = this.at;
    for (let i = start; i < end; i++) out[at++] = from[i]!;
    this.at = at;
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.out.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.at + bytes));
    this.out.copy(bigger, 0, 0, this.at);
    this.out = bigger;
  }
}

/** The longest ISO text of a Date: a signed six-digit year, `+275760-09-13T00:00:00.000Z`. */
const ISO_MAX_BYTES = 27;
let lastDay = Number.NaN;
const dayIso = Buffer.alloc(11);

/**
 * Writes `new Date(ms).toISOString()` into `out` at `at` (room for ISO_MAX_BYTES) and answers where it
 * ends — without a Date per value: the day's part is kept from the value before (an export's rows
 * come in time order), the time of day is written from digit tables.
 */
export function writeIsoTimestamp(out: Buffer, at: number, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    const iso = new Date(ms).toISOString();
    // Years before 0 and after 9999 are written with a sign and six digits: written as Date writes them.
    if (iso.length !== 24) return at + out.write(iso, at, 'latin1');
    lastDay = day;
    dayIso.write(iso.slice(0, 11), 'latin1');
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  for (let i = 0; i < 11; i++) out[at++] = dayIso[i]!;
  at = two(out, at, hours);
  out[at++] = COLON;
  at = two(out, at, minutes);
  out[at++] = COLON;
  at = two(out, at, seconds);
  out[at++] = DOT;
  out[at++] = 0x30 + Math.floor(millis / 100);
  at = two(out, at, millis % 100);
  out[at++] = 0x5a; // Z
  return at;
}

const isoScratch = Buffer.alloc(ISO_MAX_BYTES);

/** `new Date(ms).toISOString()` as text, by writeIsoTimestamp (the export's rows read through the driver). */
export function isoTimestamp(ms: number): string {
  return isoScratch.toString('latin1', 0, writeIsoTimestamp(isoScratch, 0, ms));
}

function floorMillis(micros: bigint): number {
  const ms = micros / 1000n;
  return Number(micros % 1000n < 0n ? ms - 1n : ms);
}

function two(out: Buffer, at: number, value: number): number {
  out[at] = DIGITS2[value * 2]!;
  out[at + 1] = DIGITS2[value * 2 + 1]!;
  return at + 2;
}
