import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { LoginBodySchema } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { LoginSecondStep } from '@/features/two-step/components/login-second-step';
import { apiErrorText } from '@/lib/api-errors';
import { login, TwoStepNeeded } from '@/lib/auth';
import { useDomainForm } from '@/lib/form';
import { safeRedirect } from '@/lib/redirect';
import { useLocalePath } from '@/lib/use-locale';

const LoginFormSchema = LoginBodySchema.pick({ username: true, password: true });
type LoginForm = { username: string; password: string };

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, field } = useDomainForm<LoginForm>(LoginFormSchema, { username: '', password: '' });
  const [secondStep, setSecondStep] = useState<TwoStepNeeded | null>(null);
  const done = () => navigate(safeRedirect(params.get('redirect')) ?? localePath(routePath('home')), { replace: true });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login(values.username, values.password);
      done();
    } catch (error) {
      if (error instanceof TwoStepNeeded) setSecondStep(error);
      else setFailure(apiErrorText(error));
    }
  });

  if (secondStep) {
    return (
      <Page title={t('login.title')}>
        <Paper sx={{ p: 3, maxWidth: 480 }}>
          <LoginSecondStep
            step={secondStep}
            onDone={done}
            onRestart={() => {
              setSecondStep(null);
              form.setValue('password', '');
            }}
          />
        </Paper>
      </Page>
    );
  }

  return (
    <Page title={t('login.title')}>
      <Paper sx={{ p: 3, maxWidth: 480 }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="login-heading">
          <Typography id="login-heading" variant="h2" sx={{ fontSize: '1.2rem' }}>
            {t('login.intro')}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField label={t('fields.email')} type="email" autoComplete="username" required {...field('username')} />
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            required
            {...field('password')}
          />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
            {t('login.submit')}
          </Button>
        </Box>
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <AppLink to={routePath('passwordRecovery')}>{t('login.forgot')}</AppLink>
          <AppLink
            to={`${routePath('register')}${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect') ?? '')}` : ''}`}
          >
            {t('login.toRegister')}
          </AppLink>
        </Box>
      </Paper>
    </Page>
  );
}
