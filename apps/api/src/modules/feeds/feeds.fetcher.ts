import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import zlib from 'node:zlib';
import type { FeedFailure } from '@podpot/domain';
import { guardedLookup, ipLiteralOf, isAllowedAddress, RefusedAddressError } from './feeds.addresses.js';

/*
 * Fetches a URL someone else gave us (a feed, its artwork) without letting it hurt us: http(s) only,
 * public addresses only (checked after DNS, on the connected socket, at every redirect hop), at most
 * `maxRedirects` hops, `maxBytes` of body (counted after decompression, aborted while streaming) and
 * `timeoutMs` for the whole thing. Conditional GET in and out (ETag / Last-Modified) for the refresh job.
 */

export interface SafeFetchOptions {
  /** FEED_ALLOW_LOOPBACK: 127.0.0.0/8 and ::1 allowed (tests, the demo feed); every other private range stays refused. */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Conditional GET: the validators of the copy we have. */
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
}

export type SafeFetchResult =
  | { status: 'not_modified'; url: string }
  | {
      status: 'ok';
      /** The URL the body came from, after redirects. */
      url: string;
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    };

/** One failure, typed: the routes answer it as a 4xx with the reason's field key (packages/domain schemas/feed.ts). */
export class FeedFetchError extends Error {
  constructor(
    readonly reason: FeedFailure,
    message: string,
  ) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

export const FEED_MAX_BYTES = 10 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_REDIRECTS = 5;
const USER_AGENT = 'Podpot feed reader (+https://podpot.example/feeds)';

/** Fetches `url` under the rules above; throws FeedFetchError for every failure. */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    let current = parseHttpUrl(url);
    for (let hop = 0; ; hop++) {
      const response = await request(current, options, abort.signal);
      const location = response.headers.location;
      if (isRedirect(response.statusCode) && location) {
        response.resume();
        if (hop >= (options.maxRedirects ?? FEED_MAX_REDIRECTS)) {
          throw new FeedFetchError('unreachable', 'Too many redirects');
        }
        current = parseHttpUrl(new URL(location, current).toString());
        continue;
      }
      return await readResponse(response, current, options);
    }
  } catch (error) {
    throw abort.signal.aborted
      ? new FeedFetchError('too_slow', `No answer within ${timeoutMs} ms`)
      : toFetchError(error);
  } finally {
    clearTimeout(timer);
  }
}

function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FeedFetchError('bad_url', 'Not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('bad_url', 'Only http and https addresses can be fetched');
  }
  if (url.username || url.password) throw new FeedFetchError('bad_url', 'Addresses with credentials are refused');
  return url;
}

function isRedirect(status: number | undefined): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function request(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  // An IP literal never goes through the lookup: check it here.
  const literal = ipLiteralOf(url.hostname);
  if (literal && !isAllowedAddress(literal, options.allowLoopback)) throw new RefusedAddressError(literal);
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: options.accept ?? 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'GET', headers, signal, lookup: guardedLookup(options.allowLoopback), agent: false },
      resolve,
    );
    // Belt and braces: whatever resolved the name, the socket we actually connected must be allowed.
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const remote = socket.remoteAddress;
        if (remote && !isAllowedAddress(remote, options.allowLoopback)) req.destroy(new RefusedAddressError(remote));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function readResponse(response: IncomingMessage, url: URL, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const status = response.statusCode ?? 0;
  if (status === 304 && (options.etag || options.lastModified)) {
    response.resume();
    return { status: 'not_modified', url: url.toString() };
  }
  if (status === 404 || status === 410) {
    response.resume();
    throw new FeedFetchError('not_found', `The server answered ${status}`);
  }
  if (status < 200 || status >= 300) {
    response.resume();
    throw new FeedFetchError('unreachable', `The server answered ${status}`);
  }
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const declared = Number(response.headers['content-length']);
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  // Without compression a declared length says it all before a byte is read.
  if (encoding === 'identity' && declared > maxBytes) {
    response.destroy();
    throw new FeedFetchError('too_large', `The answer is ${declared} bytes`);
  }
  const body = await readBounded(decoded(response, encoding), maxBytes, () => response.destroy());
  return {
    status: 'ok',
    url: url.toString(),
    body,
    contentType: response.headers['content-type'] ?? null,
    etag: headerOf(response, 'etag'),
    lastModified: headerOf(response, 'last-modified'),
  };
}

function headerOf(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return typeof value === 'string' && value ? value : null;
}

function decoded(response: IncomingMessage, encoding: string): NodeJS.ReadableStream {
  if (encoding === 'gzip' || encoding === 'x-gzip') return response.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return response.pipe(zlib.createInflate());
  if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
  return response;
}

/** Reads a stream into one Buffer, stopping (and calling `stop`) as soon as it passes `maxBytes`. */
async function readBounded(stream: NodeJS.ReadableStream, maxBytes: number, stop: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) {
      stop();
      throw new FeedFetchError('too_large', `The answer passed ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function toFetchError(error: unknown): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  if (error instanceof RefusedAddressError) return new FeedFetchError('refused_address', error.message);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EREFUSEDADDRESS') return new FeedFetchError('refused_address', String((error as Error).message));
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FeedFetchError('unreachable', 'Unknown host');
  return new FeedFetchError('unreachable', code ? `Connection failed (${code})` : 'Connection failed');
}
