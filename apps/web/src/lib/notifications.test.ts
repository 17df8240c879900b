import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TIMEOUT_MS, NotificationCenter } from '@/lib/notifications';

describe('NotificationCenter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one notification at a time and removes it from the queue once shown', () => {
    const center = new NotificationCenter();
    center.notify({ content: 'one', color: 'success' });
    center.notify({ content: 'two', color: 'error' });
    center.notify({ content: 'three', color: 'info', showProgress: true });

    expect(center.getCurrent()?.content).toBe('one');
    expect(center.getQueue().map((n) => n.content)).toEqual(['two', 'three']);
  });

  it('hides each after 3000 ms and then shows the next', () => {
    expect(NOTIFICATION_TIMEOUT_MS).toBe(3000);
    const center = new NotificationCenter();
    center.notify({ content: 'one', color: 'success' });
    center.notify({ content: 'two', color: 'warning' });

    vi.advanceTimersByTime(2999);
    expect(center.getCurrent()?.content).toBe('one');
    vi.advanceTimersByTime(1);
    expect(center.getCurrent()?.content).toBe('two');
    expect(center.getQueue()).toEqual([]);
    vi.advanceTimersByTime(3000);
    expect(center.getCurrent()).toBeNull();
  });

  it('notifies subscribers on every change', () => {
    const center = new NotificationCenter();
    const listener = vi.fn();
    center.subscribe(listener);
    center.notify({ content: 'one', color: 'info' });
    vi.advanceTimersByTime(3000);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
