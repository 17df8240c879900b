import type { Readable } from 'node:stream';
import {
  BONUS_AUDIO_MAX_BYTES,
  BONUS_AUDIO_TYPES,
  type BonusAudioUpload,
  type BonusAudioUploadBody,
  type BonusEpisode,
  ErrorCode,
} from '@podpot/domain';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { bonusAudioUploads, bonusEpisodes } from '../../db/schema/index.js';
import type { Actor } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { appStorage, newStorageKey, StorageTooLarge } from '../../lib/storage.js';
import { audioTypeOf, notIt, tooLarge } from './bonus.files.js';
import * as repo from './bonus.repository.js';
import { managedEpisode, toBonusEpisode } from './bonus.service.js';

/**
 * A bonus episode's audio uploaded in parts (decision 099): each part is a request of its own, so each
 * arrives within REQUEST_TIMEOUT_MS on a slow line. A part is first stored whole under a key of its own
 * (streamed, at most its range's length), then appended to the upload's file under the upload's row lock,
 * only when it starts where the upload stands. The part that completes the file hands it to the episode
 * as the single PUT …/audio does.
 */

type UploadRow = typeof bonusAudioUploads.$inferSelect;

function stateOf(row: UploadRow, partBytes: number): BonusAudioUpload {
  return { id: row.id, partBytes, received: row.received, total: row.total };
}

/** Removes uploads' rows and, of those never completed, their bytes (the completed one's file is the episode's). */
async function dropUploads(ctx: AppContext, rows: Pick<UploadRow, 'storageKey' | 'completedAt'>[]): Promise<void> {
  const storage = appStorage(ctx);
  for (const row of rows) if (!row.completedAt) await storage.delete(row.storageKey);
}

/** POST …/audio/uploads: a new upload of `bytes` bytes; the episode's unfinished earlier one goes. */
export async function createUpload(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  episodeId: string,
  input: BonusAudioUploadBody,
): Promise<BonusAudioUpload> {
  await managedEpisode(ctx, actor, tipjarId, episodeId);
  if (!(BONUS_AUDIO_TYPES as readonly string[]).includes(input.type.toLowerCase())) throw notIt('audio');
  if (input.bytes > BONUS_AUDIO_MAX_BYTES) throw tooLarge('audio');
  // One upload at a time per episode: starting again drops the unfinished one (and keeps the disk bounded).
  const earlier = await ctx.db
    .delete(bonusAudioUploads)
    .where(and(eq(bonusAudioUploads.episodeId, episodeId), isNull(bonusAudioUploads.completedAt)))
    .returning();
  await dropUploads(ctx, earlier);
  const [row] = await ctx.db
    .insert(bonusAudioUploads)
    .values({
      tipjarId,
      episodeId,
      type: input.type.toLowerCase(),
      total: input.bytes,
      storageKey: newStorageKey('bonus-audio'),
    })
    .returning();
  return stateOf(row!, ctx.config.BONUS_UPLOAD_PART_BYTES);
}

/** `bytes START-END/TOTAL` (END inclusive), or `bytes *` + `/TOTAL` (no body) to ask where the upload stands. */
type PartRange = { start: number; end: number; total: number } | { probe: true; total: number };

function badRange(): AppError {
  return AppError.because(ErrorCode.Validation, 'bonusUploadRange', {
    fields: { 'content-range': { key: 'invalid' } },
  });
}

function parseContentRange(header: string | undefined): PartRange {
  const probe = /^bytes \*\/(\d{1,12})$/.exec(header?.trim() ?? '');
  if (probe) return { probe: true, total: Number(probe[1]) };
  const m = /^bytes (\d{1,12})-(\d{1,12})\/(\d{1,12})$/.exec(header?.trim() ?? '');
  if (!m) throw badRange();
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (start > end || end >= total) throw badRange();
  return { start, end, total };
}

function offsetConflict(expected: number): AppError {
  return AppError.because(ErrorCode.Conflict, 'bonusUploadOffset', {
    params: { expected: String(expected) },
    fields: { 'content-range': { key: 'uploadOffset', params: { expected } } },
  });
}

