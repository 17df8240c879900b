import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { refreshFeeds } from '../../src/modules/episodes/episodes.refresh.js';
import { FEED_MAX_EPISODES } from '../../src/modules/feeds/feeds.parser.js';
import { type EpisodeFeedHost, startEpisodeFeedHost } from '../episodes/episode-feed.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';

/**
 * Issue 33, item 2: a feed froze the whole API. A feed nested 60,000 levels deep (420 KB) held the event
 * loop 42 s on a preview, and the hourly refresh job parsed saved feeds the same way; nothing capped the
 * episodes (a 10 MB feed stored 190,300 rows and held the loop 12 s). Replayed here against the real
 * server: while the feed is read, a 5 ms timer and GET /healthz measure how long the loop was held.
 */
let t: TestApp;
let host: EpisodeFeedHost;
let maker: TestUser;
let seq = 0;

beforeAll(async () => {
  [t, host] = await Promise.all([
    // The longest parse budget: on a busy test machine a 6 MB feed can take seconds in its thread, and
    // what is measured here is the loop, not the budget (its own test is at the end).
    createTestApp({ FEED_PREVIEW_RATE_LIMIT_PER_MINUTE: 100, FEED_PARSE_TIMEOUT_MS: 60_000 }),
    startEpisodeFeedHost(),
  ]);
  maker = await t.createUser();
  // A process's first preview and refresh compile their code paths (and start its first thread): once
  // per process, whatever the feed. Done here, so what is measured below is the feed's own cost.
  const small = host.set('warm-up', '<rss><channel><title>Warm</title><item><guid>w</guid></item></channel></rss>');
  expect((await t.api('POST', '/feeds/preview', { token: maker.token, body: { url: small } })).status).toBe(200);
  await refreshFeeds(t.ctx, { tipjarId: (await jar(small)).id });
});
afterAll(async () => {
  await t.close();
  await host.close();
});

/** An RSS document whose channel holds `depth` nested elements: 7 bytes a level. */
function deepFeed(depth: number): string {
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Deep</title>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</channel></rss>`;
}

/**
 * A feed of `count` items, as small as items get (a guid each). Every 100th item has a date, in an
 * order unlike the document's (a permutation of days since 2000-01-01): the newest are the latest days.
 */
function manyItemsFeed(count: number): { xml: string; newestGuids: string[] } {
  const dated: { guid: string; day: number }[] = [];
  const datedCount = Math.ceil(count / 100);
  const items: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) {
      const day = ((i / 100) * 7919) % datedCount;
      dated.push({ guid: `m${i}`, day });
      const date = new Date(Date.UTC(2000, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      items.push(`<item><guid>m${i}</guid><pubDate>${date}</pubDate></item>`);
    } else {
      items.push(`<item><guid>m${i}</guid></item>`);
    }
  }
  const newestGuids = dated
    .sort((a, b) => b.day - a.day)
    .slice(0, FEED_MAX_EPISODES)
    .map((d) => d.guid);
  const xml = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Many</title>\n${items.join('\n')}\n</channel></rss>`;
  return { xml, newestGuids };
}

/**
 * Runs `work` while measuring how long the event loop was held: the largest lateness of a 5 ms timer,
 * and the slowest GET /healthz asked one after the other meanwhile.
 */
async function watchingTheLoop<T>(work: () => Promise<T>) {
  let last = performance.now();
  let blockedMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    blockedMs = Math.max(blockedMs, now - last - 5);
    last = now;
  }, 5);
  let done = false;
  let healthzMs = 0;
  let probes = 0;
  // A client asking every 10 ms: each wait counts from when it asked (a held loop delays the asking
  // too), and one more asks after the work, so a loop held to its end is counted.
  const probing = (async () => {
    let asked = performance.now();
    for (;;) {
      const res = await fetch(`${t.baseUrl}/healthz`);
      await res.arrayBuffer();
      healthzMs = Math.max(healthzMs, performance.now() - asked);
      probes += 1;
      if (done) return;
      asked = performance.now() + 10;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const busyBefore = performance.eventLoopUtilization();
  let result: T;
  let ms: number;
  let busy: number;
  try {
    result = await work();
    ms = performance.now() - started;
    busy = performance.eventLoopUtilization(busyBefore).utilization;
  } finally {
    // The work may end without the loop reaching its timers again (an in-process database answers in
    // microtasks): the time since the timer last ran counts too.
    blockedMs = Math.max(blockedMs, performance.now() - last - 5);
    done = true;
    clearInterval(timer);
    await probing;
  }
  return { result, ms, blockedMs, healthzMs, probes, busy };
}

async function jar(rssUrl: string) {
  seq += 1;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `feed-parse-${seq}-${Date.now().toString(36)}`,
      name: `Parse Pod ${seq}`,
      status: 'LIVE',
      rssUrl,
      contactEmail: 'maker@example.test',
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: maker.id });
  return row!;
}

const round = (ms: number) => Math.round(ms);

/**
 * The most the loop may be held, and the most of the read's time it may be busy. The goal is ~100 ms;
 * a feed parsed in its thread, watched from a lone process, holds it 20–40 ms. The test machine is two cores shared by many test runs, where
 * a 5 ms timer on an idle loop is already up to ~100 ms late and a busy moment adds a few hundred (a
 * runnable thread waits for a core), so the hold's bound leaves that room; the share of the read the
 * loop was busy (event loop utilization, the probes' own work included: 30–40 % here) does not depend
 * on waiting for a core. Before the fix: held 0.5–150 s, busy 100 % of the read.
 */
