import { and, count, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  bonusAudioUploads,
  bonusEpisodes,
  recurringTips,
  supporterFeedFetches,
  tipjarLevels,
  tipjars,
} from '../../db/schema/index.js';
import type { FeedLevel, FeedTip } from './bonus.access.js';

/** Bonus episodes, levels and supporter feed reads (issue 40). */

export type EpisodeRow = typeof bonusEpisodes.$inferSelect;

export function listEpisodes(db: DbOrTx, tipjarId: string) {
  return db
    .select()
    .from(bonusEpisodes)
    .where(eq(bonusEpisodes.tipjarId, tipjarId))
    .orderBy(desc(bonusEpisodes.publishedAt), desc(bonusEpisodes.id));
}

/** The episodes a feed lists: published by `now`, with audio, newest first. */
export function publishedEpisodes(db: DbOrTx, tipjarId: string, now: Date) {
  return db
    .select()
    .from(bonusEpisodes)
    .where(
      and(eq(bonusEpisodes.tipjarId, tipjarId), lte(bonusEpisodes.publishedAt, now), isNotNull(bonusEpisodes.audioKey)),
    )
    .orderBy(desc(bonusEpisodes.publishedAt), desc(bonusEpisodes.id));
}

export async function countEpisodes(db: DbOrTx, tipjarId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bonusEpisodes).where(eq(bonusEpisodes.tipjarId, tipjarId));
  return row?.n ?? 0;
}

export async function findEpisode(db: DbOrTx, tipjarId: string, episodeId: string): Promise<EpisodeRow | undefined> {
  const [row] = await db
    .select()
    .from(bonusEpisodes)
    .where(and(eq(bonusEpisodes.tipjarId, tipjarId), eq(bonusEpisodes.id, episodeId)));
  return row;
}

export async function insertEpisode(db: DbOrTx, values: typeof bonusEpisodes.$inferInsert): Promise<EpisodeRow> {
  const [row] = await db.insert(bonusEpisodes).values(values).returning();
  return row!;
}

export async function updateEpisode(
  db: DbOrTx,
  id: string,
  values: Partial<typeof bonusEpisodes.$inferInsert>,
): Promise<EpisodeRow | undefined> {
  const [row] = await db
    .update(bonusEpisodes)
    .set({ ...values, updated: new Date() })
    .where(eq(bonusEpisodes.id, id))
    .returning();
  return row;
}

export async function deleteEpisode(db: DbOrTx, id: string): Promise<void> {
  await db.delete(bonusEpisodes).where(eq(bonusEpisodes.id, id));
}

/** The storage keys of an episode's uploads in parts that never completed (decision 099). */
export async function unfinishedUploadKeys(db: DbOrTx, episodeId: string): Promise<string[]> {
  const rows = await db
    .select({ key: bonusAudioUploads.storageKey })
    .from(bonusAudioUploads)
    .where(and(eq(bonusAudioUploads.episodeId, episodeId), isNull(bonusAudioUploads.completedAt)));
  return rows.map((r) => r.key);
}

export function levelsOf(db: DbOrTx, tipjarId: string): Promise<FeedLevel[]> {
  return db
    .select({ id: tipjarLevels.id, amount: tipjarLevels.amount, unlocksFeed: tipjarLevels.unlocksFeed })
    .from(tipjarLevels)
    .where(eq(tipjarLevels.tipjarId, tipjarId))
    .orderBy(tipjarLevels.amount);
}

/**
 * Some charge was ever collected / the latest charge still completed, of a recurring tip (SQL columns).
 * Written out qualified: in a select from recurring_tips alone drizzle leaves its columns unqualified,
 * and an unqualified "id" inside the subquery would be the charge's.
 */
const everPaid = sql<boolean>`exists (select 1 from recurring_tip_charges c
  where c.recurring_tip_id = "recurring_tips"."id" and c.completed_at is not null)`;
const lastPaidAt = sql<string | null>`(select max(c.completed_at) from recurring_tip_charges c
  where c.recurring_tip_id = "recurring_tips"."id" and c.status = 'completed')`;

export interface FeedTipRow extends FeedTip {
  id: string;
  userId: string;
  tipjarId: string;
  locale: 'en' | 'nl';
  feedTokenVersion: number;
  feedFlaggedAt: Date | null;
  tipjarName: string;
  tipjarSlug: string;
}

