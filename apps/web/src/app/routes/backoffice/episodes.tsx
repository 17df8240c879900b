import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { EpisodeStatisticsView } from '@/features/statistics/components/episode-statistics';

/** Backoffice 'Afleveringen': income per episode (chart and table); an episode opens its tips. */
export default function BackofficeEpisodesPage() {
  const { t } = useTranslation('statistics');
  const tipjar = useBackofficeTipjar();
  return (
    <Page title={t('episodes.title')}>
      <Typography sx={{ mb: 2 }}>{t('episodes.intro')}</Typography>
      <EpisodeStatisticsView
        tipjarId={tipjar.id}
        tipsHref={(episodeId) =>
          `${routePath('backofficeTips', { tipjarslug: tipjar.slug })}?episode=${encodeURIComponent(episodeId)}`
        }
      />
    </Page>
  );
}
