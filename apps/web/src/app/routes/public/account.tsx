import { Button, Grid, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { AddressForm } from '@/features/account/components/address-form';
import { PasswordForm } from '@/features/account/components/password-form';
import { ProfileForm } from '@/features/account/components/profile-form';
import { EmailStatus } from '@/features/privacy/components/email-status';
import { PrivacySection } from '@/features/privacy/components/privacy-section';
import { RecurringTipsSection } from '@/features/recurring-tips/components/recurring-tips-section';
import { TwoStepSection } from '@/features/two-step/components/two-step-section';
import { logout, useAuth } from '@/lib/auth';
import { useLocalePath } from '@/lib/use-locale';

export default function AccountPage() {
  const { t } = useTranslation(['account', 'common']);
  const { user } = useAuth();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const queryClient = useQueryClient();
  if (!user) return null;
  return (
    <Page
      title={t('title')}
      subtitle={user.email}
      actions={
        <Button
          onClick={() => {
            logout({ onPurpose: true });
            queryClient.clear();
            navigate(localePath(routePath('home')));
          }}
        >
          {t('common:topbar.logout')}
        </Button>
      }
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper component="section" aria-labelledby="profile-title" sx={{ p: 3, height: '100%' }}>
            <Typography id="profile-title" variant="h2" sx={{ fontSize: '1.3rem' }}>
              {t('profile.title')}
            </Typography>
            <EmailStatus user={user} />
            <ProfileForm key={user.id} user={user} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper component="section" aria-labelledby="password-title" sx={{ p: 3, height: '100%' }}>
            <Typography id="password-title" variant="h2" sx={{ fontSize: '1.3rem' }}>
              {t('password.title')}
            </Typography>
            <PasswordForm />
          </Paper>
        </Grid>
        {/* The address beside the monthly tips: no full-width form rows on a desktop. */}
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper component="section" aria-labelledby="address-title" sx={{ p: 3, height: '100%' }}>
            <Typography id="address-title" variant="h2" sx={{ fontSize: '1.3rem' }}>
              {t('address.title')}
            </Typography>
            <AddressForm key={user.id} user={user} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RecurringTipsSection />
        </Grid>
        {/* First for an admin who must still set it up (the admin pages send them here); moved by
            CSS order, not remounted, so the recovery codes shown after the setup stay on screen. */}
        <Grid size={{ xs: 12, md: 6 }} sx={{ order: user.role === 'ADMIN' && !user.twoStepEnabled ? -1 : 0 }}>
          <TwoStepSection />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PrivacySection />
        </Grid>
      </Grid>
    </Page>
  );
}
