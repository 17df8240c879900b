import { Chip, Paper, Typography } from '@mui/material';
import { TIPJAR_STATUS_COLOR } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Page } from '@/components/page';
import type { BackofficeTipjar } from '@/features/backoffice/api/get-tipjar-by-slug';

/** Backoffice dashboard; statistics, the welcome and payment dialogs arrive with later issues. */
export default function BackofficeDashboardPage() {
  const { t } = useTranslation(['backoffice', 'common']);
  const { tipjar } = useOutletContext<{ tipjar: BackofficeTipjar }>();
  return (
    <Page
      title={tipjar.name}
      actions={<Chip color={TIPJAR_STATUS_COLOR[tipjar.status]} label={t(`common:tipjarStatus.${tipjar.status}`)} />}
    >
      <Paper sx={{ p: 3 }}>
        <Typography>{t('dashboard.comingSoon')}</Typography>
      </Paper>
    </Page>
  );
}
