import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, apiPath, setupApiServer } from '@/test/api-server';
import { uploadBonusFile } from './upload-bonus-file';

const JAR = '00000000-0000-4000-8000-0000000000b1';
const EPISODE = '00000000-0000-4000-8000-0000000000e1';
const UPLOAD = '00000000-0000-4000-8000-0000000000f1';
const PART = 1000;
const episode = {
  id: EPISODE,
  title: 'Bonus',
  description: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  levelId: null,
  audio: { type: 'audio/mpeg', bytes: 2500 },
  duration: null,
  hasArtwork: false,
};

/** The API's side of an upload in parts: appends a part that starts where it stands, as the server does. */
function partsApi(total: number, options: { failOnce?: number } = {}) {
  let received = 0;
  let failed = false;
  const ranges: string[] = [];
  const handlers = [
    http.post(apiPath('tipjars/:id/bonus-episodes/:episodeId/audio/uploads'), () =>
      HttpResponse.json({ id: UPLOAD, partBytes: PART, received: 0, total }, { status: 201 }),
    ),
    http.put(apiPath('tipjars/:id/bonus-episodes/:episodeId/audio/uploads/:uploadId'), ({ request }) => {
      const range = request.headers.get('content-range') ?? '';
      ranges.push(range);
      const state = { id: UPLOAD, partBytes: PART, received, total };
      if (range.startsWith('bytes */')) return HttpResponse.json(state);
      const [, start, end] = /^bytes (\d+)-(\d+)\//.exec(range)!.map(Number) as [number, number, number];
      if (start === options.failOnce && !failed) {
        failed = true;
        return HttpResponse.error();
      }
      if (end < received) return HttpResponse.json(state);
      if (start !== received) {
        return apiError({
          statusCode: 409,
          error: 'Conflict',
          code: 'CONFLICT',
          message: 'offset',
          fields: { 'content-range': { key: 'uploadOffset', params: { expected: received } } },
        });
      }
      received = end + 1;
      return HttpResponse.json(received === total ? episode : { ...state, received });
    }),
  ];
  return { handlers, ranges: () => ranges, received: () => received };
}

const { server } = setupApiServer();

/** Uploads a file of `size` bytes against `api`; the progress fractions it reported. */
async function sendInParts(api: ReturnType<typeof partsApi>, size: number): Promise<number[]> {
  server.use(...api.handlers);
  const progress: number[] = [];
  await uploadBonusFile(JAR, EPISODE, 'audio', new Blob([new Uint8Array(size)]), {
    type: 'audio/mpeg',
    partBytes: PART,
    onProgress: (f) => progress.push(f),
  });
  return progress;
}

describe('uploadBonusFile', () => {
  it('sends audio over one part in parts, with a progress that only grows to 1', async () => {
    const api = partsApi(2500);
    const progress = await sendInParts(api, 2500);
    expect(api.ranges()).toEqual(['bytes 0-999/2500', 'bytes 1000-1999/2500', 'bytes 2000-2499/2500']);
    expect(api.received()).toBe(2500);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]!);
  });

  it('asks where the upload stands after a network error and sends the part again', async () => {
    const api = partsApi(2500, { failOnce: 1000 });
    const progress = await sendInParts(api, 2500);
    expect(api.ranges()).toEqual([
      'bytes 0-999/2500',
      'bytes 1000-1999/2500',
      'bytes */2500',
      'bytes 1000-1999/2500',
      'bytes 2000-2499/2500',
    ]);
    expect(api.received()).toBe(2500);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]!);
  });

  it('keeps one PUT for a file of one part', async () => {
    const sent: string[] = [];
    server.use(
      http.put(apiPath('tipjars/:id/bonus-episodes/:episodeId/audio'), ({ request }) => {
        sent.push(request.headers.get('content-type') ?? '');
        return HttpResponse.json(episode);
      }),
    );
    await uploadBonusFile(JAR, EPISODE, 'audio', new Blob([new Uint8Array(900)]), {
      type: 'audio/mpeg',
      partBytes: PART,
    });
    expect(sent).toEqual(['audio/mpeg']);
  });

  it('stops when aborted, and gives up after three network errors in a row', async () => {
    server.use(
      http.post(apiPath('tipjars/:id/bonus-episodes/:episodeId/audio/uploads'), () =>
        HttpResponse.json({ id: UPLOAD, partBytes: PART, received: 0, total: 2500 }, { status: 201 }),
      ),
      http.put(apiPath('tipjars/:id/bonus-episodes/:episodeId/audio/uploads/:uploadId'), () => HttpResponse.error()),
    );
    const file = new Blob([new Uint8Array(2500)]);
    await expect(
      uploadBonusFile(JAR, EPISODE, 'audio', file, { type: 'audio/mpeg', partBytes: PART }),
    ).rejects.toMatchObject({ status: 0 });
    const abort = new AbortController();
    abort.abort();
    await expect(
      uploadBonusFile(JAR, EPISODE, 'audio', file, { type: 'audio/mpeg', partBytes: PART, signal: abort.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  }, 15_000);
});
