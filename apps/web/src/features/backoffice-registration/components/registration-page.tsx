import { Alert, Box, Chip, Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { isRegistrationComplete } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Page } from '@/components/page';
import { env } from '@/config/env';

interface RegistrationTipjar {
  oppMerchant: { complianceStatus: string | null; merchantStatus: string | null } | null;
}

/**
 * Registration (bank account and payment merchant). The merchant registration calls are not built
 * yet, so this page explains the steps and honestly shows the current state.
 */
export default function BackofficeRegistrationPage() {
  const { t } = useTranslation('tipjar');
  const { tipjar } = useOutletContext<{ tipjar: RegistrationTipjar }>();
  const merchant = tipjar.oppMerchant;
  const complete = isRegistrationComplete(merchant);

  return (
    <Page title={t('registration.title')}>
      <Paper sx={{ p: 3, maxWidth: 760 }}>
        <Typography sx={{ mb: 2 }}>{t('registration.intro')}</Typography>
        <List dense sx={{ listStyle: 'decimal', pl: 3, mb: 2 }}>
          {(['account', 'bank', 'identity', 'review'] as const).map((step) => (
            <ListItem key={step} sx={{ display: 'list-item' }}>
              <ListItemText primary={t(`registration.steps.${step}`)} />
            </ListItem>
          ))}
        </List>
        <Typography variant="h3" component="h2" gutterBottom>
          {t('registration.stateTitle')}
        </Typography>
        {complete ? (
          <Alert severity="success">{t('registration.complete')}</Alert>
        ) : merchant ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography>{t('registration.inProgress')}</Typography>
            <Chip
              label={t('registration.compliance', { status: merchant.complianceStatus ?? t('registration.unknown') })}
            />
            <Chip
              label={t('registration.merchant', { status: merchant.merchantStatus ?? t('registration.unknown') })}
            />
          </Box>
        ) : (
          <Alert severity="info" data-testid="registration-state">
            {t('registration.notRegistered')}
          </Alert>
        )}
        {!complete && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t('registration.comingSoon')}{' '}
            <Link color="inherit" href={`mailto:${env.supportEmail}`}>
              {env.supportEmail}
            </Link>
          </Typography>
        )}
      </Paper>
    </Page>
  );
}
