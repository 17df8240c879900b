import { Alert, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { useShareKit } from '@/features/share/api/get-share-kit';
import { ShareKitView } from '@/features/share/components/share-kit';
import { useEpisodeStatistics } from '@/features/statistics/api/get-episode-statistics';
import { useEpisodeName } from '@/features/tips/components/tips-table';

/**
 * Backoffice 'Delen': where listeners are — the feed's funding tag and whether the feed carries it, the
 * show-notes button, QR code and poster, and the same kit for one episode (episodes from the statistics).
 */
export default function BackofficeSharePage() {
  const { t } = useTranslation(['share', 'common']);
  const tipjar = useBackofficeTipjar();
  const kit = useShareKit(tipjar.id);
  const statistics = useEpisodeStatistics(tipjar.id);
  const episodeName = useEpisodeName();
  const episodes = statistics.data?.rows.flatMap((row) => (row.episode ? [row.episode] : []));
  return (
    <Page title={t('title')}>
      {kit.isPending && <LinearProgress aria-label={t('common:loading')} />}
      {kit.isError && <Alert severity="error">{t('loadError')}</Alert>}
      {kit.data && (
        <ShareKitView
          shareKit={kit.data}
          name={tipjar.name}
          feed={kit.data.feed}
          episodes={episodes}
          episodeName={episodeName}
        />
      )}
    </Page>
  );
}
