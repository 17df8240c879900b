import { Alert, Box, Button, Paper } from '@mui/material';
import { PasswordResetBodySchema } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { resetPassword } from '@/features/auth/api/password';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-errors';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';

const ResetFormSchema = PasswordResetBodySchema.pick({ new_password: true })
  .extend({ repeat: PasswordResetBodySchema.shape.new_password })
  .refine((values) => values.new_password === values.repeat, { message: 'passwordsDiffer', path: ['repeat'] });
type ResetForm = { new_password: string; repeat: string };

export default function PasswordResetPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'form' | 'done' | 'invalidToken'>(token ? 'form' : 'invalidToken');
  const [failure, setFailure] = useState<string | null>(null);
  // The link does not say whose it is: the form checks against the brand, the API against the owner too.
  const { form, field } = useDomainForm<ResetForm>(
    ResetFormSchema,
    { new_password: '', repeat: '' },
    { newPassword: { name: 'new_password' } },
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword({ new_password: values.new_password, token });
      setState('done');
    } catch (error) {
      if (isApiError(error) && (error.code === 'INVALID_TOKEN' || error.fields?.token)) setState('invalidToken');
      else if (!applyServerFieldErrors(form, error, '')) setFailure(apiErrorText(error));
    }
  });

  return (
    <Page title={t('passwordReset.title')}>
      <Paper sx={{ p: 3, maxWidth: 480 }}>
        {state === 'done' && (
          <>
            <Alert severity="success">{t('passwordReset.done')}</Alert>
            <Box sx={{ mt: 2 }}>
              <AppLink to={routePath('login')}>{t('passwordReset.toLogin')}</AppLink>
            </Box>
          </>
        )}
        {state === 'invalidToken' && (
          <>
            <Alert severity="error">{t('passwordReset.invalidToken')}</Alert>
            <Box sx={{ mt: 2 }}>
              <AppLink to={routePath('passwordRecovery')}>{t('passwordReset.requestNew')}</AppLink>
            </Box>
          </>
        )}
        {state === 'form' && (
          <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('passwordReset.title')}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <NewPasswordFields
              label={t('fields.newPassword')}
              field={field('new_password', { helperText: t('fields.passwordHint') })}
              repeat={{ label: t('fields.repeatPassword'), field: field('repeat') }}
            />
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={form.formState.isSubmitting}>
              {t('passwordReset.submit')}
            </Button>
          </Box>
        )}
      </Paper>
    </Page>
  );
}
