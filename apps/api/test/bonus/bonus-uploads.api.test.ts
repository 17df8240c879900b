import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { BONUS_AUDIO_MAX_BYTES, BONUS_UPLOAD_KEPT_MS, BONUS_UPLOAD_PART_MIN_BYTES } from '@podpot/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusAudioUploads } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import {
  type FeedWorld,
  feedWorld,
  get,
  mp3Bytes,
  myFeed,
  payingSupporter,
  pngBytes,
  publishEpisode,
} from './bonus-support.js';

/**
 * Bonus audio uploaded in parts (decision 099): each part a request of its own, appended only where the
 * upload stands, the last one handing the file to the episode exactly as the single PUT does.
 */
const PART = BONUS_UPLOAD_PART_MIN_BYTES;
let t: TestApp;
let w: FeedWorld;

beforeAll(async () => {
  t = await createTestApp({ BONUS_UPLOAD_PART_BYTES: PART });
  w = await feedWorld(t);
});
afterAll(() => t.close());

async function storedFiles(folder: string): Promise<string[]> {
  return readdir(path.join(t.dataDir, 'files', folder)).catch(() => []);
}

const uploadsPath = (episodeId: string, w2 = w) => `/tipjars/${w2.jarId}/bonus-episodes/${episodeId}/audio/uploads`;

async function start(episodeId: string, bytes: number, type = 'audio/mpeg', token = w.maker.token) {
  return t.api('POST', uploadsPath(episodeId), { token, body: { type, bytes } });
}

/** PUT one part: bytes `start`..`end` (inclusive) of `file`. */
function part(episodeId: string, uploadId: string, file: Buffer, start: number, end: number, token = w.maker.token) {
  return fetch(`${t.baseUrl}/api/v1${uploadsPath(episodeId)}/${uploadId}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${start}-${end}/${file.length}`,
    },
    body: new Uint8Array(file.subarray(start, end + 1)),
  });
}

/** An mp3 of two full parts and a bit. */
const threeParts = () => mp3Bytes(2 * PART + 1234);

async function enclosureOf(title: string): Promise<string> {
  const tipper = await t.createUser();
  const tip = await payingSupporter(w, tipper);
  const xml = await (await get(t, (await myFeed(t, tipper, tip.recurringTipId)).url!)).text();
  return new RegExp(`<item>[\\s\\S]*?<title>${title}</title>[\\s\\S]*?<enclosure url="([^"]+)"`).exec(xml)![1]!;
}

