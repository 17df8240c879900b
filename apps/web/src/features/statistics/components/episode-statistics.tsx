import { Alert, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { formatCents, shownEpisodeNumber, type TipEpisodeRef } from '@podpot/domain';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { useEpisodeStatistics } from '@/features/statistics/api/get-episode-statistics';
import { StatisticsTable } from '@/features/statistics/components/statistics-table';
import { episodeChartRows, formatCount } from '@/features/statistics/rules';
import { lazyWithPreload } from '@/lib/chunk-reload';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** The chart with @mui/x-charts: its own lazy chunk, like the statistics page's charts. */
const EpisodeChart = lazyWithPreload(() => import('@/features/statistics/components/episode-chart'));

/**
 * Tips and income per episode (issue 14): a bar chart of the last episodes' income, then every episode
 * the API counts in a table (episode, date, tips, gross, net). An episode's name opens the tips list
 * filtered by it (`tipsHref`); the tips given without an episode are the last row, not a link.
 */
export function EpisodeStatisticsView({
  tipjarId,
  tipsHref,
}: {
  tipjarId: string;
  /** The app path of the tips list showing only this episode's tips. */
  tipsHref: (episodeId: string) => string;
}) {
  const { t } = useTranslation(['statistics', 'common']);
  const locale = useLocale();
  const query = useEpisodeStatistics(tipjarId);
  const nameOf = (episode: Pick<TipEpisodeRef, 'title' | 'number'>) => {
    const number = shownEpisodeNumber(episode);
    return number === null ? episode.title : t('episodes.numbered', { number, title: episode.title });
  };
  if (query.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (query.isError) return <Alert severity="error">{t('episodes.loadError')}</Alert>;
  const rows = query.data.rows;
  const money = (cents: number) => formatCents(cents, locale);
  return (
    <Stack spacing={3}>
      <Suspense fallback={<LinearProgress aria-label={t('episodes.chart')} />}>
        <EpisodeChart bars={episodeChartRows(rows)} nameOf={nameOf} />
      </Suspense>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="episodes-table-title"
        sx={{ p: { xs: 1.5, sm: 2 } }}
      >
        <Typography id="episodes-table-title" variant="h3" component="h2" gutterBottom>
          {t('episodes.tableTitle')}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary" data-testid="episodes-empty" sx={{ py: 2 }}>
            {t('episodes.none')}
          </Typography>
        ) : (
          <StatisticsTable
            testId="table-episodes"
            caption={t('episodes.tableTitle')}
            columns={[
              t('episodes.episode'),
              t('episodes.date'),
              t('columns.count'),
              t('columns.gross'),
              t('columns.net'),
            ]}
            rows={rows.map((row) => [
              row.episode ? nameOf(row.episode) : t('episodes.noEpisode'),
              row.episode?.publishedAt ? formatDate(row.episode.publishedAt, locale) : '',
              formatCount(row.count, locale),
              money(row.gross),
              money(row.net),
            ])}
            renderHead={(text, i) => {
              const episode = rows[i]?.episode;
              return episode ? (
                <AppLink to={tipsHref(episode.id)} data-testid="episode-tips-link">
                  {text}
                </AppLink>
              ) : (
                text
              );
            }}
            // On a phone: the date goes (the newest episode is first anyway).
            narrowHidden={[1]}
          />
        )}
      </Paper>
    </Stack>
  );
}
