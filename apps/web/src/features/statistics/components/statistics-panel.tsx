import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStatistics } from '@/features/statistics/api/get-statistics';
import { PeriodPicker } from '@/features/statistics/components/period-picker';
import { StatisticsTotals } from '@/features/statistics/components/statistics-totals';
import { SupportersByLevel } from '@/features/statistics/components/supporters-by-level';
import { TopTipjars } from '@/features/statistics/components/top-tipjars';
import {
  bucketLabel,
  choiceFromSearch,
  type PeriodChoice,
  searchWithChoice,
  statisticsQuery,
} from '@/features/statistics/rules';
import { lazyWithPreload } from '@/lib/chunk-reload';
import { useLocale } from '@/lib/use-locale';

/** The charts with @mui/x-charts: a chunk of their own, loaded once figures are there. */
const StatisticsCharts = lazyWithPreload(() => import('@/features/statistics/components/statistics-charts'));

/**
 * Statistics of a tip jar (`tipjarId`) or of the platform (none; admins): a period picker, the
 * period's totals and its charts, each with a table. The chosen period is in the page's query string.
 */
export function StatisticsPanel({ tipjarId }: { tipjarId?: string }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  // The period starts from the URL and is written back to it (a reload or a shared link keeps it; a
  // change replaces the history entry). The state is the picker's own: a URL update lands a moment
  // later, and two quick changes (from, then to) must both count.
  const [search, setSearch] = useSearchParams();
  const [choice, setChoiceState] = useState(() => choiceFromSearch(search));
  const setChoice = (next: PeriodChoice) => {
    setChoiceState(next);
    setSearch((current) => searchWithChoice(current, next), { replace: true });
  };
  const query = statisticsQuery(choice);
  const statistics = useStatistics(tipjarId, query);
  const data = statistics.data;
  const range =
    data &&
    t('period.range', {
      from: bucketLabel(data.period.from, 'day', locale, true),
      to: bucketLabel(data.period.to, 'day', locale, true),
    });

  return (
    <Paper
      component="section"
      aria-labelledby="statistics-title"
      sx={{ p: { xs: 2, md: 3 }, mb: 2 }}
      data-testid="statistics"
    >
      <Typography id="statistics-title" variant="h2" gutterBottom>
        {tipjarId ? t('title') : t('platformTitle')}
      </Typography>
      <PeriodPicker value={choice} onChange={setChoice} shown={data?.period} />
      {statistics.isFetching && <LinearProgress aria-label={t('title')} sx={{ mb: 1 }} />}
      {statistics.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('loadError')}
        </Alert>
      )}
      {data && (
        <Box data-testid="statistics-period" data-from={data.period.from} data-to={data.period.to}>
          <Typography variant="subtitle1" component="p" aria-live="polite" sx={{ mb: 1 }}>
            {t('totals.title')}: {range}
          </Typography>
          <StatisticsTotals totals={data.totals} />
          <Suspense fallback={<LinearProgress aria-label={t('title')} />}>
            <StatisticsCharts statistics={data} />
          </Suspense>
          {data.topTipjars && <TopTipjars tipjars={data.topTipjars} />}
          {data.recurring.byLevel && data.recurring.byLevel.length > 0 && (
            <SupportersByLevel byLevel={data.recurring.byLevel} />
          )}
        </Box>
      )}
    </Paper>
  );
}
