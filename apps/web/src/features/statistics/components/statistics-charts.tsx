import { Grid } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatCents, type Statistics } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT, ChartSection, useBrandChartColors } from '@/features/statistics/components/chart-section';
import { CountChart } from '@/features/statistics/components/count-chart';
import { StatisticsTable } from '@/features/statistics/components/statistics-table';
import { bucketLabel, formatCount } from '@/features/statistics/rules';
import { formatShare, paymentMethodName } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

type Part = { label: string; count: number; sum: number; net: number };

/**
 * The charts of a period (this module, with @mui/x-charts, is a lazy chunk of its own): tips per
 * day/week/month (bar), by method and one-off vs monthly (doughnut), cumulative net income and
 * monthly tippers (line); for the platform also new tip jars per month (bar). Every chart has its
 * table and a spoken summary; the numbers are the API's.
 */
export default function StatisticsCharts({ statistics }: { statistics: Statistics }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  const colors = useBrandChartColors();
  const { series, totals, period } = statistics;
  const money = (cents: number) => formatCents(cents, locale);
  const count = (n: number) => formatCount(n, locale);
  const percent = (part: number, whole: number) => formatShare(part, whole, locale);
  const short = series.map((b) => bucketLabel(b.start, period.granularity, locale));
  const long = series.map((b) => bucketLabel(b.start, period.granularity, locale, true));
  const empty = totals.count === 0 ? t('empty') : null;
  const firstColumn = period.granularity === 'week' ? t('columns.weekFrom') : t('columns.period');

  const busiest = series.reduce((best, b, i) => (b.count > (series[best]?.count ?? -1) ? i : best), 0);
  const methods = statistics.methods.map((m) => ({
    label: m.method === 'unknown' ? t('unknownMethod') : paymentMethodName(m.method),
    ...m,
  }));
  const kinds = statistics.byKind.map((k) => ({ label: t(`kind.${k.kind}`), ...k }));
  const shareSummary = (parts: Part[]) =>
    t('summary.share', {
      parts: parts
        .map((p) =>
          t('summary.sharePart', { label: p.label, value: money(p.sum), percent: percent(p.sum, totals.sum) }),
        )
        .join('; '),
    });
  /** A doughnut of the gross per part (method or kind) and its table. */
  const share = (id: string, title: string, first: string, parts: Part[]) => (
    <ChartSection
      id={id}
      title={title}
      empty={empty}
      summary={shareSummary(parts)}
      chart={
        <PieChart
          height={CHART_HEIGHT}
          colors={colors}
          series={[
            {
              innerRadius: 55,
              paddingAngle: 1,
              cornerRadius: 3,
              data: parts
                .filter((p) => p.sum > 0)
                .map((p) => ({ id: `${id}-${p.label}`, value: p.sum, label: p.label })),
              valueFormatter: (item) => money(item.value),
            },
          ]}
        />
      }
      table={
        <StatisticsTable
          testId={`table-${id}`}
          caption={title}
          columns={[first, t('columns.count'), t('columns.gross'), t('columns.share'), t('columns.net')]}
          rows={parts.map((p) => [p.label, count(p.count), money(p.sum), percent(p.sum, totals.sum), money(p.net)])}
        />
      }
    />
  );
  const tippers = statistics.monthlyTippers;
  const tippersLong = tippers.map((m) => bucketLabel(m.month, 'month', locale, true));
  const created = statistics.newTipjars;

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <CountChart
          id="per-bucket"
          type="bar"
          title={t(`charts.per.${period.granularity}`)}
          empty={empty}
          summary={t('summary.perBucket', {
            count: totals.count,
            buckets: series.length,
            max: count(series[busiest]?.count ?? 0),
            maxLabel: long[busiest] ?? '',
          })}
          labels={short}
          longLabels={long}
          counts={series.map((b) => b.count)}
          countLabel={t('columns.count')}
          firstColumn={firstColumn}
          table={{
            columns: [firstColumn, t('columns.count'), t('columns.gross'), t('columns.net')],
            rows: series.map((b, i) => [long[i]!, count(b.count), money(b.sum), money(b.net)]),
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>{share('by-method', t('charts.byMethod'), t('columns.method'), methods)}</Grid>
      <Grid size={{ xs: 12, md: 6 }}>{share('by-kind', t('charts.byKind'), t('columns.kind'), kinds)}</Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartSection
          id="cumulative"
          title={t('charts.cumulative')}
          empty={empty}
          summary={t('summary.cumulative', {
            first: money(series[0]?.cumulativeNet ?? 0),
            last: money(series.at(-1)?.cumulativeNet ?? 0),
          })}
          chart={
            <LineChart
              height={CHART_HEIGHT}
              colors={colors}
              xAxis={[{ scaleType: 'point', data: short }]}
              yAxis={[{ valueFormatter: (v: number) => money(v), width: 72 }]}
              series={[
                {
                  data: series.map((b) => b.cumulativeNet),
                  label: t('columns.cumulativeNet'),
                  area: true,
                  showMark: series.length <= 31,
                  valueFormatter: (v) => money(v ?? 0),
                },
              ]}
              hideLegend
            />
          }
          table={
            <StatisticsTable
              testId="table-cumulative"
              caption={t('charts.cumulative')}
              columns={[firstColumn, t('columns.net'), t('columns.cumulativeNet')]}
              rows={series.map((b, i) => [long[i]!, money(b.net), money(b.cumulativeNet)])}
            />
          }
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <CountChart
          id="monthly-tippers"
          type="line"
          title={t('charts.monthlyTippers')}
          empty={tippers.every((m) => m.count === 0) ? t('empty') : null}
          summary={t('summary.monthlyTippers', {
            first: count(tippers[0]?.count ?? 0),
            firstLabel: tippersLong[0] ?? '',
            last: count(tippers.at(-1)?.count ?? 0),
            lastLabel: tippersLong.at(-1) ?? '',
          })}
          labels={tippers.map((m) => bucketLabel(m.month, 'month', locale))}
          longLabels={tippersLong}
          counts={tippers.map((m) => m.count)}
          countLabel={t('columns.tippers')}
          firstColumn={t('columns.month')}
        />
      </Grid>
      {created && (
        <Grid size={12}>
          <CountChart
            id="new-tipjars"
            type="bar"
            title={t('charts.newTipjars')}
            empty={created.every((m) => m.count === 0) ? t('emptyTipjars') : null}
            summary={t('summary.newTipjars', { count: created.reduce((sum, m) => sum + m.count, 0) })}
            labels={created.map((m) => bucketLabel(m.month, 'month', locale))}
            longLabels={created.map((m) => bucketLabel(m.month, 'month', locale, true))}
            counts={created.map((m) => m.count)}
            countLabel={t('columns.tipjars')}
            firstColumn={t('columns.month')}
          />
        </Grid>
      )}
    </Grid>
  );
}
