import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedFetchError, type SafeFetchOptions, safeFetch } from '../../src/modules/feeds/feeds.fetcher.js';
import { FEED_MAX_EPISODES, FEED_MAX_TEXT, parseFeed } from '../../src/modules/feeds/feeds.parser.js';
import { cpuMs } from '../support/cpu-time.js';
import { type FeedServer, startFeedServer } from './feed-server.js';

/**
 * The safe fetcher and the parser against a real HTTP host on loopback (feed-server.ts): what a feed
 * gives, and every refusal with its typed reason.
 */
let host: FeedServer;
beforeAll(async () => {
  host = await startFeedServer();
});
afterAll(() => host.close());

const loopbackOk: SafeFetchOptions = { allowLoopback: true, timeoutMs: 5_000 };

async function read(path: string, options: SafeFetchOptions = loopbackOk) {
  const answer = await safeFetch(`${host.base}${path}`, options);
  if (answer.status !== 'ok') throw new Error(answer.status);
  return { answer, feed: parseFeed(answer.body, answer.contentType) };
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedFetchError) return error.reason;
    throw error;
  }
  throw new Error('expected a FeedFetchError');
}

describe('reading a feed', () => {
  it('reads an Apple + Podcasting 2.0 feed: CDATA, HTML stripped, owner, funding, episodes', async () => {
    const { feed } = await read('/apple.xml');
    expect(feed.title).toBe('De Fietspodcast & Vrienden');
    expect(feed.description).toBe('Elke week fietsen door Nederland.\nMet gasten & verhalen uit het zadel.');
    expect(feed.artworkUrl).toBe(`${host.base}/art.png`);
    expect(feed.website).toBe('https://fietspodcast.example.test/');
    expect(feed.language).toBe('nl');
    // itunes:owner wins over the podcast:locked owner.
    expect(feed.ownerEmail).toBe('anna@fietspodcast.example.test');
    expect(feed.locked).toBe(true);
    expect(feed.podcastGuid).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(feed.funding.map((f) => f.url)).toEqual([
      'https://fietspodcast.example.test/steun',
      'https://podpot.example/de-fietspodcast',
    ]);
    expect(feed.episodes).toEqual([
      {
        guid: 'fiets-ep-2',
        title: 'Aflevering 2: De Veluwe',
        number: 2,
        season: 1,
        publishedAt: '2024-05-14T04:00:00.000Z',
        link: 'https://fietspodcast.example.test/2',
        duration: 3723,
      },
      expect.objectContaining({ guid: 'https://fietspodcast.example.test/1', number: 1, duration: 1830 }),
      // No guid: the enclosure names it; a date that cannot be read is null; MM:SS durations count.
      expect.objectContaining({ guid: 'https://cdn.example.test/trailer.mp3', publishedAt: null, duration: 750 }),
    ]);
  });

  it('takes the podcast:locked owner when there is no itunes:owner', () => {
    const xml = `<rss xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>L</title>
      <podcast:locked owner="Locked@Example.test">no</podcast:locked></channel></rss>`;
    expect(parseFeed(Buffer.from(xml), null).ownerEmail).toBe('locked@example.test');
  });

  it('reads an ISO-8859-1 feed by its XML declaration (windows-1252 quotes and dashes too)', async () => {
    const { feed } = await read('/latin1.xml');
    expect(feed.title).toBe('Café Crème – Gesprekken over käse');
    expect(feed.description).toBe('Naïef, één keer per week: “koffie” & kaas.');
    expect(feed.episodes[0]!.title).toBe('Café één');
  });

  it('reads a Content-Type charset when the document declares none', () => {
    const body = Buffer.from('<rss><channel><title>Caf\u00e9</title></channel></rss>', 'latin1');
    expect(parseFeed(body, 'text/xml; charset=ISO-8859-1').title).toBe('Café');
  });

  it('keeps text with a bare & and HTML entities, as real feeds write them', () => {
    const xml =
      '<rss><channel><title>Tom & Jerry&nbsp;Show</title><description>a &eacute; b</description></channel></rss>';
    const feed = parseFeed(Buffer.from(xml), null);
    expect(feed.title).toBe('Tom & Jerry Show');
    expect(feed.description).toBe('a é b');
  });

  it(`reads a 10,000-episode feed (about 6 MB) quickly, keeping the newest ${FEED_MAX_EPISODES}`, async () => {
    const started = performance.now();
    const { answer, feed } = await read('/big.xml');
    const ms = performance.now() - started;
    expect(answer.body.length).toBeGreaterThan(5_000_000);
    expect(feed.itemCount).toBe(10_000);
    expect(feed.episodes).toHaveLength(FEED_MAX_EPISODES);
    // The feed lists its oldest first here (big-0 of 2000-01-01): the kept ones are the last 500, newest first.
    expect(feed.episodes[0]).toMatchObject({ guid: 'big-9999', number: 1, duration: 1800 });
    expect(feed.episodes.at(-1)).toMatchObject({ guid: `big-${10_000 - FEED_MAX_EPISODES}` });
    // A few hundred ms on a quiet machine; generous for a loaded one.
    expect(ms).toBeLessThan(8_000);
  });

  it('decodes a gzip answer', async () => {
    expect((await read('/gzip.xml')).feed.title).toBe('Café Crème – Gesprekken over käse');
  });

  it('follows up to 5 redirects, not 6', async () => {
    expect((await read('/hop/4')).answer.url).toBe(`${host.base}/apple.xml`);
    expect(await reasonOf(safeFetch(`${host.base}/hop/5`, loopbackOk))).toBe('unreachable');
  });

  it('answers ETag and Last-Modified, and not_modified when they still hold', async () => {
    const { answer } = await read('/etag.xml');
    expect(answer).toMatchObject({ etag: '"v1"', lastModified: 'Tue, 07 May 2024 06:00:00 GMT' });
    const again = await safeFetch(`${host.base}/etag.xml`, { ...loopbackOk, etag: answer.etag });
    expect(again.status).toBe('not_modified');
  });
});

