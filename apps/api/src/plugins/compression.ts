import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type SharedBody, type SharedEncoding, sharedBodyOf } from '../lib/shared-bodies.js';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Per request the highest brotli quality (11) costs far more CPU than the bytes it saves. */
const BROTLI_QUALITY = 4;

/**
 * Compresses route answers above COMPRESS_THRESHOLD_BYTES (API JSON, CSV) with brotli or gzip,
 * whichever the client accepts, and says so in `Vary: Accept-Encoding`. The web app's static files are
 * compressed once at build time at the highest quality and sent as they are (an answer that already
 * has a Content-Encoding is left alone). Registered before the routes: the plugin configures each
 * route as it is added. The not-found handler is no route: the web plugin uses sendCompressed().
 */
export async function registerCompression(app: FastifyInstance) {
  // An application hook runs before the plugin's per-route one, which leaves an encoded answer alone.
  // A callback hook, not an async one: no promise per answer on the hot reads (decision 046).
  app.addHook('onSend', (request, reply, payload, done) => {
    const shared = typeof payload === 'string' ? sharedBodyOf(payload) : undefined;
    if (!shared || reply.hasHeader('content-encoding')) done(null, payload);
    else done(null, sendShared(request, reply, shared));
  });
  await app.register(compress, { global: true, ...COMPRESS_OPTIONS });
}

/** A cached answer's JSON compressed as the plugin would, but once per encoding (lib/shared-bodies.ts). */
function sendShared(request: FastifyRequest, reply: FastifyReply, shared: SharedBody) {
  reply.header('vary', 'accept-encoding');
  const encoding =
    Buffer.byteLength(shared.text) < COMPRESS_THRESHOLD_BYTES
      ? null
      : preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return shared.text;
  const compressed = shared.encoded(encoding, compressText);
  reply.header('content-encoding', encoding);
  return compressed;
}

function compressText(encoding: SharedEncoding, body: string): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body);
}

const COMPRESS_OPTIONS = {
  threshold: COMPRESS_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
};

/**
 * The route option `compress` of a large streamed download (the tips export: hundreds of MB):
 * brotli quality 1 or gzip level 1. At the default quality the compression was the export's limit
 * (brotli 4 and gzip 6 several times slower than quality or level 1 on the export's CSV, for files only a
 * little smaller; docs/benchmarks-history.md); these keep up with the database. Output buffers of BULK_CHUNK_BYTES instead
 * of zlib's 16 kB: one ~100 kB chunk of CSV then compresses in one trip to the thread pool instead of
 * several (export on 1.1 M rows, alternating runs: gzip 85 000–91 000 → 108 000–117 000 rows/s,
 * brotli 108 000–122 000 → 127 000–138 000; peak memory unchanged). A route option replaces every
 * setting, so the others are repeated.
 */
const BULK_CHUNK_BYTES = 128 * 1024;
export const BULK_DOWNLOAD_COMPRESSION = {
  ...COMPRESS_OPTIONS,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 }, chunkSize: BULK_CHUNK_BYTES },
  zlibOptions: { level: 1, chunkSize: BULK_CHUNK_BYTES },
};

/** br or gzip when the Accept-Encoding header accepts it (q > 0), in that order of preference. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Sends a text body compressed as the plugin would (same threshold, encodings and Vary). */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  reply.header('vary', 'accept-encoding');
  const encoding =
    Buffer.byteLength(body) < COMPRESS_THRESHOLD_BYTES ? null : preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(compressText(encoding, body));
}
