import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * `COPY (query) TO STDOUT (FORMAT binary)` of a query selecting one non-null text column, on a
 * connection of its own: the column's bytes of every row, back to back, in the chunks they arrive
 * in (tens of kB). No row becomes a JavaScript value: only the binary format's framing is taken off.
 *
 * Pulled: while the caller does not ask for the next chunk, the copy stream stops reading the
 * socket, so the database waits for a slow reader and memory stays at a few buffers. Stopped early
 * (the caller returns or throws), the connection is closed rather than given back: a COPY cannot be
 * abandoned half way on an open connection, and the database then ends the statement.
 *
 * COPY takes no bind parameters: the query's are written into it as literals, quoted by the driver.
 */
export async function* copyTextRows(pool: pg.Pool, query: { sql: string; params: unknown[] }): AsyncGenerator<Buffer> {
  const client = await pool.connect();
  let finished = false;
  let failed: Error | undefined;
  try {
    const stream = client.query(copyTo(`copy (${inlineParams(client, query)}) to stdout (format binary)`));
    const framing = new BinaryCopyFraming();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const rows = framing.take(chunk);
      if (rows) yield rows;
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

/**
 * The binary COPY format (PostgreSQL docs, "COPY — Binary Format"): a header, then per row an int16
 * field count and per field an int32 length and its bytes, then an int16 -1. Chunks split anywhere;
 * the few bytes of a row cut in two wait for the next chunk.
 */
export class BinaryCopyFraming {
  private rest: Buffer = Buffer.alloc(0);
  private started = false;
  private ended = false;

  /** The rows' bytes in this chunk (undefined when it completes none). */
  take(chunk: Buffer): Buffer | undefined {
    const buf = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
    let pos = 0;
    if (!this.started) {
      if (buf.length < HEADER_BYTES) return this.keep(buf, 0);
      if (!buf.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY: not the binary format');
      const start = HEADER_BYTES + buf.readUInt32BE(SIGNATURE.length + 4);
      if (buf.length < start) return this.keep(buf, 0);
      pos = start;
      this.started = true;
    }
    const rows: Buffer[] = [];
    while (!this.ended && pos + 2 <= buf.length) {
      const fields = buf.readInt16BE(pos);
      if (fields === -1) {
        this.ended = true;
        pos += 2;
        break;
      }
      if (fields !== 1) throw new Error(`COPY: a row of ${fields} fields, expected 1`);
      if (pos + 6 > buf.length) break;
      const length = buf.readInt32BE(pos + 2);
      if (length < 0) throw new Error('COPY: a null row');
      if (pos + 6 + length > buf.length) break;
      rows.push(buf.subarray(pos + 6, pos + 6 + length));
      pos += 6 + length;
    }
    if (this.ended && pos < buf.length) throw new Error('COPY: bytes after the end');
    this.keep(buf, pos);
    return rows.length === 0 ? undefined : rows.length === 1 ? rows[0] : Buffer.concat(rows);
  }

  /** Throws unless the end of the rows was seen: the stream ended early. */
  finish() {
    if (!this.ended) throw new Error('COPY: the stream ended before its last row');
  }

  private keep(buf: Buffer, from: number): undefined {
    // A copy: a subarray would keep the whole chunk alive for a few bytes.
    this.rest = Buffer.from(buf.subarray(from));
    return undefined;
  }
}
