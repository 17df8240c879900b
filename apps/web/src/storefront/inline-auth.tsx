import { Alert, Box, Button, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import { type RegisterBody, RegisterBodySchema } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLogin } from '@/components/inline-login';
import { NewPasswordFields } from '@/components/new-password-fields';
import type { AppLocale } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import { startSession } from '@/lib/auth';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import type { SecondStep } from '@/lib/second-step-slot';
import { registerTipper } from '@/storefront/api/create-recurring-tip';

type RegisterForm = RegisterBody['data'];
const emailTaken = { type: 'emailTaken', message: JSON.stringify({ key: 'emailTaken' }) };

/**
 * A monthly tip needs an account: log in or register right inside the storefront, without leaving
 * the page, so the tip form keeps what was typed. Its own <form>s, placed after the tip form. An account
 * with two-step login is asked its code here too (`secondStep`, the two-step feature's, given by the
 * storefront entry).
 */
export function InlineAuth({ locale, secondStep }: { locale: AppLocale; secondStep: SecondStep }) {
  const { t } = useTranslation('recurringtips');
  const [tab, setTab] = useState<'login' | 'register'>('login');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="inline-auth-title" sx={{ p: 3 }}>
      <Typography id="inline-auth-title" variant="h3" component="h2" gutterBottom>
        {t('storefront.authTabs')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('storefront.accountNeeded')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: 'login' | 'register') => setTab(value)}
        aria-label={t('storefront.authTabs')}
      >
        <Tab value="login" label={t('storefront.login')} id="inline-auth-tab-login" aria-controls="inline-auth-panel" />
        <Tab
          value="register"
          label={t('storefront.register')}
          id="inline-auth-tab-register"
          aria-controls="inline-auth-panel"
        />
      </Tabs>
      <Box id="inline-auth-panel" role="tabpanel" aria-labelledby={`inline-auth-tab-${tab}`} sx={{ pt: 1 }}>
        {tab === 'login' ? <InlineLogin secondStep={secondStep} /> : <RegisterPanel locale={locale} />}
      </Box>
    </Paper>
  );
}

function RegisterPanel({ locale }: { locale: AppLocale }) {
  const { t } = useTranslation(['recurringtips', 'errors']);
  const [failure, setFailure] = useState<string | null>(null);
  // Mounted only when the register tab is chosen: the password dictionaries never load with the storefront.
  const { form, field } = useDomainForm<RegisterForm>(
    RegisterBodySchema.shape.data,
    { email: '', password: '', firstName: '', lastName: '', locale },
    { newPassword: { name: 'password', owner: (values) => values } },
  );
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await startSession(await registerTipper({ ...values, locale }));
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_TAKEN') form.setError('email', emailTaken);
      else if (!applyServerFieldErrors(form, error)) setFailure(apiErrorText(error));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('storefront.register')}>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={t('storefront.firstName')}
          autoComplete="given-name"
          required
          fullWidth
          {...field('firstName')}
          id="inline-register-firstName"
        />
        <TextField
          label={t('storefront.lastName')}
          autoComplete="family-name"
          required
          fullWidth
          {...field('lastName')}
          id="inline-register-lastName"
        />
      </Box>
      <TextField
        label={t('storefront.email')}
        type="email"
        autoComplete="email"
        required
        fullWidth
        {...field('email')}
        id="inline-register-email"
      />
      <NewPasswordFields
        label={t('storefront.password')}
        field={{
          fullWidth: true,
          ...field('password', { helperText: t('storefront.passwordHint') }),
          id: 'inline-register-password',
        }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
        {t('storefront.submitRegister')}
      </Button>
    </Box>
  );
}
