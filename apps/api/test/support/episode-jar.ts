import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { feedRefreshes, tipjars } from '../../src/db/schema/index.js';
import { refreshFeeds } from '../../src/modules/episodes/episodes.refresh.js';
import { type EpisodeFeedHost, episodeFeedXml, type FeedItem } from '../episodes/episode-feed.js';
import type { TestApp, TestUser } from './test-app.js';
import { orderLiveJar } from './tipjar.js';

export interface EpisodeJar {
  id: string;
  slug: string;
  maker: TestUser;
  /** Episode ids by title. */
  episodes: Map<string, string>;
}

/**
 * A LIVE tip jar `name` (merchant registered, ordered with `paymentmethod`) whose feed on `host` has
 * `items`, read once by the refresh job; its episodes' ids as its storefront lists them.
 */
export async function jarWithEpisodes(
  t: TestApp,
  host: EpisodeFeedHost,
  paymentmethod: string,
  name: string,
  items: FeedItem[],
): Promise<EpisodeJar> {
  const live = await orderLiveJar(t, { paymentmethod, name });
  const url = host.set(name.toLowerCase(), episodeFeedXml(items));
  const saved = await t.api('PUT', `/tipjars/${live.id}`, { token: live.maker.token, body: { data: { rssUrl: url } } });
  expect(saved.status, saved.text).toBe(200);
  const run = await refreshFeeds(t.ctx, { tipjarId: live.id });
  const [state] = await t.database.db.select().from(feedRefreshes).where(eq(feedRefreshes.tipjarId, live.id));
  expect(run, JSON.stringify(state)).toMatchObject({ read: 1 });
  expect(state?.lastFetchedAt, JSON.stringify(state)).toBeTruthy();
  const [row] = await t.database.db.select().from(tipjars).where(eq(tipjars.id, live.id));
  const storefront = await t.api('GET', `/tipjars?slug=${row!.slug}`);
  const episodes = new Map<string, string>();
  for (const e of storefront.body.data[0].recentEpisodes as { id: string; title: string }[])
    episodes.set(e.title, e.id);
  return { id: live.id, slug: row!.slug, maker: live.maker, episodes };
}
