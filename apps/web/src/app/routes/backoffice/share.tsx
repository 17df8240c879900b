import { Alert, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { useShareKit } from '@/features/share/api/get-share-kit';
import { ShareKitView } from '@/features/share/components/share-kit';

/** Backoffice 'Delen': where listeners are — the feed's funding tag, the show-notes button, QR code and poster. */
export default function BackofficeSharePage() {
  const { t } = useTranslation(['share', 'common']);
  const tipjar = useBackofficeTipjar();
  const kit = useShareKit(tipjar.id);
  return (
    <Page title={t('title')}>
      {kit.isPending && <LinearProgress aria-label={t('common:loading')} />}
      {kit.isError && <Alert severity="error">{t('loadError')}</Alert>}
      {kit.data && <ShareKitView shareKit={kit.data} />}
    </Page>
  );
}
