import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyedCoalescer, TokenBucket } from './throttle.js';

afterEach(() => vi.useRealTimers());

describe('KeyedCoalescer', () => {
  it('runs a burst of any size at most twice per window, each caller answered by a run started after it called', async () => {
    vi.useFakeTimers();
    const coalescer = new KeyedCoalescer<number>(1000);
    let runs = 0;
    const work = async () => {
      runs += 1;
      return runs;
    };
    const first = coalescer.run('tra_1', work);
    const burst = Array.from({ length: 100 }, () => coalescer.run('tra_1', work));
    expect(await first).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(new Set(await Promise.all(burst))).toEqual(new Set([2]));
    expect(runs).toBe(2);
    // Other keys are not held up.
    expect(await coalescer.run('tra_2', work)).toBe(3);
  });

  it('shares a failure with the callers of that run, and the next run goes ahead', async () => {
    const coalescer = new KeyedCoalescer<string>(0);
    const failing = coalescer.run('k', () => Promise.reject(new Error('provider down')));
    const joined = coalescer.run('k', async () => 'ok');
    await expect(failing).rejects.toThrow('provider down');
    expect(await joined).toBe('ok');
  });
});

describe('TokenBucket', () => {
  it('allows a burst, then the rate', () => {
    vi.useFakeTimers();
    const bucket = new TokenBucket(2, 3);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    vi.advanceTimersByTime(500);
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
  });
});
