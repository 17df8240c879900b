import { Button, Paper, Typography } from '@mui/material';
import type { User } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSendPasswordReset } from '@/features/users/api/users';
import { notifySuccess } from '@/lib/notifications';

/**
 * The user page's "Password" (issue 33): an admin never sets another person's password; for a user who
 * cannot sign in, support has a reset link mailed to the user's own address (audited). Not for an
 * archived user.
 */
export function PasswordResetLink({ user }: { user: User }) {
  const { t } = useTranslation(['admin', 'common']);
  const send = useSendPasswordReset(user.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper component="section" aria-labelledby="user-password-title" sx={{ p: 3, mt: 3, maxWidth: 640 }}>
      <Typography id="user-password-title" variant="h6" component="h2">
        {t('users.passwordReset.title')}
      </Typography>
      <Typography sx={{ mt: 1 }}>{t('users.passwordReset.text')}</Typography>
      {!user.archivedAt && (
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setConfirming(true)}>
          {t('users.passwordReset.send')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('users.passwordReset.confirmTitle')}
        text={t('users.passwordReset.confirmText', { name: user.email })}
        confirmLabel={t('users.passwordReset.send')}
        loading={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          send.mutate(undefined, {
            onSuccess: () => notifySuccess(t('users.passwordReset.done', { name: user.email })),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Paper>
  );
}
