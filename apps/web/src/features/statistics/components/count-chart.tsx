import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { CHART_HEIGHT, ChartSection, useBrandChartColors } from '@/features/statistics/components/chart-section';
import { StatisticsTable } from '@/features/statistics/components/statistics-table';
import { formatCount } from '@/features/statistics/rules';
import { useLocale } from '@/lib/use-locale';

/**
 * A chart of counts per period (tips per day, monthly tippers, new tip jars): bars or a line over
 * `labels` (short), whole-number ticks, and its table — by default the long label and the count
 * of each point; `table` gives the table more columns (say, gross and net of each day).
 */
export function CountChart({
  id,
  title,
  type,
  labels,
  longLabels,
  counts,
  countLabel,
  firstColumn,
  summary,
  empty,
  table,
}: {
  id: string;
  title: string;
  type: 'bar' | 'line';
  labels: string[];
  longLabels: string[];
  counts: number[];
  /** The series' name, also the count column's head. */
  countLabel: string;
  /** The head of the table's first column (the period). */
  firstColumn: string;
  summary: string;
  empty: string | null;
  table?: { columns: string[]; rows: string[][] };
}) {
  const locale = useLocale();
  const colors = useBrandChartColors();
  const count = (n: number) => formatCount(n, locale);
  const yAxis = [{ tickMinStep: 1, valueFormatter: (v: number) => count(v) }];
  const series = [{ data: counts, label: countLabel, valueFormatter: (v: number | null) => count(v ?? 0) }];
  return (
    <ChartSection
      id={id}
      title={title}
      empty={empty}
      summary={summary}
      chart={
        type === 'bar' ? (
          <BarChart
            height={CHART_HEIGHT}
            colors={colors}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={yAxis}
            series={series}
            hideLegend
          />
        ) : (
          <LineChart
            height={CHART_HEIGHT}
            colors={colors}
            // Room for the last point's label ("nov 2026"), which sits on the right edge.
            margin={{ right: 32 }}
            xAxis={[{ scaleType: 'point', data: labels }]}
            yAxis={yAxis}
            series={series}
            hideLegend
          />
        )
      }
      table={
        <StatisticsTable
          testId={`table-${id}`}
          caption={title}
          columns={table?.columns ?? [firstColumn, countLabel]}
          rows={table?.rows ?? counts.map((n, i) => [longLabels[i]!, count(n)])}
        />
      }
    />
  );
}
