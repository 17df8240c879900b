import { Alert, Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/lib/api-errors';
import { loginSecondStep, type TwoStepNeeded } from '@/lib/auth';
import type { SecondStep } from '@/lib/second-step-slot';
import { CodeField } from './code-field';

/**
 * The second step of a login (decision 036): a code or recovery code, and an opt-in to remember the
 * device. On the login page and in the storefront's inline login; `onDone` runs once the session is there
 * (lib/auth holds it: a page that follows the auth state needs none).
 */
export function LoginSecondStep({
  step,
  onDone,
  onRestart,
  headingLevel = 'h2',
  nested = false,
}: {
  step: TwoStepNeeded;
  onDone?: () => void;
  onRestart: () => void;
  headingLevel?: 'h2' | 'h3';
  /** Inside another <form> (forms do not nest): a group whose button and Enter send the code. */
  nested?: boolean;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const headingId = useId();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  // The app's 6 digits (a number pad on phones) unless the user says they have a recovery code.
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = async (event?: React.SyntheticEvent) => {
    event?.preventDefault();
    if (!code.trim()) return;
    setFailure(null);
    setBusy(true);
    try {
      await loginSecondStep(step, code.trim(), remember);
      onDone?.();
    } catch (error) {
      setFailure(apiErrorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      {...(nested ? { role: 'group' } : { component: 'form', noValidate: true, onSubmit })}
      aria-labelledby={headingId}
    >
      <Typography id={headingId} variant="h2" component={headingLevel} sx={{ fontSize: '1.2rem' }}>
        {t('twoStep.intro')}
      </Typography>
      <Typography sx={{ mt: 1 }}>{t('twoStep.help')}</Typography>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <CodeField
        label={t(recovery ? 'twoStep.recoveryCode' : 'twoStep.code')}
        name="code"
        acceptsRecoveryCode={recovery}
        required
        autoFocus
        fullWidth
        margin="normal"
        value={code}
        onChange={setCode}
        onKeyDown={(event) => {
          // Nested, the surrounding form would submit itself instead.
          if (nested && event.key === 'Enter') void onSubmit(event);
        }}
      />
      <Button size="small" onClick={() => setRecovery((on) => !on)}>
        {t(recovery ? 'twoStep.useApp' : 'twoStep.useRecovery')}
      </Button>
      <FormControlLabel
        control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
        label={t('twoStep.remember')}
      />
      <Button
        type={nested ? 'button' : 'submit'}
        onClick={nested ? () => void onSubmit() : undefined}
        variant="contained"
        fullWidth
        sx={{ mt: 2 }}
        disabled={busy}
      >
        {t('twoStep.submit')}
      </Button>
      <Button fullWidth sx={{ mt: 1 }} onClick={onRestart}>
        {t('twoStep.restart')}
      </Button>
    </Box>
  );
}

/** The second step inside an inline login (lib/second-step-slot.ts): the storefront's, the order form's. */
export const inlineSecondStep: SecondStep = (step, restart, nested) => (
  <LoginSecondStep step={step} onRestart={restart} headingLevel="h3" nested={nested} />
);