describe('bounded work, whatever the feed holds', () => {
  const channel = (inside: string) => Buffer.from(`<rss><channel><title>T</title>${inside}</channel></rss>`);

  it('refuses elements nested 200,000 deep (1.4 MB) as not_a_feed, at once', async () => {
    // CPU time, not the wall clock: a loaded machine's waits for a core are not the parser's work.
    const started = cpuMs();
    const reason = await reasonOf(
      Promise.resolve().then(() => parseFeed(channel(`${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}`), null)),
    );
    expect(reason).toBe('not_a_feed');
    expect(cpuMs() - started).toBeLessThan(200);
  });

  it('keeps one episode per guid, the newest first, undated ones last in the feed’s order', () => {
    const item = (guid: string, date?: string) =>
      `<item><guid>${guid}</guid>${date ? `<pubDate>${date}</pubDate>` : ''}</item>`;
    const feed = parseFeed(
      channel(
        item('undated-1') +
          item('old', 'Mon, 01 Jan 2024 06:00:00 GMT') +
          item('new', 'Mon, 01 Jul 2024 06:00:00 GMT') +
          item('old', 'Mon, 01 Dec 2025 06:00:00 GMT') +
          item('undated-2'),
      ),
      null,
    );
    expect(feed.episodes.map((e) => e.guid)).toEqual(['new', 'old', 'undated-1', 'undated-2']);
    expect(feed.episodes[1]!.publishedAt).toBe('2024-01-01T06:00:00.000Z');
    expect(feed.itemCount).toBe(4);
  });

  it('reads at most FEED_MAX_TEXT characters of one element, and keeps titles short', () => {
    const huge = 'x'.repeat(3 * FEED_MAX_TEXT);
    const feed = parseFeed(
      channel(`<description>${huge}</description><item><title>${huge}</title><guid>g</guid></item>`),
      null,
    );
    expect(feed.description.length).toBeLessThanOrEqual(4000);
    expect(feed.episodes[0]!.title.length).toBeLessThanOrEqual(1000);
  });
});

describe('refusing', () => {
  it('not_a_feed: malformed (cut off) XML and an HTML page', async () => {
    const malformed = await safeFetch(`${host.base}/malformed.xml`, loopbackOk);
    expect(await reasonOf(Promise.resolve().then(() => parseFeed((malformed as { body: Buffer }).body, null)))).toBe(
      'not_a_feed',
    );
    const page = await safeFetch(`${host.base}/page.html`, loopbackOk);
    expect(await reasonOf(Promise.resolve().then(() => parseFeed((page as { body: Buffer }).body, null)))).toBe(
      'not_a_feed',
    );
  });

  it('not_found: a 404', async () => {
    expect(await reasonOf(safeFetch(`${host.base}/missing.xml`, loopbackOk))).toBe('not_found');
  });

  it('too_slow: an answer that never finishes, within the time limit', async () => {
    const started = Date.now();
    expect(await reasonOf(safeFetch(`${host.base}/slow.xml`, { ...loopbackOk, timeoutMs: 500 }))).toBe('too_slow');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('too_large: more than 10 MB while streaming, and a declared length before reading', async () => {
    expect(await reasonOf(safeFetch(`${host.base}/huge.xml`, loopbackOk))).toBe('too_large');
    expect(await reasonOf(safeFetch(`${host.base}/huge-declared.xml`, loopbackOk))).toBe('too_large');
  });

  it('bad_url: other schemes, credentials, a redirect to ftp', async () => {
    for (const url of ['ftp://example.test/feed.xml', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      expect(await reasonOf(safeFetch(url, loopbackOk)), url).toBe('bad_url');
    }
    expect(await reasonOf(safeFetch(`http://user:pw@127.0.0.1:1/x`, loopbackOk))).toBe('bad_url');
    expect(await reasonOf(safeFetch(`${host.base}/to-ftp.xml`, loopbackOk))).toBe('bad_url');
  });

  it('refused_address: a redirect to a private or metadata address, even with loopback allowed', async () => {
    expect(await reasonOf(safeFetch(`${host.base}/to-private.xml`, loopbackOk))).toBe('refused_address');
    expect(await reasonOf(safeFetch(`${host.base}/to-metadata.xml`, loopbackOk))).toBe('refused_address');
  });

  it('refused_address: loopback, private, link-local, CGNAT and IPv6 local forms when loopback is not allowed', async () => {
    const port = new URL(host.base).port;
    const before = host.hits.length;
    const strict: SafeFetchOptions = { allowLoopback: false, timeoutMs: 5_000 };
    for (const target of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `0x7f000001:${port}`,
      '10.1.2.3',
      '192.168.1.1',
      '172.16.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '[fc00::1]',
      '[fe80::1]',
      '[64:ff9b::7f00:1]',
    ]) {
      expect(await reasonOf(safeFetch(`http://${target}/feed.xml`, strict)), target).toBe('refused_address');
    }
    // Refused before connecting: our own host never saw a request.
    expect(host.hits.length).toBe(before);
  });
});
