import { Button, Paper, Typography } from '@mui/material';
import type { User } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useResetTwoStep } from '@/features/users/api/users';
import { useAuth } from '@/lib/auth';
import { notifySuccess } from '@/lib/notifications';

/**
 * The user page's "Two-step login" (decision 056): whether it is on, and for a user who lost both the
 * authenticator and the recovery codes, turning it off after a confirmation. Not for an archived user,
 * nor for the admin's own account (that is the account page's, with a current code).
 */
export function TwoStepReset({ user }: { user: User }) {
  const { t } = useTranslation(['admin', 'common']);
  const { user: me } = useAuth();
  const reset = useResetTwoStep(user.id);
  const [confirming, setConfirming] = useState(false);
  const canReset = user.twoStepEnabled && !user.archivedAt && user.id !== me?.id;
  return (
    <Paper component="section" aria-labelledby="user-two-step-title" sx={{ p: 3, mt: 3, maxWidth: 640 }}>
      <Typography id="user-two-step-title" variant="h6" component="h2">
        {t('users.twoStep.title')}
      </Typography>
      <Typography sx={{ mt: 1 }} data-testid="user-two-step-state">
        {t(user.twoStepEnabled ? 'users.twoStep.on' : 'users.twoStep.off')}
      </Typography>
      {canReset && (
        <Button color="error" variant="outlined" sx={{ mt: 2 }} onClick={() => setConfirming(true)}>
          {t('users.twoStep.reset')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('users.twoStep.confirmTitle')}
        text={t('users.twoStep.confirmText', { name: user.email })}
        confirmLabel={t('users.twoStep.reset')}
        loading={reset.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => notifySuccess(t('users.twoStep.done', { name: user.email })),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Paper>
  );
}
