import { Box, Button, Card, CardActions, CardContent, Grid, Typography } from '@mui/material';
import { TIPJAR_STATUSES } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { StatisticsPanel } from '@/features/statistics/components/statistics-panel';
import { useTipjarCounts } from '@/features/tipjars/api/count-tipjars-by-status';
import { TipjarStatusBadge } from '@/features/tipjars/components/tipjar-status-badge';

const LINKS = [
  ['tipjars', routePath('adminTipjars')],
  ['tips', routePath('adminTips')],
  ['recurringtips', routePath('adminRecurringtips')],
  ['invoices', routePath('adminInvoices')],
  ['settlements', routePath('adminSettlements')],
  ['money', routePath('adminMoney')],
  ['paymentmethods', routePath('adminPaymentmethods')],
  ['users', routePath('adminUsers')],
  ['audit', routePath('adminAudit')],
  ['faq', routePath('adminFaqitems')],
] as const;

/** /admin: tip jar counts per status, the platform's statistics with charts, and the way to every admin page. */
export default function AdminDashboardPage() {
  const { t } = useTranslation(['admin-tipjars', 'common']);
  const query = useTipjarCounts();

  return (
    <Page title={t('dashboard.title')}>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="h3" component="h2">
                {t('dashboard.tipjars')}
              </Typography>
              <Typography variant="h2" component="p" data-testid="tipjar-count">
                {query.data?.total ?? '–'}
              </Typography>
            </CardContent>
            <CardActions>
              <Button component={LocaleRouterLink} to={routePath('adminTipjars')}>
                {t('dashboard.viewAll')}
              </Button>
            </CardActions>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent>
              <Typography variant="h3" component="h2" gutterBottom>
                {t('dashboard.byStatus')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                {TIPJAR_STATUSES.map((status) => (
                  <Box key={status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <TipjarStatusBadge status={status} />
                    <Typography>{query.data?.counts[status] ?? '–'}</Typography>
                  </Box>
                ))}
              </Box>
              {query.data && !query.data.complete && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('dashboard.partial')}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <StatisticsPanel />
      <Typography variant="h3" component="h2" gutterBottom>
        {t('dashboard.shortcuts')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {LINKS.map(([key, to]) => (
          <Button key={key} variant="outlined" component={LocaleRouterLink} to={to}>
            {t(`common:adminMenu.${key}`)}
          </Button>
        ))}
      </Box>
    </Page>
  );
}
