import {
  BONUS_ARTWORK_MAX_BYTES,
  BONUS_ARTWORK_TYPES,
  BONUS_AUDIO_MAX_BYTES,
  BONUS_AUDIO_TYPES,
  type BonusAudioType,
  type BonusEpisode,
} from '@podpot/domain';

/** What the file input offers: the three audio kinds by extension, and audio in general for phones. */
export const AUDIO_ACCEPT = '.mp3,.m4a,.ogg,audio/*';
export const ARTWORK_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const AUDIO_BY_EXTENSION: Record<string, BonusAudioType> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
};
/** Names browsers give the same kinds besides the standard ones. */
const AUDIO_ALIASES: Record<string, BonusAudioType> = {
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/aac': 'audio/mp4',
  'audio/opus': 'audio/ogg',
  'application/ogg': 'audio/ogg',
};

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The Content-Type an audio file is sent with, or null when it is no mp3, m4a or ogg (the API checks the bytes). */
export function audioTypeOf(file: { name: string; type: string }): BonusAudioType | null {
  const type = file.type.toLowerCase();
  if ((BONUS_AUDIO_TYPES as readonly string[]).includes(type)) return type as BonusAudioType;
  return AUDIO_ALIASES[type] ?? AUDIO_BY_EXTENSION[extensionOf(file.name)] ?? null;
}

/** The Content-Type of an artwork image, or null when it is no jpg or png. */
export function artworkTypeOf(file: { name: string; type: string }): (typeof BONUS_ARTWORK_TYPES)[number] | null {
  const type = file.type.toLowerCase();
  if ((BONUS_ARTWORK_TYPES as readonly string[]).includes(type)) return type as (typeof BONUS_ARTWORK_TYPES)[number];
  const extension = extensionOf(file.name);
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  return null;
}

/** Why a chosen file is not sent (checked before a byte goes out), or null when it may be. */
export type FileRefusal = { reason: 'type' } | { reason: 'size'; bytes: number; max: number };

export function checkAudio(file: { name: string; type: string; size: number }): FileRefusal | null {
  if (!audioTypeOf(file)) return { reason: 'type' };
  if (file.size > BONUS_AUDIO_MAX_BYTES) return { reason: 'size', bytes: file.size, max: BONUS_AUDIO_MAX_BYTES };
  return null;
}

export function checkArtwork(file: { name: string; type: string; size: number }): FileRefusal | null {
  if (!artworkTypeOf(file)) return { reason: 'type' };
  if (file.size > BONUS_ARTWORK_MAX_BYTES) return { reason: 'size', bytes: file.size, max: BONUS_ARTWORK_MAX_BYTES };
  return null;
}

/** Megabytes with one decimal (kilobytes below one MB), as a number and its unit, for a formatter. */
export function sizeParts(bytes: number): { value: number; unit: 'MB' | 'kB' } {
  if (bytes >= 1024 * 1024) return { value: Math.round((bytes / 1024 / 1024) * 10) / 10, unit: 'MB' };
  return { value: Math.max(1, Math.round(bytes / 1024)), unit: 'kB' };
}

/** The short name of an audio type: MP3, M4A, OGG. */
export function audioKind(type: BonusAudioType): string {
  return type === 'audio/mpeg' ? 'MP3' : type === 'audio/mp4' ? 'M4A' : 'OGG';
}

/** Seconds from '45:30', '1:02:03' or a plain number of minutes ('45'); '' is none (null); undefined when unreadable. */
export function parseDuration(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (/^\d{1,4}$/.test(trimmed)) return Number(trimmed) * 60;
  const parts = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(trimmed);
  if (!parts) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = parts;
  if (Number(seconds) > 59 || (parts[1] !== undefined && Number(minutes) > 59)) return undefined;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** Seconds as the field shows them: '45:30', '1:02:03'. */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input's value, in the browser's time zone ('2026-11-29T21:05'). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value (the browser's time zone) as ISO 8601 in UTC, or null when it is no date. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Scheduled: its publish date is still to come, so the feed does not list it yet. */
export function isScheduled(episode: Pick<BonusEpisode, 'publishedAt'>, now: Date = new Date()): boolean {
  return new Date(episode.publishedAt).getTime() > now.getTime();
}
