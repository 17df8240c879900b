import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { Page } from '@/components/page';
import { BonusEpisodes } from '@/features/bonus/components/bonus-episodes';
import { SupporterFeedSummaryCard } from '@/features/bonus/components/supporter-feed-summary';

/** Backoffice 'Bonus' (issue 40): the bonus episodes of the private supporter feed, and who has that feed. */
export default function BackofficeBonusPage() {
  const { t } = useTranslation('bonus');
  const tipjar = useBackofficeTipjar();
  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      <Stack spacing={3}>
        <BonusEpisodes tipjarId={tipjar.id} />
        <SupporterFeedSummaryCard tipjarId={tipjar.id} />
      </Stack>
    </Page>
  );
}
