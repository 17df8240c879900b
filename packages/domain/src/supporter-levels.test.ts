import { describe, expect, it } from 'vitest';
import { levelOf, monthlyEquivalent, periodOf } from './supporter-levels.js';

const levels = [
  { id: 'listener', amount: 300 },
  { id: 'producer', amount: 1000 },
];

describe('levelOf', () => {
  it('places a monthly tip at the highest level its amount reaches', () => {
    expect(levelOf(levels, 299, 'month')).toBeNull();
    expect(levelOf(levels, 300, 'month')?.id).toBe('listener');
    expect(levelOf(levels, 999, 'month')?.id).toBe('listener');
    expect(levelOf(levels, 1000, 'month')?.id).toBe('producer');
    expect(levelOf(levels, 5000, 'month')?.id).toBe('producer');
  });

  it('counts a yearly tip as a twelfth per month', () => {
    expect(monthlyEquivalent(12000, 'year')).toBe(1000);
    expect(levelOf(levels, 12000, 'year')?.id).toBe('producer');
    expect(levelOf(levels, 11999, 'year')?.id).toBe('listener');
    expect(levelOf([], 12000, 'year')).toBeNull();
  });
});

describe('periodOf', () => {
  it('keys a month by YYYY-MM and a year by YYYY, in UTC', () => {
    const d = new Date('2026-12-31T23:30:00Z');
    expect(periodOf(d, 'month')).toBe('2026-12');
    expect(periodOf(d, 'year')).toBe('2026');
  });
});
