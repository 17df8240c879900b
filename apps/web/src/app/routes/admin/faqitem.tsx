import { Alert, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFaqitem } from '@/features/faqitems/api/faqitems';
import { FaqEditor } from '@/features/faqitems/components/faqitem-editor';

export default function FaqitemPage() {
  const { faqitemid } = useParams();
  const isNew = faqitemid === 'new';
  const query = useFaqitem(isNew ? undefined : faqitemid);
  const { t } = useTranslation(['admin', 'common']);
  if (!isNew && query.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (!isNew && query.isError) return <Alert severity="error">{t('common:table.loadError')}</Alert>;
  return <FaqEditor key={faqitemid} item={isNew ? undefined : query.data} />;
}