/** A recurring tip with what its feed needs: its tip jar's name and slug, whether and when it paid. */
export async function findFeedTip(db: DbOrTx, recurringTipId: string): Promise<FeedTipRow | undefined> {
  const [row] = await db
    .select({
      id: recurringTips.id,
      userId: recurringTips.userId,
      tipjarId: recurringTips.tipjarId,
      status: recurringTips.status,
      mandateStatus: recurringTips.mandateStatus,
      interval: recurringTips.interval,
      amount: recurringTips.amount,
      locale: recurringTips.locale,
      feedTokenVersion: recurringTips.feedTokenVersion,
      feedFlaggedAt: recurringTips.feedFlaggedAt,
      tipjarName: tipjars.name,
      tipjarSlug: tipjars.slug,
      everPaid,
      lastPaidAt,
    })
    .from(recurringTips)
    .innerJoin(tipjars, eq(tipjars.id, recurringTips.tipjarId))
    .where(eq(recurringTips.id, recurringTipId));
  if (!row) return undefined;
  return { ...row, lastPaidAt: row.lastPaidAt ? new Date(row.lastPaidAt) : null };
}

/** The tips of a tip jar that may have the feed open (active and valid, or yearly and paid in the last year). */
export function candidateOpenTips(db: DbOrTx, tipjarId: string) {
  return db
    .select({
      status: recurringTips.status,
      mandateStatus: recurringTips.mandateStatus,
      interval: recurringTips.interval,
      amount: recurringTips.amount,
      everPaid,
      lastPaidAt,
    })
    .from(recurringTips)
    .where(
      and(
        eq(recurringTips.tipjarId, tipjarId),
        sql`((${recurringTips.status} = 'active' and ${recurringTips.mandateStatus} = 'valid') or ${recurringTips.interval} = 'year')`,
      ),
    );
}

export function flaggedTips(db: DbOrTx, tipjarId: string) {
  return db
    .select({
      recurringTipId: recurringTips.id,
      displayName: sql<
        string | null
      >`case when ${recurringTips.privacy} <> 'ANONYMOUS' then ${recurringTips.displayName} end`,
      flaggedAt: recurringTips.feedFlaggedAt,
    })
    .from(recurringTips)
    .where(and(eq(recurringTips.tipjarId, tipjarId), isNotNull(recurringTips.feedFlaggedAt)))
    .orderBy(desc(recurringTips.feedFlaggedAt))
    .limit(100);
}

/**
 * Notes a feed fetch from `network` on `day` and answers how many distinct networks fetched the feed
 * that day: one upsert and one count over the primary key's prefix (recurring tip, day).
 */
export async function recordFetch(db: DbOrTx, recurringTipId: string, day: string, network: string): Promise<number> {
  await db.insert(supporterFeedFetches).values({ recurringTipId, day, network }).onConflictDoNothing();
  const [row] = await db
    .select({ n: count() })
    .from(supporterFeedFetches)
    .where(and(eq(supporterFeedFetches.recurringTipId, recurringTipId), eq(supporterFeedFetches.day, day)));
  return row?.n ?? 0;
}

/** Flags a feed URL as leaked (once: a flag already set keeps its time). */
export async function flagFeed(db: DbOrTx, recurringTipId: string, at: Date): Promise<void> {
  await db
    .update(recurringTips)
    .set({ feedFlaggedAt: at })
    .where(and(eq(recurringTips.id, recurringTipId), sql`${recurringTips.feedFlaggedAt} is null`));
}

/** A new feed URL: the version goes up (every older URL answers 404), the leak flag goes. */
export async function rotateFeed(db: DbOrTx, recurringTipId: string): Promise<void> {
  await db
    .update(recurringTips)
    .set({ feedTokenVersion: sql`${recurringTips.feedTokenVersion} + 1`, feedFlaggedAt: null })
    .where(eq(recurringTips.id, recurringTipId));
  // The old URL's networks of today do not count against the new one.
  await db.delete(supporterFeedFetches).where(eq(supporterFeedFetches.recurringTipId, recurringTipId));
}

/** Removes fetch rows of days before `day` (they only matter on their own day); how many. */
export async function purgeFetchesBefore(db: DbOrTx, day: string): Promise<number> {
  const gone = await db
    .delete(supporterFeedFetches)
    .where(sql`${supporterFeedFetches.day} < ${day}`)
    .returning({ day: supporterFeedFetches.day });
  return gone.length;
}
