import {
  CalendarDateSchema,
  type EpisodeStatisticsRow,
  STATISTICS_GRANULARITIES,
  STATISTICS_PERIODS,
  type StatisticsGranularity,
  type StatisticsPeriod,
  type StatisticsQuery,
} from '@podpot/domain';

/** What the period picker holds. */
export interface PeriodChoice {
  period: StatisticsPeriod;
  from: string;
  to: string;
  /** '' = the API's default step for the period. */
  granularity: StatisticsGranularity | '';
}

export const DEFAULT_PERIOD: PeriodChoice = { period: '30d', from: '', to: '', granularity: '' };

/** The API query of a choice; null while a custom period is not a valid pair of dates yet. */
export function statisticsQuery(choice: PeriodChoice): StatisticsQuery | null {
  const granularity = choice.granularity || undefined;
  if (choice.period !== 'custom') return { period: choice.period, granularity };
  const valid = (d: string) => CalendarDateSchema.safeParse(d).success;
  if (!valid(choice.from) || !valid(choice.to) || choice.from > choice.to) return null;
  return { period: 'custom', from: choice.from, to: choice.to, granularity };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/**
 * The choice a page's query string holds (`?period=12m&granularity=week`, `?period=custom&from=…&to=…`),
 * so a reload or a shared link shows the same period; anything unknown falls back to the default.
 */
export function choiceFromSearch(search: URLSearchParams): PeriodChoice {
  const period = oneOf(STATISTICS_PERIODS, search.get('period')) ?? DEFAULT_PERIOD.period;
  return {
    period,
    from: period === 'custom' ? (search.get('from') ?? '') : '',
    to: period === 'custom' ? (search.get('to') ?? '') : '',
    granularity: oneOf(STATISTICS_GRANULARITIES, search.get('granularity')) ?? '',
  };
}

/** `search` with the choice written into it (the default leaves no trace); other parameters stay. */
export function searchWithChoice(search: URLSearchParams, choice: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['period', 'from', 'to', 'granularity']) next.delete(key);
  if (choice.period !== DEFAULT_PERIOD.period) next.set('period', choice.period);
  if (choice.period === 'custom') {
    if (choice.from) next.set('from', choice.from);
    if (choice.to) next.set('to', choice.to);
  }
  if (choice.granularity) next.set('granularity', choice.granularity);
  return next;
}

// Labels of buckets and counts are the app's one formatter's (lib/format.ts), re-exported for the charts.
export { formatBucket as bucketLabel, formatNumber as formatCount } from '@/lib/format';

/** How many episodes the per-episode bar chart shows (the table lists every row the API sent). */
export const EPISODE_CHART_MAX = 12;

/**
 * The bars of the per-episode chart: the newest `max` episodes (the API sends the newest first, the
 * tips without an episode last), drawn oldest to newest from left to right. Null when no episode has a
 * counted tip yet: the chart's empty state.
 */
export function episodeChartRows(rows: readonly EpisodeStatisticsRow[], max = EPISODE_CHART_MAX) {
  const episodes = rows.filter(
    (row): row is EpisodeStatisticsRow & { episode: NonNullable<EpisodeStatisticsRow['episode']> } =>
      row.episode !== null,
  );
  if (!episodes.some((row) => row.count > 0)) return null;
  return episodes.slice(0, max).reverse();
}

/** The palette colours a chart is drawn in: the theme's brand colours (docs/product.md §9). */
interface BrandPalette {
  primary: { main: string };
  secondary: { main: string };
  accent: { main: string };
  success: { main: string };
}

/**
 * The series colours of every statistics chart, in order: brand orange, teal, yellow, green — the
 * theme's palette instead of the chart library's own blues (issue 39). A doughnut's slices take them
 * in turn.
 */
export function brandChartColors(palette: BrandPalette): string[] {
  return [palette.primary.main, palette.secondary.main, palette.accent.main, palette.success.main];
}
