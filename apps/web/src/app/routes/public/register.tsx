import { Alert, Box, Button, Paper, TextField } from '@mui/material';
import { type RegisterBody, RegisterBodySchema } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { registerUser, testRegisterEmail } from '@/features/auth/api/register';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import { startSession } from '@/lib/auth';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { safeRedirect } from '@/lib/redirect';
import { useLocale, useLocalePath } from '@/lib/use-locale';

type RegisterForm = RegisterBody['data'];
const emailTaken = { type: 'emailTaken', message: JSON.stringify({ key: 'emailTaken' }) };

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const locale = useLocale();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { form, field } = useDomainForm<RegisterForm>(
    RegisterBodySchema.shape.data,
    { email: '', password: '', firstName: '', lastName: '', locale },
    { newPassword: { name: 'password', owner: (values) => values } },
  );

  /** Availability check on blur of a well-formed address; a failing check says nothing (docs/product.md §8). */
  const checkEmail = async () => {
    const email = form.getValues('email').trim();
    if (!(await form.trigger('email'))) return;
    setChecking(true);
    try {
      if (!(await testRegisterEmail(email))) form.setError('email', emailTaken);
    } catch {
      // The server checks again on submit.
    } finally {
      setChecking(false);
    }
  };

  const emailField = field('email', { helperText: checking ? t('register.checkingEmail') : undefined });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const token = await registerUser({ ...values, locale });
      await startSession(token);
      navigate(safeRedirect(params.get('redirect')) ?? localePath(routePath('account')), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_TAKEN') form.setError('email', emailTaken);
      else if (!applyServerFieldErrors(form, error)) setFailure(apiErrorText(error));
    }
  });

  return (
    <Page title={t('register.title')}>
      <Paper sx={{ p: 3, maxWidth: 560 }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('register.title')}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <TextField label={t('fields.firstName')} autoComplete="given-name" required {...field('firstName')} />
            <TextField label={t('fields.lastName')} autoComplete="family-name" required {...field('lastName')} />
          </Box>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...emailField}
            onBlur={(event) => {
              void emailField.onBlur(event);
              void checkEmail();
            }}
          />
          <NewPasswordFields
            label={t('fields.password')}
            field={field('password', { helperText: t('fields.passwordHint') })}
          />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
            {t('register.submit')}
          </Button>
        </Box>
        <Box sx={{ mt: 2 }}>
          <AppLink to={routePath('login')}>{t('register.toLogin')}</AppLink>
        </Box>
      </Paper>
    </Page>
  );
}
