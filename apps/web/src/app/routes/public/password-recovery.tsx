import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { TestEmailBodySchema } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { recoverPassword } from '@/features/auth/api/password';
import { useDomainForm } from '@/lib/form';

export default function PasswordRecoveryPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
  const { form, field } = useDomainForm<{ email: string }>(TestEmailBodySchema, { email: '' });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    await recoverPassword(email).catch(() => {});
    // The answer is the same whether or not the address is known.
    setSent(true);
  });
  return (
    <Page title={t('passwordRecovery.title')}>
      <Paper sx={{ p: 3, maxWidth: 480 }}>
        {sent ? (
          <Alert severity="success">{t('passwordRecovery.sent')}</Alert>
        ) : (
          <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('passwordRecovery.title')}>
            <Typography>{t('passwordRecovery.intro')}</Typography>
            <TextField label={t('fields.email')} type="email" autoComplete="email" required {...field('email')} />
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
              {t('passwordRecovery.submit')}
            </Button>
          </Box>
        )}
        <Box sx={{ mt: 2 }}>
          <AppLink to={routePath('login')}>{t('passwordRecovery.toLogin')}</AppLink>
        </Box>
      </Paper>
    </Page>
  );
}
