import { describe, expect, it } from 'vitest';
import {
  BOOST_MOMENT_MAX,
  boostFieldErrors,
  boostMomentLimit,
  formatBoostMoment,
  parseBoostMoment,
} from './tip-rules.js';

describe('boost moments', () => {
  it('reads mm:ss and h:mm:ss as seconds', () => {
    expect(parseBoostMoment('12:34')).toBe(754);
    expect(parseBoostMoment(' 0:05 ')).toBe(5);
    expect(parseBoostMoment('1:02:03')).toBe(3723);
    expect(parseBoostMoment('75:00')).toBe(4500);
    expect(parseBoostMoment('23:59:59')).toBe(BOOST_MOMENT_MAX - 1);
  });

  it('refuses what is no moment', () => {
    for (const text of [
      '',
      '12',
      '12:3',
      '12:60',
      '1:60:00',
      '-1:00',
      '1:2:3:4',
      'ab:cd',
      '12:34\u0000',
      '1'.repeat(40),
    ]) {
      expect(parseBoostMoment(text), text).toBeNull();
    }
  });

  it('shows seconds as the form takes them', () => {
    expect(formatBoostMoment(754)).toBe('12:34');
    expect(formatBoostMoment(5)).toBe('0:05');
    expect(formatBoostMoment(3723)).toBe('1:02:03');
    expect(formatBoostMoment(3600)).toBe('1:00:00');
    for (const seconds of [0, 59, 754, 3599, 3600, 86_399]) {
      expect(parseBoostMoment(formatBoostMoment(seconds))).toBe(seconds);
    }
  });

  it('bounds a moment by the episode, or by a day', () => {
    expect(boostMomentLimit(1800)).toBe(1800);
    expect(boostMomentLimit(null)).toBe(BOOST_MOMENT_MAX);
    expect(boostMomentLimit(0)).toBe(BOOST_MOMENT_MAX);
  });
});

describe('boostFieldErrors', () => {
  const episodeId = '5f0c8f52-8d55-4d0a-9a3e-0e6f4f7a1b2c';
  it('lets plain tips and whole boosts through', () => {
    expect(boostFieldErrors({})).toEqual({});
    expect(boostFieldErrors({ episodeId, message: '' })).toEqual({});
    expect(boostFieldErrors({ episodeId, readOnAir: true, boostMoment: 754, message: 'Hoi' }, 3600)).toEqual({});
    expect(boostFieldErrors({ episodeId, readOnAir: true, message: 'Zonder moment' })).toEqual({});
  });
  it('names the field of each broken rule', () => {
    expect(boostFieldErrors({ readOnAir: true, message: 'x' })).toEqual({ readOnAir: { key: 'boostNeedsEpisode' } });
    expect(boostFieldErrors({ boostMoment: 1 })).toEqual({ boostMoment: { key: 'boostNeedsEpisode' } });
    expect(boostFieldErrors({ episodeId, boostMoment: 1 })).toEqual({ boostMoment: { key: 'boostNeedsReadOnAir' } });
    expect(boostFieldErrors({ episodeId, readOnAir: true, message: ' ', boostMoment: 754 }, 600)).toEqual({
      message: { key: 'required' },
      boostMoment: { key: 'boostAfterEnd', params: { duration: '10:00' } },
    });
    expect(boostFieldErrors({ episodeId, readOnAir: true, message: 'x', boostMoment: 600 }, 600)).toEqual({});
  });
});
