import { Alert, Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/lib/api-errors';
import { loginSecondStep, type TwoStepNeeded } from '@/lib/auth';
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
}: {
  step: TwoStepNeeded;
  onDone?: () => void;
  onRestart: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const headingId = useId();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
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
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
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
        label={t('twoStep.code')}
        name="code"
        acceptsRecoveryCode
        required
        autoFocus
        fullWidth
        margin="normal"
        value={code}
        onChange={setCode}
      />
      <FormControlLabel
        control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />}
        label={t('twoStep.remember')}
      />
      <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
        {t('twoStep.submit')}
      </Button>
      <Button fullWidth sx={{ mt: 1 }} onClick={onRestart}>
        {t('twoStep.restart')}
      </Button>
    </Box>
  );
}
