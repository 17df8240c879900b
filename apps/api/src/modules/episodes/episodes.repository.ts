import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { episodes, feedRefreshes } from '../../db/schema/index.js';
import type { FeedEpisode } from '../feeds/feeds.parser.js';

/** The only code touching episodes and feed_refreshes (decision 034). */

export type EpisodeRow = typeof episodes.$inferSelect;
export type FeedRefreshRow = typeof feedRefreshes.$inferSelect;

/* ---------- the refresh job ---------- */

/**
 * Claims up to `limit` feeds that are due, for `leaseMs`: a tip jar with a feed address, not archived,
 * whose state is missing (never read, or reset by saving the address), belongs to another address, or
 * was last tried `intervalMinutes` ago and is not stopped. One statement: the due rows are locked with
 * SKIP LOCKED and their lease set, so two processes claiming at once never get the same feed, and a
 * claimed feed stays out of every other claim until its lease ends.
 */
export async function claimDueFeeds(
  db: DbOrTx,
  options: { limit: number; leaseMs: number; intervalMinutes: number; tipjarId?: string },
): Promise<{ tipjarId: string; feedUrl: string }[]> {
  const only = options.tipjarId ? sql`and t.id = ${options.tipjarId}` : sql``;
  // A tip jar with a feed and no state gets its state row first (nothing happens to one that has it).
  await db.execute(sql`insert into feed_refreshes (tipjar_id, feed_url)
    select t.id, t.rss_url from tipjars t
    where t.rss_url is not null and t.archived_at is null ${only}
      and not exists (select 1 from feed_refreshes r where r.tipjar_id = t.id)
    on conflict (tipjar_id) do nothing`);
  const claimed = await rowsOf<{ tipjar_id: string; feed_url: string }>(
    db,
    sql`update feed_refreshes r
      set leased_until = now() + ${options.leaseMs} * interval '1 millisecond',
          -- Another address than the state's: start over (the old validators and failures were another feed's).
          etag = case when r.feed_url = t.rss_url then r.etag end,
          last_modified = case when r.feed_url = t.rss_url then r.last_modified end,
          failures = case when r.feed_url = t.rss_url then r.failures else 0 end,
          stopped_at = case when r.feed_url = t.rss_url then r.stopped_at end,
          funding_linked = case when r.feed_url = t.rss_url then r.funding_linked end,
          feed_url = t.rss_url
      from tipjars t
      where t.id = r.tipjar_id and r.tipjar_id in (
        select r2.tipjar_id from feed_refreshes r2 join tipjars t2 on t2.id = r2.tipjar_id
        where t2.rss_url is not null and t2.archived_at is null ${options.tipjarId ? sql`and t2.id = ${options.tipjarId}` : sql``}
          and (r2.leased_until is null or r2.leased_until < now())
          and (r2.feed_url <> t2.rss_url or r2.checked_at is null
               or (r2.stopped_at is null and r2.checked_at < now() - ${options.intervalMinutes} * interval '1 minute'))
        order by r2.checked_at nulls first
        limit ${options.limit}
        for update of r2 skip locked)
      returning r.tipjar_id, r.feed_url`,
  );
  return claimed.map((r) => ({ tipjarId: r.tipjar_id, feedUrl: r.feed_url }));
}

export async function findFeedRefresh(db: DbOrTx, tipjarId: string) {
  const [row] = await db.select().from(feedRefreshes).where(eq(feedRefreshes.tipjarId, tipjarId));
  return row;
}

/** A read that worked (a 304 too): validators kept, failures back to 0, the lease given back. */
export async function recordFeedSuccess(
  db: DbOrTx,
  tipjarId: string,
  values: { etag?: string | null; lastModified?: string | null; fundingLinked?: boolean },
) {
  await db
    .update(feedRefreshes)
    .set({
      ...values,
      checkedAt: sql`now()`,
      lastFetchedAt: sql`now()`,
      failures: 0,
      lastError: null,
      stoppedAt: null,
      leasedUntil: null,
    })
    .where(eq(feedRefreshes.tipjarId, tipjarId));
}

