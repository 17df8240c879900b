import { BarChart } from '@mui/x-charts/BarChart';
import { formatCents } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT, ChartSection, useBrandChartColors } from '@/features/statistics/components/chart-section';
import { StatisticsTable } from '@/features/statistics/components/statistics-table';
import { type episodeChartRows, formatCount } from '@/features/statistics/rules';
import { useLocale } from '@/lib/use-locale';

type Bars = NonNullable<ReturnType<typeof episodeChartRows>>;

/**
 * The bar chart of income per episode (this module, with @mui/x-charts, is a lazy chunk): the gross of
 * each of the last episodes, oldest left; short labels under the bars ('#42', or the title cut short),
 * the full names in its table and spoken summary.
 */
export default function EpisodeChart({
  bars,
  nameOf,
}: {
  /** null: no episode has a tip yet (the empty state). */
  bars: Bars | null;
  nameOf: (episode: Bars[number]['episode']) => string;
}) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  const colors = useBrandChartColors();
  const money = (cents: number) => formatCents(cents, locale);
  const rows = bars ?? [];
  const best = rows.reduce((top, row) => (row.gross > (top?.gross ?? -1) ? row : top), rows[0]);
  const short = rows.map(({ episode }) =>
    episode.number === null
      ? episode.title.length > 14
        ? `${episode.title.slice(0, 13)}…`
        : episode.title
      : `#${episode.number}`,
  );
  return (
    <ChartSection
      id="episodes"
      level="h2"
      title={t('episodes.chart')}
      empty={bars === null ? t('episodes.empty') : null}
      summary={
        best
          ? t('episodes.summary', { episodes: rows.length, best: nameOf(best.episode), amount: money(best.gross) })
          : ''
      }
      chart={
        <BarChart
          height={CHART_HEIGHT}
          colors={colors}
          xAxis={[{ scaleType: 'band', data: short }]}
          yAxis={[{ valueFormatter: (v: number) => money(v), width: 72 }]}
          series={[
            { data: rows.map((row) => row.gross), label: t('columns.gross'), valueFormatter: (v) => money(v ?? 0) },
          ]}
          hideLegend
        />
      }
      table={
        <StatisticsTable
          testId="table-episodes-chart"
          caption={t('episodes.chart')}
          columns={[t('episodes.episode'), t('columns.count'), t('columns.gross')]}
          rows={rows.map((row) => [nameOf(row.episode), formatCount(row.count, locale), money(row.gross)])}
        />
      }
    />
  );
}
