import type { Readable } from 'node:stream';
import {
  BONUS_EPISODES_MAX,
  type BonusAudioType,
  type BonusEpisode,
  type BonusEpisodeInputSchema,
  ErrorCode,
  type SupporterFeedSummary,
} from '@podpot/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { bonusEpisodes, tipjars } from '../../db/schema/index.js';
import { type Actor, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { appStorage } from '../../lib/storage.js';
import { feedStateOf } from './bonus.access.js';
import { storeUpload, type UploadKind } from './bonus.files.js';
import * as repo from './bonus.repository.js';

/** A maker's bonus episodes (issue 40): the tip jar's admins and platform admins, through loadManagedTipjar. */

type EpisodeInput = z.output<typeof BonusEpisodeInputSchema>;

export function toBonusEpisode(row: repo.EpisodeRow): BonusEpisode {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    publishedAt: row.publishedAt.toISOString(),
    levelId: row.levelId,
    audio:
      row.audioKey && row.audioType && row.audioBytes !== null
        ? { type: row.audioType as BonusAudioType, bytes: row.audioBytes }
        : null,
    duration: row.duration,
    hasArtwork: row.artworkKey !== null,
  };
}

export async function listEpisodes(ctx: AppContext, actor: Actor, tipjarId: string): Promise<BonusEpisode[]> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  return (await repo.listEpisodes(ctx.db, tipjarId)).map(toBonusEpisode);
}

async function checkLevel(ctx: AppContext, tipjarId: string, levelId: string | null) {
  if (levelId === null) return;
  const levels = await repo.levelsOf(ctx.db, tipjarId);
  if (!levels.some((l) => l.id === levelId)) {
    throw AppError.because(ErrorCode.Validation, 'bonusLevelUnknown', {
      fields: { 'data.levelId': { key: 'invalid' } },
    });
  }
}

function rowValues(input: EpisodeInput) {
  return {
    title: input.title,
    description: input.description,
    levelId: input.levelId,
    duration: input.duration,
    ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
  };
}

export async function createEpisode(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  input: EpisodeInput,
): Promise<BonusEpisode> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  await checkLevel(ctx, tipjarId, input.levelId);
  const row = await ctx.db.transaction(async (tx) => {
    // The tip jar's row lock: two creates at once cannot both take the last place.
    await tx.select({ id: tipjars.id }).from(tipjars).where(eq(tipjars.id, tipjarId)).for('update');
    if ((await repo.countEpisodes(tx, tipjarId)) >= BONUS_EPISODES_MAX) {
      throw AppError.because(ErrorCode.Conflict, 'bonusEpisodesMax', { params: { max: String(BONUS_EPISODES_MAX) } });
    }
    return repo.insertEpisode(tx, { tipjarId, ...rowValues(input) });
  });
  return toBonusEpisode(row);
}

export async function managedEpisode(ctx: AppContext, actor: Actor, tipjarId: string, episodeId: string) {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const episode = await repo.findEpisode(ctx.db, tipjarId, episodeId);
  if (!episode) throw AppError.notFound('Bonus episode');
  return episode;
}

export async function updateEpisode(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  episodeId: string,
  input: EpisodeInput,
): Promise<BonusEpisode> {
  await managedEpisode(ctx, actor, tipjarId, episodeId);
  await checkLevel(ctx, tipjarId, input.levelId);
  const row = await repo.updateEpisode(ctx.db, episodeId, rowValues(input));
  if (!row) throw AppError.notFound('Bonus episode');
  return toBonusEpisode(row);
}

export async function deleteEpisode(ctx: AppContext, actor: Actor, tipjarId: string, episodeId: string) {
  const episode = await managedEpisode(ctx, actor, tipjarId, episodeId);
  // Its uploads in parts go with the row (cascade); the bytes of an unfinished one are deleted here.
  const unfinished = await repo.unfinishedUploadKeys(ctx.db, episodeId);
  await repo.deleteEpisode(ctx.db, episodeId);
  const storage = appStorage(ctx);
  for (const key of [episode.audioKey, episode.artworkKey, ...unfinished]) if (key) await storage.delete(key);
}

/**
 * PUT …/audio and …/artwork: the body streamed into a new file; when it is accepted the episode points
 * at it (under the episode's row lock, so of two uploads at once the later one wins and the other's
 * file goes) and the file it replaced is deleted.
 */
export async function uploadFile(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  episodeId: string,
  kind: UploadKind,
  body: Readable,
): Promise<BonusEpisode> {
  await managedEpisode(ctx, actor, tipjarId, episodeId).catch((err) => {
    body.resume();
    throw err;
  });
  const stored = await storeUpload(ctx, body, kind);
  const storage = appStorage(ctx);
  const result = await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(bonusEpisodes).where(eq(bonusEpisodes.id, episodeId)).for('update');
      if (!current) return null;
      const row = await repo.updateEpisode(
        tx,
        episodeId,
        kind === 'audio'
          ? { audioKey: stored.key, audioType: stored.type, audioBytes: stored.bytes }
          : { artworkKey: stored.key, artworkType: stored.type },
      );
      return { row: row!, replaced: kind === 'audio' ? current.audioKey : current.artworkKey };
    })
    .catch(async (err) => {
      await storage.delete(stored.key);
      throw err;
    });
  if (!result) {
    await storage.delete(stored.key);
    throw AppError.notFound('Bonus episode');
  }
  if (result.replaced) await storage.delete(result.replaced);
  return toBonusEpisode(result.row);
}

/** GET tipjars/{id}/supporter-feed: how many supporters have the feed open; the leaked URLs. */
export async function feedSummary(ctx: AppContext, actor: Actor, tipjarId: string): Promise<SupporterFeedSummary> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const [levels, episodeCount, candidates, flagged] = await Promise.all([
    repo.levelsOf(ctx.db, tipjarId),
    repo.countEpisodes(ctx.db, tipjarId),
    repo.candidateOpenTips(ctx.db, tipjarId),
    repo.flaggedTips(ctx.db, tipjarId),
  ]);
  const now = new Date();
  const openFeeds = candidates.filter(
    (tip) =>
      feedStateOf(
        { ...tip, lastPaidAt: tip.lastPaidAt ? new Date(tip.lastPaidAt) : null },
        { episodeCount, levels },
        now,
      ) === 'open',
  ).length;
  return {
    openFeeds,
    flagged: flagged.map((f) => ({
      recurringTipId: f.recurringTipId,
      displayName: f.displayName,
      flaggedAt: (f.flaggedAt as Date).toISOString(),
    })),
  };
}