/**
 * A failed read: one more failure in a row; at `maxFailures` the feed is stopped. Answers whether this
 * failure is the one that stopped it (so the maker is told exactly once).
 */
export async function recordFeedFailure(
  db: DbOrTx,
  tipjarId: string,
  error: string,
  maxFailures: number,
): Promise<boolean> {
  const [row] = await db
    .update(feedRefreshes)
    .set({
      checkedAt: sql`now()`,
      failures: sql`${feedRefreshes.failures} + 1`,
      lastError: error.slice(0, 500),
      stoppedAt: sql`case when ${feedRefreshes.failures} + 1 >= ${maxFailures} then coalesce(${feedRefreshes.stoppedAt}, now()) else ${feedRefreshes.stoppedAt} end`,
      leasedUntil: null,
    })
    .where(eq(feedRefreshes.tipjarId, tipjarId))
    .returning({ failures: feedRefreshes.failures });
  return row?.failures === maxFailures;
}

/** Forgets a tip jar's refresh state (its feed address was saved or verified): the next claim reads it at once. */
export async function resetFeedRefresh(db: DbOrTx, tipjarId: string) {
  await db.delete(feedRefreshes).where(eq(feedRefreshes.tipjarId, tipjarId));
}

/**
 * Episodes in one upsert, at most this many rows per statement. Short statements with a turn of the
 * event loop between them: on the embedded database (PGlite) a statement runs on the event loop, and
 * a feed's 500 episodes (FEED_MAX_EPISODES) in one statement held it for a few hundred ms (decision 060).
 */
const UPSERT_BATCH = 100;

/**
 * Writes a feed's episodes: new guids inserted, changed ones updated (and brought back if they were
 * removed), guids no longer in the feed marked removed. Rows go in as one JSON parameter per batch
 * (jsonb_to_recordset): a feed's 500 episodes are five statements, not 500, and no parameter limit
 * applies. Answers how many rows changed (0: the storefront's cached answer may stay).
 */
export async function upsertEpisodes(db: DbOrTx, tipjarId: string, list: FeedEpisode[]): Promise<number> {
  let changed = 0;
  for (let start = 0; start < list.length; start += UPSERT_BATCH) {
    const json = JSON.stringify(list.slice(start, start + UPSERT_BATCH));
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`insert into episodes (tipjar_id, guid, title, number, season, published_at, link, duration)
        select ${tipjarId}::uuid, x.guid, x.title, x.number, x.season, x."publishedAt", x.link, x.duration
        from jsonb_to_recordset(${json}::jsonb)
          as x(guid text, title text, number integer, season integer, "publishedAt" timestamptz, link text, duration integer)
        on conflict (tipjar_id, guid) do update set
          title = excluded.title, number = excluded.number, season = excluded.season,
          published_at = excluded.published_at, link = excluded.link, duration = excluded.duration,
          removed_at = null, updated = now()
        where (episodes.title, episodes.number, episodes.season, episodes.published_at, episodes.link, episodes.duration, episodes.removed_at)
          is distinct from (excluded.title, excluded.number, excluded.season, excluded.published_at, excluded.link, excluded.duration, null)
        returning id`,
    );
    changed += rows.length;
    await nextTurn();
  }
  const guids = JSON.stringify(list.map((e) => e.guid));
  const removed = await rowsOf<{ id: string }>(
    db,
    sql`update episodes set removed_at = now(), updated = now()
      where tipjar_id = ${tipjarId} and removed_at is null
        and guid not in (select jsonb_array_elements_text(${guids}::jsonb))
      returning id`,
  );
  return changed + removed.length;
}

/* ---------- reads ---------- */

const newestFirst = [sql`${episodes.publishedAt} desc nulls last`, episodes.title, episodes.id];

