import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import type { RecoveryCodes, TwoStepConfirmed, TwoStepSetup, TwoStepStatus } from '@podpot/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, isApiError, tokenStorage } from '@/lib/api-client';
import { errorTextKey } from '@/lib/api-errors';
import { loadUser, useAuth } from '@/lib/auth';
import { notifySuccess } from '@/lib/notifications';
import { CodeField } from './code-field';

const STATUS_KEY = ['users/me/two-step'];

/**
 * The catalog key of a failed call of this section. An authenticator code the server cannot check
 * (decision 045) gets the account page's own text: here recovery codes do not help, unlike at login.
 */
function failureKey(error: unknown) {
  if (isApiError(error) && error.code === 'AUTHENTICATOR_UNAVAILABLE')
    return 'account:twoStep.authenticatorUnavailable';
  if (isApiError(error) && error.code === 'WRONG_PASSWORD') return 'errors:codes.WRONG_PASSWORD';
  return errorTextKey(error);
}

/**
 * The account page's "Two-step login" (decision 036): set it up (QR code, key, a code to confirm), see
 * the ten recovery codes once, turn it off (password and code), new recovery codes (a code).
 */
export function TwoStepSection() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => api.get<TwoStepStatus>('users/me/two-step') });
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  const required = user?.role === 'ADMIN' && !user.twoStepEnabled;
  return (
    <Paper component="section" id="two-step" aria-labelledby="two-step-title" sx={{ p: 3, height: '100%' }}>
      <Typography id="two-step-title" variant="h2" sx={{ fontSize: '1.3rem' }}>
        {t('twoStep.title')}
      </Typography>
      {required && (
        <Alert severity="warning" sx={{ mt: 2 }} role={params.get('twoStep') === 'required' ? 'alert' : undefined}>
          {t('twoStep.requiredForAdmins')}
        </Alert>
      )}
      {codes ? (
        <RecoveryCodesView
          codes={codes}
          onDone={async () => {
            setCodes(null);
            // Now the page may reload the user (two-step login on), which redraws the account page.
            await Promise.all([loadUser(), refresh()]);
          }}
        />
      ) : status.data?.enabled ? (
        <Enabled status={status.data} onCodes={setCodes} onOff={refresh} />
      ) : status.data ? (
        <Setup
          onConfirmed={async (confirmed) => {
            // The setup ended every older session, this page's token too: keep the new one at once, but
            // reload the user only once the codes are put away (reloading redraws the page, codes and all).
            tokenStorage.set(confirmed.token.access_token);
            setCodes(confirmed.recoveryCodes);
          }}
        />
      ) : null}
    </Paper>
  );
}

function Setup({ onConfirmed }: { onConfirmed: (confirmed: TwoStepConfirmed) => Promise<void> }) {
  const { t } = useTranslation(['account', 'errors']);
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!setup) {
    return (
      <>
        <Typography sx={{ mt: 1 }}>{t('twoStep.offIntro')}</Typography>
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              setSetup(await api.post<TwoStepSetup>('users/me/two-step/setup'));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('twoStep.start')}
        </Button>
      </>
    );
  }
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await onConfirmed(
        await api.post<TwoStepConfirmed>(
          'users/me/two-step/confirm',
          { data: { code: code.trim(), password } },
          { silent: true },
        ),
      );
    } catch (error) {
      setFailure(t(failureKey(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={confirm} aria-label={t('twoStep.confirm')}>
      <Typography sx={{ mt: 1 }}>{t('twoStep.scan')}</Typography>
      <Box
        component="img"
        src={setup.qr}
        alt={t('twoStep.qrAlt')}
        sx={{ display: 'block', width: 200, maxWidth: '100%', my: 2, bgcolor: '#fff' }}
      />
      <Typography>{t('twoStep.keyIntro')}</Typography>
      <Typography
        data-testid="two-step-key"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all', my: 1 }}
      >
        {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <CodeField label={t('twoStep.code')} name="code" required value={code} onChange={setCode} />
      {/* Turning it on needs the password too: a session alone (a borrowed laptop) must not lock the owner out. */}
      <TextField
        label={t('twoStep.password')}
        type="password"
        name="setup-password"
        autoComplete="current-password"
        required
        helperText={t('twoStep.passwordToTurnOn')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        sx={{ display: 'block', mb: 2 }}
      />
      <Button type="submit" variant="contained" disabled={busy || !code.trim() || !password}>
        {t('twoStep.confirm')}
      </Button>
    </Box>
  );
}

function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const text = codes.join('\n');
  return (
    <Box aria-label={t('twoStep.codesTitle')} role="region">
      <Alert severity="success" sx={{ mt: 2 }}>
        {t('twoStep.codesIntro')}
      </Alert>
      <Box component="ol" data-testid="recovery-codes" sx={{ fontFamily: 'monospace', columns: 2, pl: 3 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          onClick={async () => {
            await navigator.clipboard?.writeText(text).catch(() => {});
            notifySuccess(t('twoStep.copied'));
          }}
        >
          {t('twoStep.copy')}
        </Button>
        <Button
          component="a"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
          download="podpot-recovery-codes.txt"
        >
          {t('twoStep.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('twoStep.done')}
        </Button>
      </Box>
    </Box>
  );
}

function Enabled({
  status,
  onCodes,
  onOff,
}: {
  status: TwoStepStatus;
  onCodes: (codes: string[]) => void;
  onOff: () => Promise<void>;
}) {
  const { t } = useTranslation(['account', 'errors']);
  const [code, setCode] = useState('');
  const [offCode, setOffCode] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<{ form: 'codes' | 'off'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (form: 'codes' | 'off', work: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setFailure({ form, text: t(failureKey(error)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Alert severity="success" sx={{ mt: 2 }}>
        {t('twoStep.on', { count: status.recoveryCodesLeft })}
      </Alert>
      <Box
        component="form"
        noValidate
        aria-label={t('twoStep.newCodes')}
        onSubmit={(event) => {
          event.preventDefault();
          void run('codes', async () => {
            const answer = await api.post<RecoveryCodes>(
              'users/me/two-step/recovery-codes',
              { data: { code: code.trim() } },
              { silent: true },
            );
            setCode('');
            onCodes(answer.recoveryCodes);
          });
        }}
      >
        <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 2 }}>
          {t('twoStep.newCodes')}
        </Typography>
        {failure?.form === 'codes' && <Alert severity="error">{failure.text}</Alert>}
        <CodeField label={t('twoStep.appCode')} name="regenerate-code" value={code} onChange={setCode} />
        <Button type="submit" disabled={busy || !code.trim()}>
          {t('twoStep.newCodes')}
        </Button>
      </Box>
      <Box
        component="form"
        noValidate
        aria-label={t('twoStep.turnOff')}
        onSubmit={(event) => {
          event.preventDefault();
          void run('off', async () => {
            await api.post<void>(
              'users/me/two-step/disable',
              { data: { password, code: offCode.trim() } },
              { silent: true },
            );
            setPassword('');
            setOffCode('');
            notifySuccess(t('twoStep.turnedOff'));
            await onOff();
          });
        }}
      >
        <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 2 }}>
          {t('twoStep.turnOff')}
        </Typography>
        {failure?.form === 'off' && <Alert severity="error">{failure.text}</Alert>}
        <TextField
          label={t('twoStep.password')}
          type="password"
          name="two-step-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <CodeField label={t('twoStep.appCode')} name="off-code" value={offCode} onChange={setOffCode} />
        <Button type="submit" color="error" disabled={busy || !password || !offCode.trim()}>
          {t('twoStep.turnOff')}
        </Button>
      </Box>
    </>
  );
}
