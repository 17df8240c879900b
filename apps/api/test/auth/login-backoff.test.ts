import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackoff, createMemoryMarks, createMemoryTally, waitAfter } from '../../src/lib/rate-limit.js';
import { loginBackoffPolicy } from '../../src/modules/auth/auth.service.js';

const policy = loginBackoffPolicy(5);

describe('the login back-off policy', () => {
  it('lets 4 attempts through freely, then waits 30 s, doubling up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => waitAfter(policy, n))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9].map((n) => waitAfter(policy, n) / 1000)).toEqual([30, 60, 120, 240, 480]);
    expect(waitAfter(policy, 10) / 1000).toBe(900);
    expect(waitAfter(policy, 100) / 1000).toBe(900);
  });
});

describe('the in-process back-off', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes a key wait a growing window after its 5th attempt; a success starts over', async () => {
    const backoff = createMemoryBackoff(policy);
    for (let i = 0; i < 5; i++) expect(await backoff.attempt('ann@example.test')).toBeUndefined();
    expect(await backoff.attempt('ann@example.test')).toBe(30_000);
    expect(await backoff.attempt('bob@example.test')).toBeUndefined();

    vi.advanceTimersByTime(30_000);
    expect(await backoff.attempt('ann@example.test')).toBeUndefined();
    expect(await backoff.attempt('ann@example.test')).toBe(60_000);

    await backoff.reset('ann@example.test');
    for (let i = 0; i < 4; i++) expect(await backoff.attempt('ann@example.test')).toBeUndefined();
  });

  it('forgets a key after an hour of quiet', async () => {
    const backoff = createMemoryBackoff(policy);
    for (let i = 0; i < 5; i++) await backoff.attempt('ann@example.test');
    vi.advanceTimersByTime(60 * 60_000);
    for (let i = 0; i < 4; i++) expect(await backoff.attempt('ann@example.test')).toBeUndefined();
  });
});

describe('the in-process marks and tallies (known clients, the alert count)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a mark for its time to live, renewed when set again', async () => {
    const marks = createMemoryMarks(60_000);
    expect(await marks.has('ann\nip:198.51.100.7')).toBe(false);
    await marks.set('ann\nip:198.51.100.7');
    vi.advanceTimersByTime(50_000);
    await marks.set('ann\nip:198.51.100.7');
    vi.advanceTimersByTime(50_000);
    expect(await marks.has('ann\nip:198.51.100.7')).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(await marks.has('ann\nip:198.51.100.7')).toBe(false);
  });

  it('counts per key within a window that starts with its first count', async () => {
    const tally = createMemoryTally(60_000);
    expect([await tally.add('ann'), await tally.add('ann'), await tally.add('bob')]).toEqual([1, 2, 1]);
    vi.advanceTimersByTime(59_000);
    expect(await tally.add('ann')).toBe(3);
    vi.advanceTimersByTime(1_000);
    expect(await tally.add('ann')).toBe(1);
  });
});
