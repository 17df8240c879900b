import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { acceptInvitation, declineInvitation, useInvitation } from '@/features/tipjars/api/tipjar-admins';
import { isApiError } from '@/lib/api-client';
import { loadUser, logout, useAuth } from '@/lib/auth';
import { useFormat } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

/**
 * The mailed invitation link (`/invitation?token=`, decision 062): which tip jar and for which address.
 * Declining needs only the link; accepting needs a login with the invited address — without one the
 * page sends the invitee to log in (or register) and back here.
 */
export default function InvitationPage() {
  const { t } = useTranslation('tipjar');
  const format = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, loggedIn, loading } = useAuth();
  const invitation = useInvitation(token);
  const [state, setState] = useState<'open' | 'declined'>('open');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const back = `?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  const onAccept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { tipjar } = await acceptInvitation(token);
      notifySuccess(t('invitation.accepted', { name: tipjar.name }));
      // The account's tip jars (the backoffice selector) now hold this one.
      await loadUser({ silent: true }).catch(() => undefined);
      navigate(localePath(routePath('backofficeDashboard', { tipjarslug: tipjar.slug })), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 404) void invitation.refetch();
      setFailure(t('invitation.failed'));
      setBusy(false);
    }
  };

  const onDecline = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await declineInvitation(token);
      setState('declined');
    } catch {
      setFailure(t('invitation.failed'));
    } finally {
      setBusy(false);
    }
  };

  const found = invitation.data;
  const isInvitee = Boolean(found && user && user.email.toLowerCase() === found.email.toLowerCase());
  return (
    <Page title={t('invitation.title')}>
      <Paper sx={{ p: 3, maxWidth: 560 }}>
        {state === 'declined' && <Alert severity="info">{t('invitation.declined')}</Alert>}
        {state === 'open' && (!token || invitation.isError) && (
          <Alert severity="warning">{t('invitation.invalid')}</Alert>
        )}
        {state === 'open' && token && (invitation.isPending || loading) && !invitation.isError && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress aria-label={t('invitation.title')} />
          </Box>
        )}
        {state === 'open' && found && !loading && (
          <Stack spacing={2}>
            <Typography>{t('invitation.text', { name: found.tipjarName })}</Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('invitation.forAddress', { email: found.email, date: format.date(found.expiresAt) })}
            </Typography>
            {failure && <Alert severity="error">{failure}</Alert>}
            {loggedIn && user && !isInvitee && (
              <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
                {t('invitation.otherAccount', { current: user.email, email: found.email })}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {isInvitee && (
                <Button variant="contained" onClick={onAccept} disabled={busy}>
                  {t('invitation.accept')}
                </Button>
              )}
              {!loggedIn && (
                <>
                  <Button variant="contained" onClick={() => navigate(`${localePath(routePath('login'))}${back}`)}>
                    {t('invitation.logIn')}
                  </Button>
                  <Button variant="outlined" onClick={() => navigate(`${localePath(routePath('register'))}${back}`)}>
                    {t('invitation.register')}
                  </Button>
                </>
              )}
              {loggedIn && !isInvitee && (
                <Button variant="outlined" onClick={() => logout({ onPurpose: true })}>
                  {t('invitation.logOut')}
                </Button>
              )}
              <Button color="inherit" onClick={onDecline} disabled={busy}>
                {t('invitation.decline')}
              </Button>
            </Stack>
          </Stack>
        )}
      </Paper>
    </Page>
  );
}