const HELD_MS = 600;
const BUSY_SHARE = 0.7;

describe('a feed nested 60,000 levels deep (420 KB)', () => {
  const url = () => host.set('deep', deepFeed(60_000));

  it('is refused on preview as not a feed within seconds (was 30–50 s), /healthz answering fast meanwhile', async () => {
    const feedUrl = url();
    const seen = await watchingTheLoop(() =>
      t.api('POST', '/feeds/preview', { token: maker.token, body: { url: feedUrl } }),
    );
    console.log(
      `[${TEST_DB}] deep feed preview: answered in ${round(seen.ms)} ms, loop held at most ${round(seen.blockedMs)} ms (busy ${Math.round(seen.busy * 100)} %), slowest /healthz ${round(seen.healthzMs)} ms`,
    );
    expect(seen.result.status, seen.result.text).toBe(422);
    expect(seen.result.body.fields.url.key).toBe('feedNotAFeed');
    // Most of it is starting the parser's thread (from TypeScript here, on a busy machine).
    expect(seen.ms).toBeLessThan(5_000);
    expect(seen.blockedMs).toBeLessThan(HELD_MS);
    expect(seen.busy).toBeLessThan(BUSY_SHARE);
    expect(seen.healthzMs).toBeLessThan(HELD_MS);
    expect(seen.probes).toBeGreaterThan(0);
  });

  it('counts as a failed read in the refresh job, storing nothing, the loop free meanwhile', async () => {
    const row = await jar(url());
    const seen = await watchingTheLoop(() => refreshFeeds(t.ctx, { tipjarId: row.id }));
    console.log(
      `[${TEST_DB}] deep feed refresh: ${round(seen.ms)} ms, loop held at most ${round(seen.blockedMs)} ms (busy ${Math.round(seen.busy * 100)} %)`,
    );
    expect(seen.result).toMatchObject({ claimed: 1, read: 0, failed: 1 });
    expect(seen.blockedMs).toBeLessThan(HELD_MS);
    expect(seen.busy).toBeLessThan(BUSY_SHARE);
    expect(seen.healthzMs).toBeLessThan(HELD_MS);
  });
});

describe('a feed of 190,000 items', () => {
  const feed = manyItemsFeed(190_000);

  it('previews without holding the loop, naming every item the feed has', async () => {
    const feedUrl = host.set('many-preview', feed.xml);
    const seen = await watchingTheLoop(() =>
      t.api('POST', '/feeds/preview', { token: maker.token, body: { url: feedUrl } }),
    );
    console.log(
      `[${TEST_DB}] ${(feed.xml.length / 1e6).toFixed(1)} MB, 190,000-item preview: ${round(seen.ms)} ms, loop held at most ${round(seen.blockedMs)} ms (busy ${Math.round(seen.busy * 100)} %), slowest /healthz ${round(seen.healthzMs)} ms`,
    );
    expect(seen.result.status, seen.result.text).toBe(200);
    expect(seen.result.body).toMatchObject({ name: 'Many', episodeCount: 190_000 });
    expect(seen.blockedMs).toBeLessThan(HELD_MS);
    expect(seen.busy).toBeLessThan(BUSY_SHARE);
    expect(seen.healthzMs).toBeLessThan(HELD_MS);
  });

  it(`keeps the newest ${FEED_MAX_EPISODES} episodes on refresh, without holding the loop`, async () => {
    const row = await jar(host.set('many-refresh', feed.xml));
    const seen = await watchingTheLoop(() => refreshFeeds(t.ctx, { tipjarId: row.id }));
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(episodes)
      .where(eq(episodes.tipjarId, row.id));
    console.log(
      `[${TEST_DB}] 190,000-item refresh: ${count!.n} rows stored in ${round(seen.ms)} ms, loop held at most ${round(seen.blockedMs)} ms (busy ${Math.round(seen.busy * 100)} %), slowest /healthz ${round(seen.healthzMs)} ms`,
    );
    expect(seen.result).toMatchObject({ read: 1, failed: 0 });
    expect(count!.n).toBe(FEED_MAX_EPISODES);
    const kept = await t.database.db
      .select({ guid: episodes.guid })
      .from(episodes)
      .where(eq(episodes.tipjarId, row.id));
    expect(new Set(kept.map((e) => e.guid))).toEqual(new Set(feed.newestGuids));
    expect(seen.blockedMs).toBeLessThan(HELD_MS);
    expect(seen.busy).toBeLessThan(BUSY_SHARE);
    expect(seen.healthzMs).toBeLessThan(HELD_MS);
  }, 60_000);
});

describe('a feed that takes longer to read than FEED_PARSE_TIMEOUT_MS', () => {
  let hurried: TestApp;
  beforeAll(async () => {
    hurried = await createTestApp({ FEED_PARSE_TIMEOUT_MS: 50 });
  });
  afterAll(() => hurried.close());

  it('is not a feed: its reader is stopped at the budget, the loop free meanwhile', async () => {
    const user = await hurried.createUser();
    const feedUrl = host.set('many-hurried', manyItemsFeed(190_000).xml);
    const started = performance.now();
    const res = await hurried.api('POST', '/feeds/preview', { token: user.token, body: { url: feedUrl } });
    expect(res.status, res.text).toBe(422);
    expect(res.body.fields.url.key).toBe('feedNotAFeed');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
