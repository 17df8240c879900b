import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Files the API keeps for makers (issue 40: the supporter feed's bonus audio and artwork), behind one
 * interface (decision 090). The one driver is the file system under `${DATA_DIR}/files`; an
 * S3-compatible driver would implement the same five calls. Keys are made here (`newStorageKey`), never
 * taken from a request, and checked against a strict pattern before they touch the file system.
 */
export interface FileStorage {
  /**
   * Writes `body` under `key`. More than `maxBytes` aborts the write, removes what was written and
   * throws StorageTooLarge. `inspect` sees the first bytes (up to 64) once they arrived and may throw to
   * refuse the file (the write is then removed too). Resolves with the bytes written. On a refusal the
   * body is left unread (not destroyed): the caller drains it and answers.
   */
  put(key: string, body: NodeJS.ReadableStream, options: PutOptions): Promise<{ bytes: number }>;
  /**
   * Writes `body` into the file under `key` from byte `offset` on (an upload in parts, decision 099):
   * the file is first cut to `offset` bytes (whatever a write whose record failed left after them goes),
   * and created when `offset` is 0. Past `maxBytes` (of this write) or on any failure the file is cut
   * back to `offset` and the error thrown. The caller keeps one writer per key at a time (a row lock).
   */
  append(key: string, body: NodeJS.ReadableStream, options: AppendOptions): Promise<{ bytes: number }>;
  /** The file's size, or null when there is none. */
  stat(key: string): Promise<{ bytes: number } | null>;
  /** A stream of bytes `start`..`end` (inclusive; default the whole file). */
  read(key: string, range?: { start: number; end: number }): NodeJS.ReadableStream;
  /** Removes the file; nothing when there is none. */
  delete(key: string): Promise<void>;
}

export interface PutOptions {
  maxBytes: number;
  /** Called once with the first bytes (up to HEAD_BYTES, fewer for a smaller file). */
  inspect?: (head: Buffer) => void;
}

export interface AppendOptions extends PutOptions {
  /** Bytes of the file that stay; the new ones follow them. */
  offset: number;
}

/** How many first bytes `inspect` sees. */
export const HEAD_BYTES = 64;

/** The write went past its `maxBytes`. */
export class StorageTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`File larger than ${maxBytes} bytes`);
    this.name = 'StorageTooLarge';
  }
}

/** What a key looks like: `<folder>/<uuid>` — lower-case letters, digits and dashes only. */
const KEY_PATTERN = /^[a-z][a-z0-9-]{0,30}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fresh key in `folder` (e.g. 'bonus-audio'). */
export function newStorageKey(folder: string): string {
  const key = `${folder}/${randomUUID()}`;
  if (!KEY_PATTERN.test(key)) throw new Error(`Bad storage folder: ${folder}`);
  return key;
}

/** The file system driver: files under `root` (`${DATA_DIR}/files` in the app). */
export function fileSystemStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    // The pattern alone rules out '..', absolute paths and separators; the prefix check is a second lock.
    if (!KEY_PATTERN.test(key)) throw new Error('Bad storage key');
    const file = path.resolve(base, key);
    if (!file.startsWith(`${base}${path.sep}`)) throw new Error('Bad storage key');
    return file;
  };
  return {
    async put(key, body, options) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written next to its place and renamed when complete: a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.part`;
      const guard = new LimitAndInspect(options);
      // Not pipeline(body, …): a refused file must leave the request readable, so the caller can answer
      // (it drains the rest); a destroyed request would take the connection and the answer with it.
      const source = body as Readable;
      const stopFollowing = follow(source, guard);
      try {
        await pipeline(guard, createWriteStream(partial, { flags: 'wx' }));
        guard.finish();
        await rename(partial, file);
        return { bytes: guard.bytes };
      } catch (err) {
        source.unpipe(guard);
        await rm(partial, { force: true });
        throw err;
      } finally {
        stopFollowing();
      }
    },
    async append(key, body, options) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (options.offset > 0) {
        const size = (await stat(file)).size;
        if (size < options.offset) throw new Error(`Stored file has ${size} bytes, not ${options.offset}`);
        await truncate(file, options.offset);
      }
      const guard = new LimitAndInspect(options);
      const source = body as Readable;
      const stopFollowing = follow(source, guard);
      try {
        const flags = options.offset > 0 ? 'r+' : 'w';
        await pipeline(guard, createWriteStream(file, { flags, start: options.offset }));
        guard.finish();
        return { bytes: guard.bytes };
      } catch (err) {
        source.unpipe(guard);
        await truncate(file, options.offset).catch(() => undefined);
        throw err;
      } finally {
        stopFollowing();
      }
    },
    async stat(key) {
      try {
        const s = await stat(fileOf(key));
        return s.isFile() ? { bytes: s.size } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    read(key, range) {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/**
 * Pipes `source` into `guard`, and fails the guard when the source breaks off before its end (a client
 * whose connection dropped mid-body): `pipe` alone would leave the write waiting for ever. Returns the
 * function that stops listening.
 */
function follow(source: Readable, guard: Transform): () => void {
  const brokeOff = () => {
    if (!source.readableEnded) guard.destroy(new Error('The body ended before its end'));
  };
  source.once('error', brokeOff);
  source.once('close', brokeOff);
  source.pipe(guard);
  return () => {
    source.off('error', brokeOff);
    source.off('close', brokeOff);
  };
}

/** Counts bytes (throwing past the limit) and hands the first HEAD_BYTES to `inspect` once. */
class LimitAndInspect extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private inspected = false;
  constructor(private readonly options: PutOptions) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.options.maxBytes) return done(new StorageTooLarge(this.options.maxBytes));
    try {
      if (!this.inspected) {
        this.head.push(chunk);
        this.headBytes += chunk.length;
        if (this.headBytes >= HEAD_BYTES) this.inspectHead();
      }
    } catch (err) {
      return done(err as Error);
    }
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    try {
      this.inspectHead();
      done();
    } catch (err) {
      done(err as Error);
    }
  }
  /** After the pipeline: a file that never reached the inspection (empty) is inspected now. */
  finish() {
    this.inspectHead();
  }
  private inspectHead() {
    if (this.inspected) return;
    this.inspected = true;
    this.options.inspect?.(Buffer.concat(this.head).subarray(0, HEAD_BYTES));
    this.head = [];
  }
}

const stores = new WeakMap<object, FileStorage>();

/** The app's file storage: `${DATA_DIR}/files` (docs/operations.md: back it up with the database). */
export function appStorage(ctx: { config: { dataDir: string } }): FileStorage {
  let store = stores.get(ctx);
  if (!store) {
    store = fileSystemStorage(path.join(ctx.config.dataDir, 'files'));
    stores.set(ctx, store);
  }
  return store;
}
