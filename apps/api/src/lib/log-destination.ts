import { writeSync } from 'node:fs';
import type { DestinationStream } from 'pino';

/** How long a write waits before it tries again when the reader of a full pipe has not caught up. */
const RETRY_AFTER_MS = 1;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Where the JSON log lines go (stdout): the lines of one turn of the event loop are joined and
 * written with one system call when the turn's work is done (decision 049). Pino's own destination
 * (sonic-boom) wrote asynchronously on the thread pool, and measured the byte length of its whole
 * pending buffer again for every line it took in, so under load each request line cost a hot read
 * a large share of its time (docs/benchmarks-history.md). One write per turn, on this thread, with nothing pending across turns: the lines
 * keep their order, a line is out before the next turn begins, and what is pending is written when
 * the process exits (an uncaught error included); only a `kill -9` can lose the lines of the turn it
 * lands in. A full pipe (a log shipper behind) holds the process, as a synchronous logger does, rather
 * than letting lines pile up in memory.
 */
export class LinePerTurnDestination implements DestinationStream {
  readonly #fd: number;
  #lines: string[] = [];
  #scheduled = false;

  #flushesAtExit = false;

  constructor(fd = 1) {
    this.#fd = fd;
  }

  write(line: string): void {
    this.#lines.push(line);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#flush);
      // Hooked on the first line, so a destination nobody writes to (a test's options) adds no listener.
      if (!this.#flushesAtExit) {
        this.#flushesAtExit = true;
        process.once('exit', () => this.flushSync());
      }
    }
  }

  /** pino's `logger.flush()`. */
  flush(done?: (err?: Error) => void): void {
    this.flushSync();
    done?.();
  }

  /** Writes every pending line now. */
  flushSync(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join('');
    this.#lines = [];
    writeFully(this.#fd, text);
  }

  readonly #flush = () => {
    this.#scheduled = false;
    this.flushSync();
  };
}

/**
 * Writes all of `text`, after a short write too, waiting while a non-blocking pipe is full. Any other
 * failure (stdout closed) drops the lines: a log that cannot be written must not stop the process.
 */
function writeFully(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, RETRY_AFTER_MS);
    }
  }
}