describe('audio in parts', () => {
  it('three parts complete the audio; the feed serves the same bytes; the old file goes', async () => {
    const id = await publishEpisode(w, { title: 'InParts' });
    const before = await storedFiles('bonus-audio');
    const file = threeParts();
    const up = await start(id, file.length);
    expect(up.status, up.text).toBe(201);
    expect(up.body).toEqual({ id: expect.any(String), partBytes: PART, received: 0, total: file.length });
    const first = await part(id, up.body.id, file, 0, PART - 1);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: PART });
    expect((await part(id, up.body.id, file, PART, 2 * PART - 1)).status).toBe(200);
    const last = await part(id, up.body.id, file, 2 * PART, file.length - 1);
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ id, audio: { type: 'audio/mpeg', bytes: file.length } });
    // The episode's earlier audio is gone: as many files as before, no parts left behind.
    expect((await storedFiles('bonus-audio')).length).toBe(before.length);
    expect(await storedFiles('bonus-parts')).toEqual([]);

    const url = await enclosureOf('InParts');
    const whole = await get(t, url);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(file);
    const ranged = await get(t, url, { range: 'bytes=0-99' });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(file.subarray(0, 100));

    // A part resent after the upload completed answers the episode again, and changes nothing.
    const again = await part(id, up.body.id, file, 2 * PART, file.length - 1);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id, audio: { bytes: file.length } });
  });

  it('a part out of order is 409 naming the offset; the same part twice is appended once; a probe tells where it stands', async () => {
    const id = await publishEpisode(w, { title: 'Ordered' }, null);
    const file = threeParts();
    const up = (await start(id, file.length)).body;
    const gap = await part(id, up.id, file, PART, 2 * PART - 1);
    expect(gap.status).toBe(409);
    const error = await gap.json();
    expect(error).toMatchObject({ code: 'CONFLICT', fields: { 'content-range': { params: { expected: 0 } } } });
    expect((await part(id, up.id, file, 0, PART - 1)).status).toBe(200);
    const twice = await part(id, up.id, file, 0, PART - 1);
    expect(twice.status).toBe(200);
    expect(await twice.json()).toMatchObject({ received: PART });
    // Overlapping what was received is 409 as well.
    const overlap = await part(id, up.id, file, PART - 10, 2 * PART - 11);
    expect(overlap.status).toBe(409);
    expect((await overlap.json()).fields['content-range'].params.expected).toBe(PART);
    // The reason in the asker's language.
    const dutch = await fetch(`${t.baseUrl}/api/v1${uploadsPath(id)}/${up.id}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${w.maker.token}`,
        'accept-language': 'nl',
        'content-type': 'application/octet-stream',
        'content-range': `bytes ${2 * PART}-${2 * PART + 9}/${file.length}`,
      },
      body: new Uint8Array(10),
    });
    expect(dutch.status).toBe(409);
    expect((await dutch.json()).message).toBe(`Dit deel begint niet waar de upload staat: stuur vanaf byte ${PART}`);
    const probe = await fetch(`${t.baseUrl}/api/v1${uploadsPath(id)}/${up.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${w.maker.token}`, 'content-range': `bytes */${file.length}` },
    });
    expect(probe.status).toBe(200);
    expect(await probe.json()).toMatchObject({ received: PART, total: file.length });
    // A part larger than the part size is refused; a range of another total too.
    expect((await part(id, up.id, file, PART, 2 * PART)).status).toBe(413);
    expect((await part(id, up.id, Buffer.concat([file, Buffer.alloc(5)]), PART, 2 * PART - 1)).status).toBe(400);
    expect((await part(id, up.id, file, PART, 2 * PART - 1)).status).toBe(200);
    const done = await part(id, up.id, file, 2 * PART, file.length - 1);
    expect(await done.json()).toMatchObject({ audio: { bytes: file.length } });
    const url = await enclosureOf('Ordered');
    expect(Buffer.from(await (await get(t, url)).arrayBuffer())).toEqual(file);
  });

  it.runIf(TEST_DB === 'pg')('parts sent at once cannot both append: the file stays exact', async () => {
    const id = await publishEpisode(w, { title: 'AtOnce' }, null);
    const file = threeParts();
    const up = (await start(id, file.length)).body;
    const same = await Promise.all([0, 1, 2].map(() => part(id, up.id, file, 0, PART - 1)));
    expect(same.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(same.map((r) => r.json()));
    expect(bodies.map((b) => b.received)).toEqual([PART, PART, PART]);
    // The second and the third part at once: the third may come too early (409) and is sent again.
    const [second, third] = await Promise.all([
      part(id, up.id, file, PART, 2 * PART - 1),
      part(id, up.id, file, 2 * PART, file.length - 1),
    ]);
    expect(second.status).toBe(200);
    if (third.status === 409) {
      expect((await part(id, up.id, file, 2 * PART, file.length - 1)).status).toBe(200);
    } else expect(third.status).toBe(200);
    const url = await enclosureOf('AtOnce');
    expect(Buffer.from(await (await get(t, url)).arrayBuffer())).toEqual(file);
  });

  it('a first part that is not audio is 415 and the upload is dropped; nothing is stored', async () => {
    const id = await publishEpisode(w, {}, null);
    const before = await storedFiles('bonus-audio');
    const file = Buffer.concat([pngBytes(), Buffer.alloc(2 * PART, 3)]);
    const up = (await start(id, file.length)).body;
    const res = await part(id, up.id, file, 0, PART - 1);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', fields: { body: { key: 'format' } } });
    expect(await storedFiles('bonus-audio')).toEqual(before);
    expect(await storedFiles('bonus-parts')).toEqual([]);
    expect(await t.database.db.select().from(bonusAudioUploads).where(eq(bonusAudioUploads.id, up.id))).toEqual([]);
    expect((await part(id, up.id, file, 0, PART - 1)).status).toBe(404);
  });

  it('refuses a total over the limit (413, as the single PUT) and a type that is not audio (415)', async () => {
    const id = await publishEpisode(w, {}, null);
    const big = await start(id, BONUS_AUDIO_MAX_BYTES + 1);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: { body: { key: 'tooBig' } } });
    const image = await start(id, 1000, 'image/png');
    expect(image.status).toBe(415);
    expect(image.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("another maker, a stranger and anonymous callers get 404 (401) for the maker's upload", async () => {
    const id = await publishEpisode(w, {}, null);
    const file = threeParts();
    const up = (await start(id, file.length)).body;
    const other = await feedWorld(t);
    for (const token of [other.maker.token, (await t.createUser()).token]) {
      expect((await start(id, file.length, 'audio/mpeg', token)).status).toBe(404);
      expect((await part(id, up.id, file, 0, PART - 1, token)).status).toBe(404);
    }
    expect((await t.api('POST', uploadsPath(id), { body: { type: 'audio/mpeg', bytes: 10 } })).status).toBe(401);
    // Through the other maker's own tip jar path: not one of theirs.
    const foreign = await t.api('POST', uploadsPath(id, other), {
      token: other.maker.token,
      body: { type: 'audio/mpeg', bytes: 10 },
    });
    expect(foreign.status).toBe(404);
    // Nothing was appended by them.
    expect((await part(id, up.id, file, 0, PART - 1)).status).toBe(200);
  });

  it('an upload left unfinished for a day is dropped with its bytes by the hourly cleanup', async () => {
    const id = await publishEpisode(w, {}, null);
    const file = threeParts();
    const up = (await start(id, file.length)).body;
    expect((await part(id, up.id, file, 0, PART - 1)).status).toBe(200);
    const stored = await storageFileOf(up.id);
    expect(await storedFiles('bonus-audio')).toContain(stored);
    const { cleanUpShortLived } = await import('../../src/jobs/index.js');
    await cleanUpShortLived(t.ctx, new Date(Date.now() + BONUS_UPLOAD_KEPT_MS - 60_000));
    expect(await storedFiles('bonus-audio')).toContain(stored);
    await cleanUpShortLived(t.ctx, new Date(Date.now() + BONUS_UPLOAD_KEPT_MS + 60_000));
    expect(await storedFiles('bonus-audio')).not.toContain(stored);
    expect(await t.database.db.select().from(bonusAudioUploads).where(eq(bonusAudioUploads.id, up.id))).toEqual([]);
    expect((await part(id, up.id, file, PART, 2 * PART - 1)).status).toBe(404);
    // The completed uploads' files stay: they are episodes' audio.
    const url = await enclosureOf('InParts');
    expect((await get(t, url)).status).toBe(200);
  });
});

