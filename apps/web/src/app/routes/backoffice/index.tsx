import { Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LocaleRouterLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useLocalePath } from '@/lib/use-locale';

/** /backoffice: straight to the first tip jar the user administers, or an invitation to order one. */
export default function BackofficeIndexPage() {
  const { t } = useTranslation(['backoffice', 'common']);
  const { user } = useAuth();
  const localePath = useLocalePath();
  const first = user?.tipjars[0];
  if (first) return <Navigate to={localePath(routePath('backofficeDashboard', { tipjarslug: first.slug }))} replace />;
  return (
    <Page title={t('index.title')}>
      <Paper sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>{t('index.noTipjars')}</Typography>
        <Button component={LocaleRouterLink} to={`${routePath('podcastmaker')}#order`} variant="contained">
          {t('common:nav.order')}
        </Button>
      </Paper>
    </Page>
  );
}
