import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { COMPRESS_THRESHOLD_BYTES } from '../../src/plugins/compression.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Compression and caching of what the API serves, over real HTTP with raw bytes (fetch would decode
 * them): the web build's precompressed files as they are, API JSON above a threshold compressed.
 */
let t: TestApp;
let dist: string;
const ASSET = `console.log(${JSON.stringify('podpot '.repeat(400))});`;
// Not the bytes the server would make itself: proves the file written at build time is sent.
const ASSET_BR = brotliCompressSync(ASSET);
const ASSET_GZ = gzipSync(ASSET, { level: 9 });

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'podpot-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <title>Podpot</title>\n  </head>\n  <body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body>\n</html>\n`,
  );
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), ASSET);
  await writeFile(path.join(dist, 'assets', 'app-1234.js.br'), ASSET_BR);
  await writeFile(path.join(dist, 'assets', 'app-1234.js.gz'), ASSET_GZ);
  await writeFile(path.join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        `${t.baseUrl}${url}`,
        { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the web build (hashed assets)', () => {
  it('sends the precompressed brotli file to a client that accepts br, immutable', async () => {
    const res = await get('/assets/app-1234.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(ASSET_BR)).toBe(true);
  });

  it('sends the gzip file to a client without brotli', async () => {
    const res = await get('/assets/app-1234.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.equals(ASSET_GZ)).toBe(true);
    expect(gunzipSync(res.body).toString()).toBe(ASSET);
  });

  it('honours q=0: a client that refuses brotli gets gzip', async () => {
    const res = await get('/assets/app-1234.js', 'br;q=0, gzip;q=0.8');
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = await get('/login', 'br;q=0, gzip');
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(html.body).toString()).toContain('<div id="root">');
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await get('/assets/app-1234.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(ASSET);
  });

  it('compresses the HTML it writes per request, which is never cached', async () => {
    const res = await get('/login', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toContain('<div id="root">');
  });

  it('does not call files outside assets/ immutable', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});

describe('API JSON', () => {
  it(`is compressed above ${COMPRESS_THRESHOLD_BYTES} bytes`, async () => {
    const res = await get('/api/v1/openapi.json', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const json = brotliDecompressSync(res.body);
    expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.body.length).toBeLessThan(json.length / 4);
    expect(JSON.parse(json.toString()).openapi).toMatch(/^3\./);
  });

  it('with gzip for a client without brotli', async () => {
    const res = await get('/api/v1/openapi.json', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString()).openapi).toMatch(/^3\./);
  });

  it('is sent as it is below the threshold, and to clients that accept no compression', async () => {
    const small = await get('/api/v1/nothing-here', 'gzip, br');
    expect(small.status).toBe(404);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).code).toBe('NOT_FOUND');

    const plain = await get('/api/v1/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).openapi).toMatch(/^3\./);
  });
});

describe("the storefront's cached answer (GET tipjars?slug= without a session)", () => {
  it('goes compressed in the encoding each client asks for, the same answer every time, and a change shows at once', async () => {
    const maker = await t.createUser();
    const slug = `compressed-${Date.now().toString(36)}`;
    const [jar] = await t.database.db
      .insert(tipjars)
      .values({
        slug,
        name: 'Compressed',
        status: 'LIVE',
        contactEmail: 'maker@example.test',
        description: 'Een podcast over koffie. '.repeat(60),
      })
      .returning();
    await t.database.db.insert(tipjarAdmins).values({ tipjarId: jar!.id, userId: maker.id });
    const url = `/api/v1/tipjars?slug=${slug}`;
    const decoded = (res: Awaited<ReturnType<typeof get>>) =>
      JSON.parse(
        (res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.body)
          : res.headers['content-encoding'] === 'gzip'
            ? gunzipSync(res.body)
            : res.body
        ).toString(),
      );

    const answers = [];
    for (const accept of ['gzip, br', 'gzip', undefined, 'gzip, br', 'br;q=0, gzip', 'gzip, br']) {
      const res = await get(url, accept);
      expect(res.status).toBe(200);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const expected =
        accept === undefined ? undefined : accept.startsWith('br;q=0') || accept === 'gzip' ? 'gzip' : 'br';
      expect(res.headers['content-encoding']).toBe(expected);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      answers.push(decoded(res));
    }
    expect(answers[0].data[0].name).toBe('Compressed');
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    // The maker renames it: the next answer, in every encoding, has the new name.
    const renamed = await t.api('PUT', `/tipjars/${jar!.id}`, {
      token: maker.token,
      body: { data: { name: 'Renamed' } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    for (const accept of ['gzip, br', 'gzip', undefined]) {
      expect(decoded(await get(url, accept)).data[0].name).toBe('Renamed');
    }
  });
});
