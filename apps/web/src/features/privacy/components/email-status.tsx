import { Box, Button, Chip, Typography } from '@mui/material';
import type { User } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendEmailConfirmation } from '@/features/privacy/api/email-confirmation';
import { notifySuccess } from '@/lib/notifications';

/**
 * Whether the account's e-mail address is confirmed (decision 061), and "send the link again" while it
 * is not: until then "Your data" holds only the tips given while logged in.
 */
export function EmailStatus({ user }: { user: Pick<User, 'email' | 'emailVerified'> }) {
  const { t } = useTranslation('account');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await sendEmailConfirmation();
      notifySuccess(t('emailStatus.sent', { email: user.email }));
    } catch {
      // The API client has shown the failure (e.g. asked too often: 3 links an hour).
    } finally {
      setSending(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Chip
        size="small"
        color={user.emailVerified ? 'success' : 'warning'}
        label={user.emailVerified ? t('emailStatus.verified') : t('emailStatus.unverified')}
      />
      {!user.emailVerified && (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('emailStatus.unverifiedText', { email: user.email })}
          </Typography>
          <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={() => void send()} disabled={sending}>
            {t('emailStatus.resend')}
          </Button>
        </>
      )}
    </Box>
  );
}
