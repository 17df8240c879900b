import { describe, expect, it } from 'vitest';
import { formatDayOfYear } from './yearly.js';

describe('formatDayOfYear', () => {
  it("names a yearly tip's charge day without the year", () => {
    expect(formatDayOfYear(10, 28, 'nl')).toBe('28 november');
    expect(formatDayOfYear(0, 5, 'en')).toBe('5 January');
  });
});
