import type { Readable } from 'node:stream';
import { BONUS_ARTWORK_MAX_BYTES, BONUS_AUDIO_MAX_BYTES, type BonusAudioType, ErrorCode } from '@podpot/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { appStorage, newStorageKey, StorageTooLarge } from '../../lib/storage.js';

/**
 * What a bonus episode's uploaded file is, proved by its first bytes (never by the name or the
 * Content-Type the client sends), and the streaming of the request body into the storage.
 */

/** mp3 (an ID3 tag or an MPEG frame sync), m4a ('ftyp' box at offset 4), ogg ('OggS'); else null. */
export function audioTypeOf(head: Buffer): BonusAudioType | null {
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return 'audio/mpeg';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'audio/mpeg';
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return 'audio/mp4';
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'OggS') return 'audio/ogg';
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG (FF D8 FF) or PNG (its 8-byte signature); else null. */
export function imageTypeOf(head: Buffer): 'image/jpeg' | 'image/png' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return null;
}

/** The file extension of an audio or image type, for URLs. */
export const EXTENSION_OF: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export type UploadKind = 'audio' | 'artwork';

const KINDS = {
  audio: {
    folder: 'bonus-audio',
    max: BONUS_AUDIO_MAX_BYTES,
    typeOf: audioTypeOf,
    notIt: 'bonusNotAudio',
    tooLarge: 'bonusAudioTooLarge',
    maxText: '200 MB',
  },
  artwork: {
    folder: 'bonus-artwork',
    max: BONUS_ARTWORK_MAX_BYTES,
    typeOf: imageTypeOf,
    notIt: 'bonusNotImage',
    tooLarge: 'bonusArtworkTooLarge',
    maxText: '1 MB',
  },
} as const;

export function tooLarge(kind: UploadKind): AppError {
  const k = KINDS[kind];
  return AppError.because(ErrorCode.PayloadTooLarge, k.tooLarge, {
    params: { max: k.maxText },
    fields: { body: { key: 'tooBig', params: { max: k.max } } },
  });
}

export function notIt(kind: UploadKind): AppError {
  return AppError.because(ErrorCode.UnsupportedMediaType, KINDS[kind].notIt, {
    fields: { body: { key: 'format' } },
  });
}

/** Checks what can be checked before reading: a stream body of the kind's media type, a size in limit. */
export function checkUploadRequest(request: FastifyRequest, kind: UploadKind): Readable {
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  const major = kind === 'audio' ? 'audio/' : 'image/';
  const body = request.body as Readable | undefined;
  if (!type.startsWith(major) || !body || typeof body.pipe !== 'function') throw notIt(kind);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > KINDS[kind].max) throw tooLarge(kind);
  return body;
}

/**
 * Streams the body into a new storage key, refusing (415) when its first bytes are not the kind's and
 * (413) past its limit — nothing stays stored then, and the rest of the body is drained.
 */
export async function storeUpload(
  ctx: { config: { dataDir: string } },
  body: Readable,
  kind: UploadKind,
): Promise<{ key: string; type: string; bytes: number }> {
  const k = KINDS[kind];
  const key = newStorageKey(k.folder);
  let type: string | null = null;
  try {
    const { bytes } = await appStorage(ctx).put(key, body, {
      maxBytes: k.max,
      inspect: (head) => {
        type = k.typeOf(head);
        if (!type) throw notIt(kind);
      },
    });
    if (!type) throw notIt(kind);
    return { key, type, bytes };
  } catch (err) {
    body.resume();
    if (err instanceof StorageTooLarge) throw tooLarge(kind);
    throw err;
  }
}
