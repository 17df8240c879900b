import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { BONUS_AUDIO_MAX_BYTES } from '@podpot/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supporterFeedFetches } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  addLevel,
  type FeedWorld,
  feedWorld,
  get,
  mp3Bytes,
  myFeed,
  oggBytes,
  payingSupporter,
  pngBytes,
  publishEpisode,
  upload,
} from './bonus-support.js';

/**
 * A maker's bonus episodes (issue 40): who may manage them, uploads refused by their first bytes or
 * their size (nothing stored then), and the audio served with Range requests.
 */
let t: TestApp;
let w: FeedWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await feedWorld(t);
});
afterAll(() => t.close());

async function storedFiles(folder: string): Promise<string[]> {
  return readdir(path.join(t.dataDir, 'files', folder)).catch(() => []);
}

describe('managing bonus episodes', () => {
  it('the maker creates, lists, changes and deletes one; its files go with it', async () => {
    const id = await publishEpisode(w, { title: 'First' });
    const art = await upload(w, id, 'artwork', pngBytes(), 'image/png');
    expect(art.status).toBe(200);
    expect((await art.json()).hasArtwork).toBe(true);
    const list = await t.api('GET', `/tipjars/${w.jarId}/bonus-episodes`, { token: w.maker.token });
    expect(list.status).toBe(200);
    expect(list.body.data.find((e: { id: string }) => e.id === id)).toMatchObject({
      title: 'First',
      audio: { type: 'audio/mpeg', bytes: 1000 },
      duration: 125,
      hasArtwork: true,
    });
    const put = await t.api('PUT', `/tipjars/${w.jarId}/bonus-episodes/${id}`, {
      token: w.maker.token,
      body: { data: { title: 'Renamed', duration: null } },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ title: 'Renamed', duration: null, audio: { bytes: 1000 } });

    // Replacing the audio removes the old file.
    const before = await storedFiles('bonus-audio');
    expect((await upload(w, id, 'audio', oggBytes(), 'audio/ogg')).status).toBe(200);
    expect((await storedFiles('bonus-audio')).length).toBe(before.length);

    const del = await t.api('DELETE', `/tipjars/${w.jarId}/bonus-episodes/${id}`, { token: w.maker.token });
    expect(del.status).toBe(204);
    expect((await storedFiles('bonus-audio')).length).toBe(before.length - 1);
    expect(
      (await t.api('GET', `/tipjars/${w.jarId}/bonus-episodes`, { token: w.maker.token })).body.data,
    ).not.toContainEqual(expect.objectContaining({ id }));
  });

  it("a level must be one of the tip jar's own", async () => {
    const other = await feedWorld(t);
    const foreign = await addLevel(other, 500, false);
    const res = await t.api('POST', `/tipjars/${w.jarId}/bonus-episodes`, {
      token: w.maker.token,
      body: { data: { title: 'x', levelId: foreign } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields['data.levelId']).toEqual({ key: 'invalid' });
  });

  it("another tip jar's maker, a stranger and anonymous callers get nothing", async () => {
    const id = await publishEpisode(w);
    const other = await feedWorld(t);
    for (const token of [other.maker.token, (await t.createUser()).token]) {
      expect((await t.api('GET', `/tipjars/${w.jarId}/bonus-episodes`, { token })).status).toBe(404);
      expect((await t.api('GET', `/tipjars/${w.jarId}/supporter-feed`, { token })).status).toBe(404);
      expect(
        (await t.api('PUT', `/tipjars/${w.jarId}/bonus-episodes/${id}`, { token, body: { data: { title: 'x' } } }))
          .status,
      ).toBe(404);
      expect((await t.api('DELETE', `/tipjars/${w.jarId}/bonus-episodes/${id}`, { token })).status).toBe(404);
      expect((await upload(w, id, 'audio', mp3Bytes(), 'audio/mpeg', token)).status).toBe(404);
    }
    expect((await t.api('GET', `/tipjars/${w.jarId}/bonus-episodes`)).status).toBe(401);
    // Through another jar's path: the episode is not one of that jar's.
    expect(
      (await t.api('DELETE', `/tipjars/${other.jarId}/bonus-episodes/${id}`, { token: other.maker.token })).status,
    ).toBe(404);
  });
});

describe('uploads', () => {
  it('refuses a file that is not audio (415, with a reason), whatever its Content-Type says; nothing is stored', async () => {
    const id = await publishEpisode(w, {}, null);
    const before = await storedFiles('bonus-audio');
    for (const [body, type] of [
      [pngBytes(), 'audio/mpeg'],
      [Buffer.from('just some text, not audio at all'), 'audio/mpeg'],
      [Buffer.alloc(0), 'audio/ogg'],
    ] as const) {
      const res = await upload(w, id, 'audio', body, type);
      expect(res.status).toBe(415);
      const error = await res.json();
      expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', fields: { body: { key: 'format' } } });
      expect(error.message).toMatch(/mp3/);
    }
    // JSON instead of a file: 415 too.
    const json = await t.api('PUT', `/tipjars/${w.jarId}/bonus-episodes/${id}/audio`, {
      token: w.maker.token,
      body: {},
    });
    expect(json.status).toBe(415);
    expect(await storedFiles('bonus-audio')).toEqual(before);
    expect((await upload(w, id, 'artwork', mp3Bytes(), 'image/png')).status).toBe(415);
    // m4a: 'ftyp' at offset 4.
    const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A '), Buffer.alloc(100, 1)]);
    const ok = await upload(w, id, 'audio', m4a, 'audio/mp4');
    expect(ok.status).toBe(200);
    expect((await ok.json()).audio).toEqual({ type: 'audio/mp4', bytes: 112 });
  });

  it('refuses a file over its limit (413): by its length up front, and by its bytes while streaming', async () => {
    const id = await publishEpisode(w, {}, null);
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${t.baseUrl}/api/v1/tipjars/${w.jarId}/bonus-episodes/${id}/audio`);
      const req = httpRequest(url, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${w.maker.token}`,
          'content-type': 'audio/mpeg',
          'content-length': String(BONUS_AUDIO_MAX_BYTES + 1),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write(mp3Bytes(100));
    });
    expect(status).toBe(413);

    // Artwork sent in chunks (no length): cut off past 1 MB.
    const before = await storedFiles('bonus-artwork');
    const big = Buffer.concat([pngBytes(), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const chunks = [big.subarray(0, 300_000), big.subarray(300_000, 700_000), big.subarray(700_000)];
    const res = await fetch(`${t.baseUrl}/api/v1/tipjars/${w.jarId}/bonus-episodes/${id}/artwork`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${w.maker.token}`, 'content-type': 'image/png' },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedFiles('bonus-artwork')).toEqual(before);
  });
});

describe('audio by Range', () => {
  it('answers byte ranges (206), the whole file (200) and 416 past its end', async () => {
    const audio = mp3Bytes(1000);
    await publishEpisode(w, { title: 'Ranged' }, { bytes: audio, type: 'audio/mpeg' });
    const tipper = await t.createUser();
    const tip = await payingSupporter(w, tipper);
    const xml = await (await get(t, (await myFeed(t, tipper, tip.recurringTipId)).url!)).text();
    const url = /<item>[\s\S]*?<title>Ranged<\/title>[\s\S]*?<enclosure url="([^"]+)"/.exec(xml)![1]!;

    const whole = await get(t, url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toMatch(/^private/);
    expect(whole.headers.get('x-robots-tag')).toBe('noindex');
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(audio);

    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=-10', 990, 999],
      ['bytes=900-', 900, 999],
      ['bytes=950-5000', 950, 999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(t, url, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`);
      expect(Buffer.from(await res.arrayBuffer()), range).toEqual(audio.subarray(start, end + 1));
    }
    const past = await get(t, url, { range: 'bytes=1000-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
  });
});

describe("the maker's summary", () => {
  it('counts open feeds and lists a leaked URL', async () => {
    const w2 = await feedWorld(t);
    await publishEpisode(w2);
    const tipper = await t.createUser();
    const tip = await payingSupporter(w2, tipper);
    const url = (await myFeed(t, tipper, tip.recurringTipId)).url!;
    // Fetched from eight networks in a day (the test server trusts no proxy: the tests set the ip directly).
    const { noteFeedFetch } = await import('../../src/modules/bonus/bonus.leak.js');
    for (let i = 0; i < 7; i++) await noteFeedFetch(t.ctx, tip.recurringTipId, `10.0.${i}.1`);
    await noteFeedFetch(t.ctx, tip.recurringTipId, '10.0.0.99');
    let summary = await t.api('GET', `/tipjars/${w2.jarId}/supporter-feed`, { token: w2.maker.token });
    expect(summary.body).toEqual({ openFeeds: 1, flagged: [] });
    expect((await get(t, url)).status).toBe(200); // from 127.0.0.1: the eighth network
    summary = await t.api('GET', `/tipjars/${w2.jarId}/supporter-feed`, { token: w2.maker.token });
    expect(summary.body.flagged).toEqual([
      { recurringTipId: tip.recurringTipId, displayName: 'Fan', flaggedAt: expect.any(String) },
    ]);
    expect((await myFeed(t, tipper, tip.recurringTipId)).flaggedAt).not.toBeNull();
    const rotated = await t.api('POST', `/user/me/recurringtips/${tip.recurringTipId}/feed/rotate`, {
      token: tipper.token,
    });
    expect(rotated.body.flaggedAt).toBeNull();
    // The day's rows go once the day is past (the hourly short-lived cleanup).
    await noteFeedFetch(t.ctx, tip.recurringTipId, '10.0.0.1');
    const { cleanUpShortLived } = await import('../../src/jobs/index.js');
    await cleanUpShortLived(t.ctx, new Date(Date.now() + 2 * 86_400_000));
    const left = await t.database.db.select().from(supporterFeedFetches);
    expect(left).toEqual([]);
  });
});
