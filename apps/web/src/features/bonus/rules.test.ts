import { BONUS_ARTWORK_MAX_BYTES, BONUS_AUDIO_MAX_BYTES } from '@podpot/domain';
import { describe, expect, it } from 'vitest';
import {
  audioTypeOf,
  checkArtwork,
  checkAudio,
  durationText,
  fromLocalInput,
  isScheduled,
  parseDuration,
  sizeParts,
  toLocalInput,
} from './rules';

describe('bonus episode files', () => {
  it('sends mp3, m4a and ogg with the type the API takes, whatever name the browser gives it', () => {
    expect(audioTypeOf({ name: 'a.mp3', type: 'audio/mpeg' })).toBe('audio/mpeg');
    expect(audioTypeOf({ name: 'a.mp3', type: 'audio/mp3' })).toBe('audio/mpeg');
    expect(audioTypeOf({ name: 'a.m4a', type: 'audio/x-m4a' })).toBe('audio/mp4');
    expect(audioTypeOf({ name: 'A.OGG', type: '' })).toBe('audio/ogg');
    expect(audioTypeOf({ name: 'a.wav', type: 'audio/wav' })).toBeNull();
    expect(audioTypeOf({ name: 'notes.pdf', type: 'application/pdf' })).toBeNull();
  });

  it('refuses a file above the limit before sending it, and one that is no audio', () => {
    expect(checkAudio({ name: 'a.mp3', type: 'audio/mpeg', size: BONUS_AUDIO_MAX_BYTES })).toBeNull();
    expect(checkAudio({ name: 'a.mp3', type: 'audio/mpeg', size: BONUS_AUDIO_MAX_BYTES + 1 })).toEqual({
      reason: 'size',
      bytes: BONUS_AUDIO_MAX_BYTES + 1,
      max: BONUS_AUDIO_MAX_BYTES,
    });
    expect(checkAudio({ name: 'a.txt', type: 'text/plain', size: 10 })).toEqual({ reason: 'type' });
    expect(checkArtwork({ name: 'a.png', type: 'image/png', size: BONUS_ARTWORK_MAX_BYTES + 1 })?.reason).toBe('size');
    expect(checkArtwork({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual({ reason: 'type' });
    expect(checkArtwork({ name: 'a.JPG', type: '', size: 10 })).toBeNull();
  });

  it('says sizes in MB with one decimal, kB below a megabyte', () => {
    expect(sizeParts(BONUS_AUDIO_MAX_BYTES)).toEqual({ value: 200, unit: 'MB' });
    expect(sizeParts(12.34 * 1024 * 1024)).toEqual({ value: 12.3, unit: 'MB' });
    expect(sizeParts(1500)).toEqual({ value: 1, unit: 'kB' });
  });
});

describe('bonus episode fields', () => {
  it('reads a duration as minutes:seconds, hours:minutes:seconds or whole minutes', () => {
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('45:30')).toBe(2730);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('90')).toBe(5400);
    expect(parseDuration('1:75:00')).toBeUndefined();
    expect(parseDuration('4:61')).toBeUndefined();
    expect(parseDuration('an hour')).toBeUndefined();
    expect(durationText(3723)).toBe('1:02:03');
    expect(durationText(2730)).toBe('45:30');
    expect(durationText(null)).toBe('');
  });

  it('turns the date field into an instant and back, in the browser’s time zone', () => {
    const date = new Date(2026, 11, 24, 18, 30);
    expect(toLocalInput(date)).toBe('2026-12-24T18:30');
    expect(fromLocalInput('2026-12-24T18:30')).toBe(date.toISOString());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('24-12-2026')).toBeNull();
  });

  it('calls an episode scheduled while its publish date is still to come', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(isScheduled({ publishedAt: '2026-11-30T00:00:00Z' }, now)).toBe(true);
    expect(isScheduled({ publishedAt: '2026-11-29T11:59:00Z' }, now)).toBe(false);
  });
});
