import { Stack, Typography } from '@mui/material';
import { shownEpisodeNumber } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useEpisodeStatistics } from '@/features/statistics/api/get-episode-statistics';
import { EpisodeStatisticsView } from '@/features/statistics/components/episode-statistics';
import { type BoostedEpisode, ReadOnAir } from '@/features/tips/components/read-on-air';

/**
 * Backoffice 'Afleveringen': income per episode (chart and table); an episode opens its tips. Below, the
 * messages listeners asked to have read on air, per episode (decision 097).
 */
export default function BackofficeEpisodesPage() {
  const { t } = useTranslation('statistics');
  const tipjar = useBackofficeTipjar();
  // The same query the statistics view reads (one request): its rows carry each episode's boost counts.
  const statistics = useEpisodeStatistics(tipjar.id);
  const boosted: BoostedEpisode[] = (statistics.data?.rows ?? []).flatMap((row) =>
    row.episode && row.boosts && row.boosts.count > 0
      ? [
          {
            id: row.episode.id,
            name: (() => {
              const number = shownEpisodeNumber(row.episode);
              return number === null ? row.episode.title : t('episodes.numbered', { number, title: row.episode.title });
            })(),
            ...row.boosts,
          },
        ]
      : [],
  );
  return (
    <Page title={t('episodes.title')}>
      <Typography sx={{ mb: 2 }}>{t('episodes.intro')}</Typography>
      <Stack spacing={3}>
        <EpisodeStatisticsView
          tipjarId={tipjar.id}
          tipsHref={(episodeId) =>
            `${routePath('backofficeTips', { tipjarslug: tipjar.slug })}?episode=${encodeURIComponent(episodeId)}`
          }
        />
        {statistics.isSuccess && <ReadOnAir tipjarId={tipjar.id} episodes={boosted} />}
      </Stack>
    </Page>
  );
}