async function findUpload(db: DbOrTx, tipjarId: string, episodeId: string, uploadId: string, lock = false) {
  const query = db
    .select()
    .from(bonusAudioUploads)
    .where(
      and(
        eq(bonusAudioUploads.id, uploadId),
        eq(bonusAudioUploads.episodeId, episodeId),
        eq(bonusAudioUploads.tipjarId, tipjarId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** What a completed upload answers, also to a part resent after it completed: the episode. */
async function episodeOf(ctx: AppContext, tipjarId: string, episodeId: string): Promise<BonusEpisode> {
  const episode = await repo.findEpisode(ctx.db, tipjarId, episodeId);
  if (!episode) throw AppError.notFound('Bonus episode');
  return toBonusEpisode(episode);
}

/**
 * PUT …/audio/uploads/{uploadId}: one part (its `Content-Range`) as the raw `body`. Answers where the
 * upload stands, or — once the part completed it — the episode with its new audio. A part already received answers
 * 200 and appends nothing; a gap or an overlap is 409 naming the offset to send from.
 */
export async function putPart(
  ctx: AppContext,
  actor: Actor,
  ids: { tipjarId: string; episodeId: string; uploadId: string },
  contentRange: string | undefined,
  body: Readable | null,
): Promise<BonusAudioUpload | BonusEpisode> {
  const partBytes = ctx.config.BONUS_UPLOAD_PART_BYTES;
  const { tipjarId, episodeId, uploadId } = ids;
  // Who asks before what they send: another maker learns nothing from a malformed range either.
  await managedEpisode(ctx, actor, tipjarId, episodeId);
  const upload = await findUpload(ctx.db, tipjarId, episodeId, uploadId);
  if (!upload) throw AppError.notFound('Upload');
  const range = parseContentRange(contentRange);
  if (upload.completedAt) return episodeOf(ctx, tipjarId, episodeId);
  if (range.total !== upload.total) throw badRange();
  if ('probe' in range) return stateOf(upload, partBytes);
  const length = range.end - range.start + 1;
  if (length > partBytes) {
    throw AppError.because(ErrorCode.PayloadTooLarge, 'bonusUploadPartTooLarge', {
      params: { max: String(partBytes) },
      fields: { body: { key: 'tooBig', params: { max: partBytes } } },
    });
  }
  // Decided up front without the lock (so a wrong part is not read at all), again under it below.
  if (range.end < upload.received) return stateOf(upload, partBytes);
  if (range.start !== upload.received) throw offsetConflict(upload.received);
  if (!body) throw notIt('audio');

  const storage = appStorage(ctx);
  const partKey = newStorageKey('bonus-parts');
  let type: string | null = null;
  try {
    const { bytes } = await storage
      .put(partKey, body, {
        maxBytes: length,
        inspect: (head) => {
          if (range.start > 0) return;
          type = audioTypeOf(head);
          if (!type) throw notIt('audio');
        },
      })
      .catch((err) => {
        body.resume();
        throw err instanceof StorageTooLarge ? badRange() : err;
      });
    if (bytes !== length) throw badRange();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 415) {
      // The first bytes are not audio: the upload is dropped, nothing of it stays.
      const gone = await ctx.db.delete(bonusAudioUploads).where(eq(bonusAudioUploads.id, uploadId)).returning();
      await dropUploads(ctx, gone);
    }
    await storage.delete(partKey);
    throw err;
  }

  try {
    const outcome = await ctx.db.transaction(async (tx) => {
      // The last part takes the episode's row lock first (the order a deleted episode's cascade takes).
      const completes = range.end + 1 === upload.total;
      const [episode] = completes
        ? await tx.select().from(bonusEpisodes).where(eq(bonusEpisodes.id, episodeId)).for('update')
        : [];
      if (completes && !episode) throw AppError.notFound('Bonus episode');
      const row = await findUpload(tx, tipjarId, episodeId, uploadId, true);
      if (!row) throw AppError.notFound('Upload');
      if (row.completedAt) return { done: true as const, replaced: null };
      if (range.end < row.received) return { state: stateOf(row, partBytes) };
      if (range.start !== row.received) throw offsetConflict(row.received);
      await storage.append(row.storageKey, storage.read(partKey), { offset: range.start, maxBytes: length });
      const received = range.end + 1;
      const provenType = type ?? row.type;
      if (received < row.total) {
        const [next] = await tx
          .update(bonusAudioUploads)
          .set({ received, type: provenType })
          .where(eq(bonusAudioUploads.id, uploadId))
          .returning();
        return { state: stateOf(next!, partBytes) };
      }
      // Complete: the episode takes the file exactly as after a single PUT …/audio.
      await tx
        .update(bonusAudioUploads)
        .set({ received, type: provenType, completedAt: new Date() })
        .where(eq(bonusAudioUploads.id, uploadId));
      await repo.updateEpisode(tx, episodeId, {
        audioKey: row.storageKey,
        audioType: provenType,
        audioBytes: received,
      });
      // The episode's file before this one, read under the lock taken above.
      return { done: true as const, replaced: episode!.audioKey !== row.storageKey ? episode!.audioKey : null };
    });
    if ('state' in outcome) return outcome.state!;
    if (outcome.replaced) await storage.delete(outcome.replaced);
    return episodeOf(ctx, tipjarId, episodeId);
  } finally {
    await storage.delete(partKey);
  }
}

/** Uploads started before `before` (BONUS_UPLOAD_KEPT_MS ago): rows go, with the bytes of unfinished ones. */
export async function dropStaleUploads(ctx: AppContext, before: Date): Promise<number> {
  const gone = await ctx.db.delete(bonusAudioUploads).where(lt(bonusAudioUploads.created, before)).returning();
  await dropUploads(ctx, gone);
  return gone.length;
}