describe('unfinished uploads', () => {
  it('a part whose connection drops halfway leaves nothing behind; sent again it is appended', async () => {
    const id = await publishEpisode(w, { title: 'Dropped' }, null);
    const file = threeParts();
    const up = (await start(id, file.length)).body;
    await new Promise<void>((resolve) => {
      const req = httpRequest(new URL(`${t.baseUrl}/api/v1${uploadsPath(id)}/${up.id}`), {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${w.maker.token}`,
          'content-type': 'application/octet-stream',
          'content-range': `bytes 0-${PART - 1}/${file.length}`,
          'content-length': String(PART),
        },
      });
      req.on('error', () => resolve());
      req.write(file.subarray(0, PART / 2), () => setTimeout(() => req.destroy(), 200));
    });
    // The server notices the drop: no part file stays, nothing was received.
    await expect.poll(() => storedFiles('bonus-parts')).toEqual([]);
    const probe = await fetch(`${t.baseUrl}/api/v1${uploadsPath(id)}/${up.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${w.maker.token}`, 'content-range': `bytes */${file.length}` },
    });
    expect(await probe.json()).toMatchObject({ received: 0 });
    for (const [from, to] of [
      [0, PART - 1],
      [PART, 2 * PART - 1],
      [2 * PART, file.length - 1],
    ] as const) {
      expect((await part(id, up.id, file, from, to)).status).toBe(200);
    }
    expect(Buffer.from(await (await get(t, await enclosureOf('Dropped'))).arrayBuffer())).toEqual(file);
  });

  it('a new upload of the episode drops the unfinished one; deleting the episode drops its bytes', async () => {
    const id = await publishEpisode(w, {}, null);
    const file = threeParts();
    const first = (await start(id, file.length)).body;
    expect((await part(id, first.id, file, 0, PART - 1)).status).toBe(200);
    const firstKey = await storageFileOf(first.id);
    const second = (await start(id, file.length)).body;
    expect(await storedFiles('bonus-audio')).not.toContain(firstKey);
    expect((await part(id, first.id, file, PART, 2 * PART - 1)).status).toBe(404);
    expect((await part(id, second.id, file, 0, PART - 1)).status).toBe(200);
    const secondKey = await storageFileOf(second.id);
    expect(await storedFiles('bonus-audio')).toContain(secondKey);
    expect((await t.api('DELETE', `/tipjars/${w.jarId}/bonus-episodes/${id}`, { token: w.maker.token })).status).toBe(
      204,
    );
    expect(await storedFiles('bonus-audio')).not.toContain(secondKey);
  });
});

async function storageFileOf(uploadId: string): Promise<string> {
  const [row] = await t.database.db.select().from(bonusAudioUploads).where(eq(bonusAudioUploads.id, uploadId));
  return row!.storageKey.split('/')[1]!;
}
