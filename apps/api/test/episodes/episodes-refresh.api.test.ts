import { FEED_REFRESH_MAX_FAILURES, STOREFRONT_EPISODES } from '@podpot/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes, feedRefreshes, tipjarAdmins, tipjars } from '../../src/db/schema/index.js';
import { userText } from '../../src/mail/user-text.js';
import { refreshFeeds } from '../../src/modules/episodes/episodes.refresh.js';
import { FEED_MAX_EPISODES } from '../../src/modules/feeds/feeds.parser.js';
import { bigFeed } from '../feeds/feed-server.js';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { TEST_DB } from '../support/test-db.js';
import { type EpisodeFeedHost, episodeFeedXml, startEpisodeFeedHost } from './episode-feed.js';

/**
 * The episode refresh job (decision 034) against a real podcast host on loopback: conditional GET,
 * upsert by guid, removed episodes, podcast:funding, stopping after repeated failures (one mail), the
 * storefront's recent episodes (and its cached answer dropped by a change), a 10,000-episode feed, and
 * two runs at once reading a feed once.
 */
let t: TestApp;
let host: EpisodeFeedHost;
let maker: TestUser;
let seq = 0;

beforeAll(async () => {
  [t, host] = await Promise.all([createTestApp(), startEpisodeFeedHost()]);
  maker = await t.createUser({ locale: 'nl' });
});
afterAll(async () => {
  await t.close();
  await host.close();
});

/** A LIVE tip jar of `maker` with its feed at `rssUrl`. */
async function jar(rssUrl: string) {
  seq += 1;
  const [row] = await t.database.db
    .insert(tipjars)
    .values({
      slug: `episodes-${seq}-${Date.now().toString(36)}`,
      name: `Episode Pod ${seq}`,
      status: 'LIVE',
      rssUrl,
      contactEmail: 'maker@example.test',
    })
    .returning();
  await t.database.db.insert(tipjarAdmins).values({ tipjarId: row!.id, userId: maker.id });
  return row!;
}

/** The feed was last tried two hours ago: due again. */
async function makeDue(tipjarId: string) {
  await t.database.db
    .update(feedRefreshes)
    .set({ checkedAt: sql`now() - interval '2 hours'` })
    .where(eq(feedRefreshes.tipjarId, tipjarId));
}

async function stored(tipjarId: string) {
  return t.database.db.select().from(episodes).where(eq(episodes.tipjarId, tipjarId)).orderBy(episodes.guid);
}

