import DeleteIcon from '@mui/icons-material/Delete';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { EmailSchema } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { routePath } from '@/config/paths';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';
import {
  useInviteTipjarAdmin,
  useLeaveTipjar,
  useTipjarInvitations,
  useWithdrawInvitation,
} from '@/features/tipjars/api/tipjar-admins';
import { useRemoveTipjarAdmin } from '@/features/tipjars/api/update-tipjar';
import { isApiError } from '@/lib/api-client';
import { loadUser, useAuth } from '@/lib/auth';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

const InviteSchema = z.object({ email: EmailSchema });

/**
 * A tip jar's admins (decision 062): invite someone by e-mail (they become an admin when they accept),
 * the invitations still waiting (withdraw one), remove another admin (never the last), and leave it
 * yourself behind a confirmation — the last admin leaving hands the tip jar to the platform.
 */
export function TipjarAdminsEditor({ tipjar }: { tipjar: BackofficeTipjar }) {
  const { t } = useTranslation(['tipjar', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { user } = useAuth();
  const invitations = useTipjarInvitations(tipjar.id);
  const invite = useInviteTipjarAdmin(tipjar.id);
  const withdraw = useWithdrawInvitation(tipjar.id);
  const remove = useRemoveTipjarAdmin(tipjar.id);
  const leave = useLeaveTipjar(tipjar.id);
  const [toRemove, setToRemove] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, field } = useDomainForm<{ email: string }>(InviteSchema, { email: '' });
  const isOneOfThem = tipjar.admins.some((admin) => admin.id === user?.id);

  const onInvite = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await invite.mutateAsync({ email, locale: format.locale });
      notifySuccess(t('settings.admins.invited', { email }));
      form.reset({ email: '' });
    } catch (error) {
      if (!applyServerFieldErrors(form, error, '')) setFailure(t('settings.admins.failed'));
    }
  });

  const onWithdraw = async (invitationId: string) => {
    setFailure(null);
    try {
      await withdraw.mutateAsync(invitationId);
      notifySuccess(t('settings.admins.withdrawn'));
    } catch {
      setFailure(t('settings.admins.failed'));
    }
  };

  const onLeave = async () => {
    setFailure(null);
    try {
      await leave.mutateAsync();
      notifySuccess(t('settings.admins.left', { name: tipjar.name }));
      // The account's tip jars (the backoffice selector) no longer hold this one.
      await loadUser({ silent: true }).catch(() => undefined);
      navigate(localePath(routePath('backofficeIndex')), { replace: true });
    } catch {
      setFailure(t('settings.admins.failed'));
      setLeaving(false);
    }
  };

  const pending = invitations.data?.data ?? [];
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="admins-title">
      <Typography id="admins-title" variant="h3" component="h2" gutterBottom>
        {t('settings.admins.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('settings.admins.intro')}
      </Typography>
      <List dense aria-labelledby="admins-title">
        {tipjar.admins.map((admin) => {
          const name = `${admin.firstName} ${admin.lastName}`.trim() || admin.email;
          const isMe = admin.id === user?.id;
          return (
            <ListItem
              key={admin.id}
              secondaryAction={
                isMe ? undefined : (
                  <IconButton
                    edge="end"
                    color="error"
                    aria-label={t('settings.admins.remove', { email: admin.email })}
                    onClick={() => setToRemove(admin.email)}
                    disabled={tipjar.admins.length <= 1}
                  >
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={isMe ? t('settings.admins.you', { name }) : name}
                secondary={admin.email}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
      {pending.length > 0 && (
        <>
          <Typography id="invitations-title" variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            {t('settings.admins.pendingTitle')}
          </Typography>
          <List dense aria-labelledby="invitations-title">
            {pending.map((invitation) => (
              <ListItem
                key={invitation.id}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('settings.admins.withdraw', { email: invitation.email })}
                    onClick={() => onWithdraw(invitation.id)}
                    disabled={withdraw.isPending}
                  >
                    <UndoIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={invitation.email}
                  secondary={t('settings.admins.pendingUntil', { date: format.date(invitation.expiresAt) })}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={onInvite}
        aria-label={t('settings.admins.invite')}
        // On a phone the button goes under the address field, which keeps the whole width.
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, alignItems: 'flex-start' }}
      >
        <TextField label={t('settings.admins.email')} type="email" {...field('email')} />
        <Button
          type="submit"
          variant="outlined"
          disabled={invite.isPending}
          sx={{ mt: { xs: 0, sm: 3 }, flexShrink: 0 }}
        >
          {t('settings.admins.invite')}
        </Button>
      </Box>
      {isOneOfThem && (
        <Button color="error" sx={{ mt: 2 }} onClick={() => setLeaving(true)}>
          {t('settings.admins.leave')}
        </Button>
      )}
      <ConfirmDialog
        open={leaving}
        title={t('settings.admins.leave')}
        text={t(tipjar.admins.length <= 1 ? 'settings.admins.leaveLastText' : 'settings.admins.leaveText')}
        confirmLabel={t('settings.admins.leaveConfirm')}
        loading={leave.isPending}
        onClose={() => setLeaving(false)}
        onConfirm={onLeave}
      />
      <ConfirmDialog
        open={Boolean(toRemove)}
        title={t('common:confirm.title')}
        text={t('settings.admins.removeText', { email: toRemove ?? '' })}
        confirmLabel={t('common:actions.delete')}
        loading={remove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={async () => {
          if (!toRemove) return;
          setFailure(null);
          try {
            await remove.mutateAsync(toRemove);
            notifySuccess(t('common:toasts.adminRemoved'));
          } catch (error) {
            setFailure(
              t(isApiError(error) && error.status === 409 ? 'settings.admins.lastAdmin' : 'settings.admins.failed'),
            );
          } finally {
            setToRemove(null);
          }
        }}
      />
    </Paper>
  );
}
