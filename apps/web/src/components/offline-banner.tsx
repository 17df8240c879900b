import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert severity="warning" square sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 2 }}>
      {t('offline')}
    </Alert>
  );
}
