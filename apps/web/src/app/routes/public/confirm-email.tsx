import { Alert, Box, CircularProgress, Paper } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { confirmEmail } from '@/features/privacy/api/email-confirmation';
import { loadUser, useAuth } from '@/lib/auth';

/** The link of the "confirm your e-mail address" mail (decision 061): confirms on opening and says so. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { loggedIn } = useAuth();
  const [state, setState] = useState<'working' | 'done' | 'invalid'>(token ? 'working' : 'invalid');
  const asked = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's double effect: the second call would only repeat the first.
    if (!token || asked.current) return;
    asked.current = true;
    const confirm = async () => {
      try {
        await confirmEmail(token);
      } catch {
        setState('invalid');
        return;
      }
      setState('done');
      // The account page's badge reads users/me.
      if (loggedIn) await loadUser({ silent: true }).catch(() => undefined);
    };
    void confirm();
  }, [token, loggedIn]);

  return (
    <Page title={t('confirmEmail.title')}>
      <Paper sx={{ p: 3, maxWidth: 520 }}>
        {state === 'working' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} />
            {t('confirmEmail.working')}
          </Box>
        )}
        {state === 'done' && <Alert severity="success">{t('confirmEmail.done')}</Alert>}
        {state === 'invalid' && <Alert severity="error">{t('confirmEmail.invalid')}</Alert>}
        {state !== 'working' && (
          <Box sx={{ mt: 2 }}>
            <AppLink to={routePath(loggedIn ? 'account' : 'login')}>
              {loggedIn ? t('confirmEmail.toAccount') : t('confirmEmail.toLogin')}
            </AppLink>
          </Box>
        )}
      </Paper>
    </Page>
  );
}