/** The newest `limit` episodes still in the feed. */
export async function recentEpisodes(db: DbOrTx, tipjarId: string, limit: number) {
  return db
    .select()
    .from(episodes)
    .where(and(eq(episodes.tipjarId, tipjarId), isNull(episodes.removedAt)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * The episodes still in the feeds of these tip jars (the sitemap: one query per page of tip jars),
 * their id and date only, each tip jar's newest first.
 */
export async function episodesOfTipjars(db: DbOrTx, tipjarIds: string[]) {
  if (tipjarIds.length === 0) return [];
  return db
    .select({ tipjarId: episodes.tipjarId, id: episodes.id, publishedAt: episodes.publishedAt })
    .from(episodes)
    .where(and(inArray(episodes.tipjarId, tipjarIds), isNull(episodes.removedAt)))
    .orderBy(episodes.tipjarId, ...newestFirst);
}

/** One of the tip jar's episodes still in its feed. */
export async function findEpisode(db: DbOrTx, tipjarId: string, id: string) {
  const [row] = await db
    .select()
    .from(episodes)
    .where(and(eq(episodes.id, id), eq(episodes.tipjarId, tipjarId), isNull(episodes.removedAt)));
  return row;
}

export async function countEpisodes(db: DbOrTx, tipjarId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(episodes)
    .where(and(eq(episodes.tipjarId, tipjarId), isNull(episodes.removedAt)));
  return Number(row?.count ?? 0);
}

/** Title and number of episodes by id (removed ones too: a tip keeps naming its episode). */
export async function episodeRefs(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: episodes.id, title: episodes.title, number: episodes.number })
    .from(episodes)
    .where(inArray(episodes.id, ids));
}

/**
 * Counted tips (paid: completed_at set, also when later refunded or charged back; what went back is
 * taken off, as in every statistic) of a tip jar per episode, in one statement: the newest `limit`
 * episodes that were tipped or are still in the feed, newest first, then the row of tips without an
 * episode (id null) when there are any.
 */
export async function tipsPerEpisode(db: DbOrTx, tipjarId: string, limit: number) {
  return rowsOf<{
    id: string | null;
    title: string | null;
    number: number | null;
    published_at: string | Date | null;
    count: string;
    gross: string;
    net: string;
    boosts: string;
    boosts_open: string;
  }>(
    db,
    sql`with counted as (
          select episode_id, count(*)::bigint as count,
                 sum(amount - refunded_amount)::bigint as gross,
                 sum(amount - refunded_amount - (fee - refunded_fee))::bigint as net,
                 -- Boosts (decision 097): completed ones only, as the read-on-air list shows them.
                 count(*) filter (where read_on_air and status = 'completed')::bigint as boosts,
                 count(*) filter (where read_on_air and status = 'completed' and read_on_air_at is null)::bigint as boosts_open
          from tips where tipjar_id = ${tipjarId} and completed_at is not null
          group by episode_id),
        shown as (
          select e.id, e.title, e.number, e.published_at, coalesce(c.count, 0) as count,
                 coalesce(c.gross, 0) as gross, coalesce(c.net, 0) as net,
                 coalesce(c.boosts, 0) as boosts, coalesce(c.boosts_open, 0) as boosts_open
          from episodes e left join counted c on c.episode_id = e.id
          where e.tipjar_id = ${tipjarId} and (e.removed_at is null or c.count is not null)
          order by e.published_at desc nulls last, e.title, e.id
          limit ${limit})
        select id, title, number, published_at, count, gross, net, boosts, boosts_open from (
          select 0 as part, * from shown
          union all
          select 1, null, null, null, null, count, gross, net, 0, 0 from counted where episode_id is null) s
        order by part, published_at desc nulls last, title, id`,
  );
}

/** One of the tip jar's episodes, also one the feed dropped (a boost list keeps naming it). */
export async function findEpisodeEvenRemoved(db: DbOrTx, tipjarId: string, id: string) {
  const [row] = await db
    .select({ id: episodes.id, title: episodes.title, number: episodes.number })
    .from(episodes)
    .where(and(eq(episodes.id, id), eq(episodes.tipjarId, tipjarId)));
  return row;
}
