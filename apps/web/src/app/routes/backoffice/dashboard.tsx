import HowToRegIcon from '@mui/icons-material/HowToReg';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Grid, Paper, Typography } from '@mui/material';
import { isRegistrationComplete, PAYMENT_DIALOG_STATUSES } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useBackofficeRefresh, useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { LocaleRouterLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { MerchantStoppedAlert } from '@/features/merchants/components/merchant-registration';
import { CheckoutBlock } from '@/features/paymentmethods/components/checkout-block';
import { StatisticsPanel } from '@/features/statistics/components/statistics-panel';
import { RetryPaymentCard } from '@/features/tipjars/components/retry-payment-card';
import { TipjarStatusChip } from '@/features/tipjars/components/tipjar-status-chip';
import { DashboardTips } from '@/features/tips/components/dashboard-tips';
import { useLocalePath } from '@/lib/use-locale';

/**
 * Backoffice dashboard: while the Podpot is unpaid, first the way to pay it (the payment dialog may have
 * been put off); then status, registration state (after payment), the storefront link, statistics with
 * charts, recent tips and totals.
 */
export default function BackofficeDashboardPage() {
  const { t } = useTranslation('tipjar');
  const tipjar = useBackofficeTipjar();
  const localePath = useLocalePath();
  const registered = isRegistrationComplete(tipjar.oppMerchant);
  const live = tipjar.status === 'LIVE';
  const unpaid = PAYMENT_DIALOG_STATUSES.includes(tipjar.status);
  const { refresh, refreshing } = useBackofficeRefresh();
  const storefront = localePath(routePath('storefront', { tipjarslug: tipjar.slug }));

  return (
    <Page title={tipjar.name} actions={<TipjarStatusChip status={tipjar.status} />}>
      {unpaid && (
        <Box sx={{ mb: 2 }} data-testid="pay-now-card">
          <RetryPaymentCard tipjar={tipjar} checkout={CheckoutBlock} onRefresh={refresh} refreshing={refreshing} />
        </Box>
      )}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 3, height: '100%' }} component="section" aria-labelledby="dashboard-status">
            <Typography id="dashboard-status" variant="h3" component="h2" gutterBottom>
              {t('dashboard.statusTitle')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
              <Typography>{t('dashboard.status')}</Typography>
              <TipjarStatusChip status={tipjar.status} />
            </Box>
            {live ? (
              <>
                <Typography sx={{ mb: 1 }}>{t('dashboard.liveText')}</Typography>
                <Button
                  variant="outlined"
                  href={storefront}
                  target="_blank"
                  rel="noopener"
                  endIcon={<OpenInNewIcon />}
                  data-testid="storefront-link"
                  // An address reads as written, not in the buttons' capitals.
                  sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}
                >
                  {t('dashboard.openStorefront', { url: `${window.location.host}${storefront}` })}
                </Button>
              </>
            ) : (
              <Typography>{t(`dashboard.notLive.${unpaid ? 'unpaid' : 'other'}`)}</Typography>
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 3, height: '100%' }} component="section" aria-labelledby="dashboard-registration">
            <Typography id="dashboard-registration" variant="h3" component="h2" gutterBottom>
              {t('dashboard.registrationTitle')}
            </Typography>
            {unpaid ? (
              // Registering before the Podpot is paid would be work for nothing: payment first.
              <Alert severity="info">{t('dashboard.registerAfterPayment')}</Alert>
            ) : tipjar.oppMerchant && !tipjar.acceptsTips ? (
              <MerchantStoppedAlert merchantStatus={tipjar.oppMerchant.merchantStatus ?? ''} />
            ) : registered ? (
              <Alert severity="success">{t('dashboard.registered')}</Alert>
            ) : (
              <>
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {t('dashboard.notRegistered')}
                </Alert>
                <Button
                  component={LocaleRouterLink}
                  to={routePath('backofficeRegistration', { tipjarslug: tipjar.slug })}
                  variant="contained"
                  startIcon={<HowToRegIcon />}
                >
                  {t('dashboard.register')}
                </Button>
              </>
            )}
          </Paper>
        </Grid>
      </Grid>
      {/* The period's totals and charts: from the statistics feature. */}
      <StatisticsPanel tipjarId={tipjar.id} />
      {/* Recent tips and totals: from the tips feature. */}
      <DashboardTips tipjarId={tipjar.id} slug={tipjar.slug} />
    </Page>
  );
}
