import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  choiceFromSearch,
  DEFAULT_PERIOD,
  episodeChartRows,
  formatCount,
  searchWithChoice,
  statisticsQuery,
} from './rules';

describe('statistics rules', () => {
  it('asks the API for a named period, and for a custom one only once both dates are valid and in order', () => {
    expect(statisticsQuery(DEFAULT_PERIOD)).toEqual({ period: '30d', granularity: undefined });
    expect(statisticsQuery({ ...DEFAULT_PERIOD, period: '12m', granularity: 'week' })).toEqual({
      period: '12m',
      granularity: 'week',
    });
    const custom = { ...DEFAULT_PERIOD, period: 'custom' as const };
    expect(statisticsQuery({ ...custom, from: '2026-01-01', to: '' })).toBeNull();
    expect(statisticsQuery({ ...custom, from: '2026-02-30', to: '2026-03-01' })).toBeNull();
    expect(statisticsQuery({ ...custom, from: '2026-03-02', to: '2026-03-01' })).toBeNull();
    expect(statisticsQuery({ ...custom, from: '2026-03-01', to: '2026-03-31' })).toEqual({
      period: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
      granularity: undefined,
    });
  });

  it('names days, weeks and months in the page language', () => {
    expect(bucketLabel('2026-03-03', 'day', 'en')).toBe('3 Mar');
    expect(bucketLabel('2026-03-03', 'day', 'nl')).toBe('3 mrt');
    expect(bucketLabel('2026-03-01', 'month', 'en', true)).toBe('March 2026');
    expect(bucketLabel('2026-03-01', 'month', 'nl', true)).toBe('maart 2026');
    expect(bucketLabel('2026-05', 'month', 'nl', true)).toBe('mei 2026');
    expect(bucketLabel('2026-03-02', 'week', 'nl', true)).toBe('2 maart 2026');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'nl')).toBe('12.345');
  });

  it('keeps the period in the query string: a reload or a shared link shows the same one', () => {
    const custom = { period: 'custom' as const, from: '2026-01-01', to: '2026-01-31', granularity: 'week' as const };
    const search = searchWithChoice(new URLSearchParams('tab=x'), custom);
    expect(search.toString()).toBe('tab=x&period=custom&from=2026-01-01&to=2026-01-31&granularity=week');
    expect(choiceFromSearch(search)).toEqual(custom);
    expect(searchWithChoice(search, DEFAULT_PERIOD).toString()).toBe('tab=x');
    expect(choiceFromSearch(new URLSearchParams('period=12m'))).toEqual({ ...DEFAULT_PERIOD, period: '12m' });
    expect(choiceFromSearch(new URLSearchParams('period=1y&granularity=hour&from=2026-01-01'))).toEqual(DEFAULT_PERIOD);
  });
});

describe('episodeChartRows', () => {
  const row = (n: number | null, count: number) => ({
    episode:
      n === null
        ? null
        : { id: `00000000-0000-4000-8000-00000000000${n}`, title: `E${n}`, number: n, publishedAt: null },
    count,
    gross: count * 500,
    net: count * 450,
  });

  it('draws the newest episodes oldest first, leaving out the tips without an episode', () => {
    const rows = [row(3, 1), row(2, 0), row(1, 2), row(null, 5)];
    expect(episodeChartRows(rows)?.map((r) => r.episode.number)).toEqual([1, 2, 3]);
    expect(episodeChartRows(rows, 2)?.map((r) => r.episode.number)).toEqual([2, 3]);
  });

  it('is empty while no episode has a tip, even when tips without an episode exist', () => {
    expect(episodeChartRows([row(2, 0), row(1, 0), row(null, 3)])).toBeNull();
    expect(episodeChartRows([])).toBeNull();
  });
});