async function shareKit(tipjarId: string) {
  const res = await t.api('GET', `/tipjars/${tipjarId}/share`, { token: maker.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const requestsTo = (url: string) => host.requests.filter((r) => url.endsWith(r.path));

describe('the refresh job', () => {
  it('stores the episodes, asks If-None-Match next time (a 304 changes nothing), then follows changes', async () => {
    const name = 'show-a';
    const url = host.set(
      name,
      episodeFeedXml([
        { guid: 'a-1', title: 'First', number: 1, date: '2026-01-01T06:00:00Z' },
        { guid: 'a-2', title: 'Second', number: 2, date: '2026-01-08T06:00:00Z' },
      ]),
    );
    const row = await jar(url);
    // Before any read: no state yet.
    expect((await shareKit(row.id)).feed).toEqual({
      lastFetchedAt: null,
      failures: 0,
      stoppedAt: null,
      episodeCount: 0,
      fundingLinked: null,
    });
    const storefront = async () =>
      (await t.api('GET', `/tipjars?slug=${row.slug}`)).body.data[0].recentEpisodes as { title: string }[];
    expect(await storefront()).toEqual([]);

    const first = await refreshFeeds(t.ctx, { tipjarId: row.id });
    expect(first).toMatchObject({ claimed: 1, read: 1, changed: 2 });
    expect((await stored(row.id)).map((e) => [e.guid, e.title, e.number, e.duration])).toEqual([
      ['a-1', 'First', 1, 600],
      ['a-2', 'Second', 2, 600],
    ]);
    // The cached storefront answer was dropped by the change: newest first.
    expect((await storefront()).map((e) => e.title)).toEqual(['Second', 'First']);
    const ids = new Map((await stored(row.id)).map((e) => [e.guid, e.id]));

    // Not due again within the hour: nothing claimed, nothing fetched.
    const before = requestsTo(url).length;
    expect((await refreshFeeds(t.ctx, { tipjarId: row.id })).claimed).toBe(0);
    expect(requestsTo(url).length).toBe(before);

    // Due: a conditional GET, answered 304, parses nothing.
    await makeDue(row.id);
    const second = await refreshFeeds(t.ctx, { tipjarId: row.id });
    expect(second).toMatchObject({ claimed: 1, read: 0, notModified: 1, changed: 0 });
    expect(requestsTo(url).at(-1)!.ifNoneMatch).toMatch(/^"v\d+"$/);

    // The feed changes: a title, a new episode, one dropped.
    host.set(
      name,
      episodeFeedXml([
        { guid: 'a-2', title: 'Second (remastered)', number: 2, date: '2026-01-08T06:00:00Z' },
        { guid: 'a-3', title: 'Third', number: 3, date: '2026-01-15T06:00:00Z' },
      ]),
    );
    await makeDue(row.id);
    expect(await refreshFeeds(t.ctx, { tipjarId: row.id })).toMatchObject({ read: 1, changed: 3 });
    const after = await stored(row.id);
    expect(after.map((e) => [e.guid, e.title, e.removedAt !== null])).toEqual([
      ['a-1', 'First', true],
      ['a-2', 'Second (remastered)', false],
      ['a-3', 'Third', false],
    ]);
    // Our ids stay across refreshes (tips and shared links point at them).
    expect(after.find((e) => e.guid === 'a-2')!.id).toBe(ids.get('a-2'));
    expect((await storefront()).map((e) => e.title)).toEqual(['Third', 'Second (remastered)']);
    const feed = (await shareKit(row.id)).feed;
    expect(feed).toMatchObject({ failures: 0, stoppedAt: null, episodeCount: 2, fundingLinked: false });
    expect(Date.parse(feed.lastFetchedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows at most STOREFRONT_EPISODES, newest first', async () => {
    const items = Array.from({ length: STOREFRONT_EPISODES + 3 }, (_, i) => ({
      guid: `many-${i}`,
      title: `Ep ${i}`,
      number: i,
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    }));
    const row = await jar(host.set('show-many', episodeFeedXml(items)));
    await refreshFeeds(t.ctx, { tipjarId: row.id });
    const res = await t.api('GET', `/tipjars?slug=${row.slug}`);
    expect(res.body.data[0].recentEpisodes.map((e: { number: number }) => e.number)).toEqual(
      Array.from({ length: STOREFRONT_EPISODES }, (_, i) => STOREFRONT_EPISODES + 2 - i),
    );
  });

  it('notes whether a podcast:funding tag points at this tip jar (any language, scheme, trailing slash)', async () => {
    const other = host.set(
      'show-fund-other',
      episodeFeedXml([{ guid: 'f', title: 'F' }], ['https://elsewhere.test/x']),
    );
    const none = await jar(other);
    await refreshFeeds(t.ctx, { tipjarId: none.id });
    expect((await shareKit(none.id)).feed.fundingLinked).toBe(false);

    const row = await jar(host.set('show-fund', episodeFeedXml([{ guid: 'f', title: 'F' }])));
    const publicUrl = new URL(t.ctx.config.publicUrl);
    for (const funding of [
      `${publicUrl.origin}/${row.slug}`,
      `https://${publicUrl.host}/nl/${row.slug}/`,
      `http://${publicUrl.host}/en/${row.slug}`,
    ]) {
      host.set('show-fund', episodeFeedXml([{ guid: 'f', title: 'F' }], ['https://elsewhere.test/y', funding]));
      await t.database.db.delete(feedRefreshes).where(eq(feedRefreshes.tipjarId, row.id));
      await refreshFeeds(t.ctx, { tipjarId: row.id });
      expect((await shareKit(row.id)).feed.fundingLinked, funding).toBe(true);
    }
    // Another tip jar's address is not ours.
    host.set('show-fund', episodeFeedXml([{ guid: 'f', title: 'F' }], [`${publicUrl.origin}/${row.slug}-other`]));
    await makeDue(row.id);
    await refreshFeeds(t.ctx, { tipjarId: row.id });
    expect((await shareKit(row.id)).feed.fundingLinked).toBe(false);
  });

  it(`stops after ${FEED_REFRESH_MAX_FAILURES} failures in a row and mails the admins once; saving the address restarts`, async () => {
    const url = host.fail('show-down', 500);
    const row = await jar(url);
    const mailsBefore = (await t.outbox()).filter((m) => m.to === maker.email).length;
    for (let i = 0; i < FEED_REFRESH_MAX_FAILURES; i++) {
      await makeDue(row.id);
      const run = await refreshFeeds(t.ctx, { tipjarId: row.id });
      expect(run).toMatchObject({ claimed: 1, failed: 1, stopped: i === FEED_REFRESH_MAX_FAILURES - 1 ? 1 : 0 });
    }
    const feed = (await shareKit(row.id)).feed;
    expect(feed.failures).toBe(FEED_REFRESH_MAX_FAILURES);
    expect(feed.stoppedAt).not.toBeNull();
    // Stopped: even when due, nobody reads it again.
    const fetched = requestsTo(url).length;
    await makeDue(row.id);
    expect((await refreshFeeds(t.ctx, { tipjarId: row.id })).claimed).toBe(0);
    expect(requestsTo(url).length).toBe(fetched);
    const mails = (await t.outbox()).filter((m) => m.to === maker.email);
    expect(mails.length - mailsBefore).toBe(1);
    // In the admin's language (nl), with the address (quoted, its link broken: decision 064) and the settings link.
    expect(mails.at(-1)!.subject).toContain('We kunnen de feed van');
    expect(mails.at(-1)!.text).toContain(userText(url).quoted());
    expect(mails.at(-1)!.text).toContain(`/nl/backoffice/${row.slug}/settings`);

    // The host is fixed and the maker saves the address again: read at once, failures gone.
    host.set('show-down', episodeFeedXml([{ guid: 'back', title: 'Back' }]));
    const saved = await t.api('PUT', `/tipjars/${row.id}`, { token: maker.token, body: { data: { rssUrl: url } } });
    expect(saved.status, saved.text).toBe(200);
    expect(await refreshFeeds(t.ctx, { tipjarId: row.id })).toMatchObject({ claimed: 1, read: 1 });
    expect((await shareKit(row.id)).feed).toMatchObject({ failures: 0, stoppedAt: null, episodeCount: 1 });
  });

  it('a success resets the failures; another address starts over', async () => {
    const url = host.fail('show-flaky', 503);
    const row = await jar(url);
    await refreshFeeds(t.ctx, { tipjarId: row.id });
    await makeDue(row.id);
    await refreshFeeds(t.ctx, { tipjarId: row.id });
    expect((await shareKit(row.id)).feed.failures).toBe(2);
    host.set('show-flaky', episodeFeedXml([{ guid: 'ok', title: 'OK' }]));
    await makeDue(row.id);
    await refreshFeeds(t.ctx, { tipjarId: row.id });
    expect((await shareKit(row.id)).feed).toMatchObject({ failures: 0, episodeCount: 1 });

    // Another feed address (changed without the API, as another process might): its own state, read at once.
    const next = host.set('show-next', episodeFeedXml([{ guid: 'n', title: 'N' }]));
    await t.database.db.update(tipjars).set({ rssUrl: next }).where(eq(tipjars.id, row.id));
    expect(await refreshFeeds(t.ctx, { tipjarId: row.id })).toMatchObject({ claimed: 1, read: 1 });
    expect(requestsTo(next)[0]!.ifNoneMatch).toBeNull();
    // The old feed's episode is no longer shown; its row stays (a tip may name it).
    expect((await stored(row.id)).map((e) => [e.guid, e.removedAt !== null])).toEqual([
      ['n', false],
      ['ok', true],
    ]);
  });

  it(`stores the newest ${FEED_MAX_EPISODES} episodes of a 10,000-episode feed within a few seconds`, async () => {
    const row = await jar(host.set('show-big', bigFeed(10_000)));
    const started = performance.now();
    const run = await refreshFeeds(t.ctx, { tipjarId: row.id });
    const ms = performance.now() - started;
    console.log(`[${TEST_DB}] 10,000-episode feed fetched, parsed and stored in ${Math.round(ms)} ms`);
    expect(run).toMatchObject({ read: 1, changed: FEED_MAX_EPISODES });
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string>`min(guid)` })
      .from(episodes)
      .where(eq(episodes.tipjarId, row.id));
    // bigFeed dates big-0 first (2000-01-01) and big-9999 last: the newest are big-9500 … big-9999.
    expect(count).toEqual({ n: FEED_MAX_EPISODES, oldest: 'big-9500' });
    expect(ms).toBeLessThan(30_000);
    // Unchanged on the next full read (no ETag here: the host sends one, so make it forget it).
    await t.database.db.update(feedRefreshes).set({ etag: null }).where(eq(feedRefreshes.tipjarId, row.id));
    await makeDue(row.id);
    const again = performance.now();
    expect(await refreshFeeds(t.ctx, { tipjarId: row.id })).toMatchObject({ read: 1, changed: 0 });
    console.log(
      `[${TEST_DB}] the same feed read again (nothing changed) in ${Math.round(performance.now() - again)} ms`,
    );
  });

  it('two runs at once read a feed once', async () => {
    const url = host.set('show-race', episodeFeedXml([{ guid: 'r', title: 'Race' }]));
    const row = await jar(url);
    const [a, b] = await Promise.all([
      refreshFeeds(t.ctx, { tipjarId: row.id }),
      refreshFeeds(t.ctx, { tipjarId: row.id }),
    ]);
    expect(a.claimed + b.claimed).toBe(1);
    expect(requestsTo(url)).toHaveLength(1);
    expect(await stored(row.id)).toHaveLength(1);
  });

  it('leaves archived tip jars and tip jars without a feed alone', async () => {
    const url = host.set('show-archived', episodeFeedXml([{ guid: 'x', title: 'X' }]));
    const row = await jar(url);
    await t.database.db.update(tipjars).set({ archivedAt: new Date() }).where(eq(tipjars.id, row.id));
    expect((await refreshFeeds(t.ctx, { tipjarId: row.id })).claimed).toBe(0);
    expect(requestsTo(url)).toHaveLength(0);
  });
});
