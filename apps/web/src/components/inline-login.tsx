import { Alert, Box, Button, TextField } from '@mui/material';
import { LoginBodySchema } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/lib/api-errors';
import { login, TwoStepNeeded } from '@/lib/auth';
import { useDomainForm } from '@/lib/form';
import type { SecondStep } from '@/lib/second-step-slot';

const LoginFormSchema = LoginBodySchema.pick({ username: true, password: true });
type LoginForm = { username: string; password: string };

/**
 * Log in without leaving the page, so the form around it keeps what was typed (the storefront's
 * monthly tip, ordering a Podpot with an address that has an account). An account with two-step login
 * is asked its code here too (`secondStep`); lib/auth holds the session afterwards.
 * `username`: the address is known (the order form's): only the password is asked. `nested`: inside
 * another <form> (forms do not nest), a group whose button and Enter log in. `beforeLogin` runs just
 * before the password is sent (the order form keeps its fields across the change to a signed-in form).
 */
export function InlineLogin({
  secondStep,
  username,
  nested = false,
  beforeLogin,
}: {
  secondStep: SecondStep;
  username?: string;
  nested?: boolean;
  beforeLogin?: () => void;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<TwoStepNeeded | null>(null);
  const { form, field } = useDomainForm<LoginForm>(LoginFormSchema, { username: username ?? '', password: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    beforeLogin?.();
    try {
      await login(values.username, values.password);
    } catch (error) {
      if (error instanceof TwoStepNeeded) setPending(error);
      else setFailure(apiErrorText(error));
    }
  });
  if (pending) {
    return secondStep(
      pending,
      () => {
        setPending(null);
        form.setValue('password', '');
      },
      nested,
    );
  }
  return (
    <Box
      {...(nested ? { role: 'group' } : { component: 'form', noValidate: true, onSubmit })}
      aria-label={t('common:inlineLogin.label')}
    >
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {username === undefined ? (
        <TextField
          label={t('common:inlineLogin.email')}
          type="email"
          autoComplete="username"
          required
          fullWidth
          {...field('username')}
          id="inline-login-username"
        />
      ) : (
        // For the password manager: which account this password is of.
        <input type="hidden" name="username" autoComplete="username" value={username} />
      )}
      <TextField
        label={t('common:inlineLogin.password')}
        type="password"
        autoComplete="current-password"
        required
        fullWidth
        {...field('password')}
        id="inline-login-password"
        onKeyDown={(event) => {
          if (nested && event.key === 'Enter') {
            // The surrounding form would submit itself instead.
            event.preventDefault();
            void onSubmit();
          }
        }}
      />
      <Button
        type={nested ? 'button' : 'submit'}
        onClick={nested ? () => void onSubmit() : undefined}
        variant="contained"
        sx={{ mt: 2 }}
        disabled={form.formState.isSubmitting}
      >
        {t('common:inlineLogin.submit')}
      </Button>
    </Box>
  );
}
