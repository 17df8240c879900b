import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * `COPY (query) TO STDOUT (FORMAT binary)` on a connection of its own, each row handed to `sink` in
 * Node (e.g. lib/csv-bytes.ts, which writes it as CSV bytes): the database sends each column in its
 * binary form (a uuid's 16 bytes, a timestamp's 8, an int's 4), which costs it next to nothing, and
 * Node writes the text (decisions 040 and 044: PostgreSQL writing the CSV lines itself spent most of
 * a big export formatting them, on one core; now the database reads while Node writes, on two).
 * Yields what the sink made of each chunk's rows.
 *
 * Pulled: while the caller does not ask for the next batch, the copy stream stops reading the socket,
 * so the database waits for a slow reader and memory stays at a few buffers. Stopped early (the
 * caller returns or throws), the connection is closed rather than given back: a COPY cannot be
 * abandoned half way on an open connection, and the database then ends the statement.
 *
 * COPY takes no bind parameters: the query's are written into it as literals, quoted by the driver.
 */
export async function* copyBinary<T>(
  pool: pg.Pool,
  query: { sql: string; params: unknown[] },
  sink: CopySink<T>,
): AsyncGenerator<T> {
  const client = await pool.connect();
  let finished = false;
  let failed: Error | undefined;
  try {
    const stream = client.query(copyTo(`copy (${inlineParams(client, query)}) to stdout (format binary)`));
    const framing = new BinaryCopyFraming();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      framing.scan(chunk, sink);
      const made = sink.take();
      if (made !== undefined) yield made;
    }
    framing.finish();
    finished = true;
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    client.release(finished ? undefined : (failed ?? new Error('COPY stopped before its end')));
  }
}

/** What a COPY's rows go into: each row read by `row`, and what a chunk's rows made taken out after it. */
export interface CopySink<T> {
  row(fields: BinaryFields): void;
  /** What the rows since the last take made, or undefined when they made nothing. */
  take(): T | undefined;
}

/** `$1`, `$2`… replaced by the driver's quoted literals of the parameters (dates as ISO text). */
function inlineParams(client: pg.PoolClient, query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= query.params.length) throw new Error(`COPY query: no parameter $${n}`);
    const value = query.params[index];
    if (value === null || value === undefined) return 'null';
    return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
  });
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, flags (int32), length of the header extension (int32). */
const HEADER_BYTES = SIGNATURE.length + 8;

/** Node's Buffer#utf8Slice (what toString('utf8', start, end) calls after checking its arguments). */
type Utf8Slicing = Buffer & { utf8Slice(start: number, end: number): string };

/**
 * The fields of one row, read in the order the query selects them; each reader takes the next field
 * (its int32 length, -1 for null, then its bytes) and says which binary type it expects.
 */
export class BinaryFields {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;

  /** Reads the next field's int32 length (-1 for null) and leaves `pos` at its first byte. */
  next(): number {
    const length = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return length;
  }

  /** Passes over the next field, whatever it holds. */
  skip(): void {
    const length = this.next();
    if (length > 0) this.pos += length;
  }

  /** int4. */
  int(): number {
    this.next();
    const value = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return value;
  }

  /** int4, or null. */
  nullableInt(): number | null {
    const length = this.next();
    if (length < 0) return null;
    const value = this.buf.readInt32BE(this.pos);
    this.pos += 4;
    return value;
  }

  /** text (UTF-8, the database's encoding), or null. */
  text(): string | null {
    const length = this.next();
    if (length < 0) return null;
    // Buffer's own decoder without toString's argument checks (a sixth of the decoding time).
    const value = (this.buf as Utf8Slicing).utf8Slice(this.pos, this.pos + length);
    this.pos += length;
    return value;
  }
}

/**
 * The binary COPY format (PostgreSQL docs, "COPY — Binary Format"): a header, then per row an int16
 * field count and per field an int32 length and its bytes, then an int16 -1. Chunks split anywhere;
 * the bytes of a row cut in two wait for the next chunk.
 */
const EMPTY = Buffer.alloc(0);
/** How much of the next chunk is joined to a row cut in two to complete it (longer rows: all of it). */
const JOIN_BYTES = 8192;

export class BinaryCopyFraming {
  private rest: Buffer = Buffer.alloc(0);
  private started = false;
  private ended = false;
  private readonly fields = new BinaryFields();

  /** Gives each row this chunk completes to `sink.row`; the bytes of a row cut in two wait for the next chunk. */
  scan(chunk: Buffer, sink: Pick<CopySink<unknown>, 'row'>): void {
    let rest = this.rest;
    if (rest.length > 0 && this.started && chunk.length > JOIN_BYTES) {
      // The row cut in two is completed from the chunk's first bytes alone, so the chunk is read in
      // place: joining all of it to a few bytes would copy every chunk once more (an export's memory).
      const joined = Buffer.concat([rest, chunk.subarray(0, JOIN_BYTES)]);
      const done = this.readRows(joined, 0, sink, 1);
      if (done > rest.length) {
        chunk = chunk.subarray(done - rest.length);
        rest = EMPTY;
      }
    }
    const buf = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let pos = 0;
    if (!this.started) {
      if (buf.length < HEADER_BYTES) {
        this.keep(buf, 0);
        return;
      }
      if (!buf.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY: not the binary format');
      const start = HEADER_BYTES + buf.readUInt32BE(SIGNATURE.length + 4);
      if (buf.length < start) {
        this.keep(buf, 0);
        return;
      }
      pos = start;
      this.started = true;
    }
    pos = this.readRows(buf, pos, sink);
    if (this.ended && pos < buf.length) throw new Error('COPY: bytes after the end');
    this.keep(buf, pos);
  }

  /** Reads up to `max` whole rows from `pos` (or the end mark); answers where the first unread byte is. */
  private readRows(buf: Buffer, pos: number, sink: Pick<CopySink<unknown>, 'row'>, max = Infinity): number {
    for (let read = 0; read < max && !this.ended && pos + 2 <= buf.length; read++) {
      const count = buf.readInt16BE(pos);
      if (count === -1) {
        this.ended = true;
        return pos + 2;
      }
      const end = rowEnd(buf, pos + 2, count);
      if (end < 0) break;
      this.fields.buf = buf;
      this.fields.pos = pos + 2;
      sink.row(this.fields);
      if (this.fields.pos !== end) throw new Error('COPY: a row read other than it was written');
      pos = end;
    }
    return pos;
  }

  /** Throws unless the end of the rows was seen: the stream ended early. */
  finish() {
    if (!this.ended) throw new Error('COPY: the stream ended before its last row');
  }

  private keep(buf: Buffer, from: number): void {
    // A copy: a subarray would keep the whole chunk alive for a few bytes.
    this.rest = from === buf.length ? EMPTY : Buffer.from(buf.subarray(from));
  }
}

/** Where the row whose `count` fields start at `pos` ends, or -1 when this buffer does not hold all of it. */
function rowEnd(buf: Buffer, pos: number, count: number): number {
  for (let i = 0; i < count; i++) {
    if (pos + 4 > buf.length) return -1;
    const length = buf.readInt32BE(pos);
    pos += 4 + Math.max(length, 0);
    if (pos > buf.length) return -1;
  }
  return pos;
}
