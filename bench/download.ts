/**
 * One download of a large streamed answer (the tips export) as a client that does not set the pace:
 * node:http, and the body decompressed by zlib in 128 kB buffers — what curl or a browser does natively.
 * The benches first read it through fetch(), which decompresses in 16 kB pieces through a web
 * stream: 2.1–2.5 s of the client's CPU per 276 MB export against 1.1–1.9 s this way on one machine,
 * and 39–51 s in slow runs on another, more than the API spent writing it. bench:scale also walked
 * every byte with an iterator to count lines.
 */
import http from 'node:http';
import { createBrotliDecompress, createGunzip } from 'node:zlib';

const CHUNK = 128 * 1024;

/** Adds a chunk's bytes and newlines to `into`. */
function count(into: Download, chunk: Uint8Array) {
  into.bytes += chunk.length;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) into.lines++;
}

export type Download = {
  status: number;
  /** The Content-Encoding the server chose (`identity` when none). */
  encoding: string;
  /** Bytes on the wire. */
  wireBytes: number;
  /** Bytes after decompression. */
  bytes: number;
  /** Newlines in the decompressed body. */
  lines: number;
};

/** `BENCH_DOWNLOAD_CLIENT=fetch` reads through fetch() instead, to compare the two clients. */
export function download(url: string, headers: Record<string, string>): Promise<Download> {
  return process.env.BENCH_DOWNLOAD_CLIENT === 'fetch' ? downloadByFetch(url, headers) : downloadByHttp(url, headers);
}

function downloadByHttp(url: string, headers: Record<string, string>): Promise<Download> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (res) => {
      const encoding = String(res.headers['content-encoding'] ?? 'identity');
      const result: Download = { status: res.statusCode ?? 0, encoding, wireBytes: 0, bytes: 0, lines: 0 };
      res.on('data', (chunk: Buffer) => {
        result.wireBytes += chunk.length;
      });
      const decoder =
        encoding === 'br'
          ? createBrotliDecompress({ chunkSize: CHUNK })
          : encoding === 'gzip'
            ? createGunzip({ chunkSize: CHUNK })
            : null;
      const body = decoder ? res.pipe(decoder) : res;
      res.on('error', reject);
      body.on('error', reject);
      body.on('data', (chunk: Buffer) => count(result, chunk));
      body.on('end', () => resolve(result));
    });
    request.on('error', reject);
  });
}

/** What the benches did before: fetch(), which decompresses itself (the wire's size is not known then). */
async function downloadByFetch(url: string, headers: Record<string, string>): Promise<Download> {
  const res = await fetch(url, { headers });
  const result: Download = {
    status: res.status,
    encoding: res.headers.get('content-encoding') ?? 'identity',
    wireBytes: Number.NaN,
    bytes: 0,
    lines: 0,
  };
  for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) count(result, chunk);
  return result;
}
