import { Alert, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePaymentmethod } from '@/features/paymentmethods/api/paymentmethods';
import { PaymentmethodEditor } from '@/features/paymentmethods/components/paymentmethod-editor';

export default function PaymentmethodPage() {
  const { paymentmethodid } = useParams();
  const isNew = paymentmethodid === 'new';
  const query = usePaymentmethod(isNew ? undefined : paymentmethodid);
  const { t } = useTranslation(['admin', 'common']);
  if (!isNew && query.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (!isNew && query.isError) return <Alert severity="error">{t('common:table.loadError')}</Alert>;
  return <PaymentmethodEditor key={paymentmethodid} method={isNew ? undefined : query.data} />;
}
