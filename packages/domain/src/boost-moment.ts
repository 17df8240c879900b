/**
 * Episode boosts (issue 41 part 5, decision 097): a tipper asks for their message to be read on air,
 * usually "at 12:34" of the episode. The moment is kept as whole seconds; the form takes `m:ss`,
 * `mm:ss` or `h:mm:ss` and every screen and mail shows it back the same way. Plain module (no zod):
 * the storefront's small entry imports it.
 */

import type { FieldError } from './errors.js';
import { BOOST_MOMENT_MAX } from './tip-rules.js';

export { BOOST_MOMENT_MAX };
/** The longest moment text the form accepts ("23:59:59" and some spaces). */
export const BOOST_MOMENT_TEXT_MAX = 12;
/** How many boosts one episode's read-on-air list answers (the newest moments past it are not shown). */
export const BOOSTS_PER_EPISODE_MAX = 500;

const MOMENT_PATTERN = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/;

/**
 * Seconds of a typed moment: '12:34' → 754, '1:02:03' → 3723; minutes may run past 59 without hours
 * ('75:00'), seconds may not. null for anything else (also an empty text: the caller decides).
 */
export function parseBoostMoment(text: string): number | null {
  if (text.length > BOOST_MOMENT_TEXT_MAX) return null;
  const match = MOMENT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, h, m, s] = match;
  const hours = h === undefined ? 0 : Number(h);
  const minutes = Number(m);
  const seconds = Number(s);
  if (seconds > 59 || (h !== undefined && minutes > 59)) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/** '12:34', '0:05', '1:02:03': the moment as the form takes it and every screen and mail shows it. */
export function formatBoostMoment(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The latest moment a boost of this episode may name: its duration when the feed gives one, else 24 h. */
export function boostMomentLimit(duration: number | null | undefined): number {
  return duration && duration > 0 ? Math.min(duration, BOOST_MOMENT_MAX) : BOOST_MOMENT_MAX;
}

/** A boost's part of a tip (CreateTipData, the storefront's form). */
export interface BoostInput {
  episodeId?: string;
  readOnAir?: boolean;
  /** Seconds. */
  boostMoment?: number;
  message?: string;
}

/**
 * The rules of a boost across fields (decision 097), as `fields` of a 422 BOOST_INVALID: a boost (or a
 * moment) only with an episode, a moment only with "read on air", a message to read, and a moment
 * not past the episode's end (`duration`, seconds, when the feed gives one). Empty when it may be sent.
 */
export function boostFieldErrors(
  input: BoostInput,
  duration?: number | null,
): Partial<Record<'readOnAir' | 'boostMoment' | 'message', FieldError>> {
  const moment = input.boostMoment;
  if (!input.readOnAir && moment === undefined) return {};
  if (!input.episodeId) return { [input.readOnAir ? 'readOnAir' : 'boostMoment']: { key: 'boostNeedsEpisode' } };
  if (!input.readOnAir) return { boostMoment: { key: 'boostNeedsReadOnAir' } };
  const errors: Partial<Record<'boostMoment' | 'message', FieldError>> = {};
  if (!(input.message ?? '').trim()) errors.message = { key: 'required' };
  const limit = boostMomentLimit(duration);
  if (moment !== undefined && moment > limit) {
    errors.boostMoment = { key: 'boostAfterEnd', params: { duration: formatBoostMoment(limit) } };
  }
  return errors;
}
