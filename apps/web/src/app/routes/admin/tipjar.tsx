import { Alert, Box, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MerchantSection } from '@/features/merchants/components/merchant-section';
import { StatisticsPanel } from '@/features/statistics/components/statistics-panel';
import { useAdminTipjar } from '@/features/tipjars/api/tipjars';
import { AdminTipjarDetail } from '@/features/tipjars/components/admin-tipjar-detail';

/** /admin/tipjars/:tipjarid: details, status change along the status machine, delete; its statistics. */
export default function AdminTipjarPage() {
  const { tipjarid } = useParams();
  const { t } = useTranslation(['admin-tipjars', 'common']);
  const query = useAdminTipjar(tipjarid);
  if (query.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (query.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  return (
    <>
      <AdminTipjarDetail tipjar={query.data} merchant={<MerchantSection tipjarId={query.data.id} />} />
      <Box sx={{ mt: 2 }}>
        <StatisticsPanel tipjarId={query.data.id} />
      </Box>
    </>
  );
}
