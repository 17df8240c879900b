import { Alert, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useUser } from '@/features/users/api/users';
import { UserEditor } from '@/features/users/components/user-editor';

export default function UserPage() {
  const { userid } = useParams();
  const isNew = userid === 'new';
  const query = useUser(isNew ? undefined : userid);
  const { t } = useTranslation(['admin', 'common']);
  if (!isNew && query.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (!isNew && query.isError) return <Alert severity="error">{t('common:table.loadError')}</Alert>;
  return <UserEditor key={userid} user={isNew ? undefined : query.data} />;
}
