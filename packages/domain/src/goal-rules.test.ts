import { describe, expect, it } from 'vitest';
import { goalMonthOf, goalPercent, goalTargetError } from './goal-rules.js';

describe('goal rules (decision 032)', () => {
  it('counts the Amsterdam calendar month, also around midnight at a month and a year boundary', () => {
    // 23:30 UTC on 31 October is 00:30 on 1 November in Amsterdam (CET, UTC+1).
    expect(goalMonthOf(new Date('2026-10-31T23:30:00Z'))).toEqual({
      month: '2026-11',
      from: '2026-11-01',
      until: '2026-12-01',
    });
    expect(goalMonthOf(new Date('2026-10-31T22:59:59Z')).month).toBe('2026-10');
    // Summer time (CEST, UTC+2): 22:30 UTC on 31 March is 00:30 on 1 April.
    expect(goalMonthOf(new Date('2026-03-31T22:30:00Z')).month).toBe('2026-04');
    expect(goalMonthOf(new Date('2026-12-31T23:00:00Z'))).toEqual({
      month: '2027-01',
      from: '2027-01-01',
      until: '2027-02-01',
    });
    expect(goalMonthOf(new Date('2026-12-15T12:00:00Z')).until).toBe('2027-01-01');
  });

  it('refuses a target out of its range, naming the limits', () => {
    expect(goalTargetError('AMOUNT', 100)).toBeUndefined();
    expect(goalTargetError('AMOUNT', 99)).toEqual({ key: 'goalAmountRange', params: { min: 100, max: 100_000_000 } });
    expect(goalTargetError('AMOUNT', 150.5)?.key).toBe('goalAmountRange');
    expect(goalTargetError('TIPPERS', 100_000)).toBeUndefined();
    expect(goalTargetError('TIPPERS', 0)).toEqual({ key: 'goalTippersRange', params: { min: 1, max: 100_000 } });
    expect(goalTargetError('TIPPERS', Number.NaN)?.key).toBe('goalTippersRange');
  });

  it('gives progress as a whole percentage, 100 once the goal is met', () => {
    expect(goalPercent(0, 500)).toBe(0);
    expect(goalPercent(124, 500)).toBe(24);
    expect(goalPercent(900, 500)).toBe(100);
    expect(goalPercent(-50, 500)).toBe(0);
  });
});
