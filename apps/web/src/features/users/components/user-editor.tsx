import { Alert, Box, Button, MenuItem, Paper, TextField } from '@mui/material';
import { CreateUserBodySchema, UpdateUserBodySchema, type User } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useSaveUser } from '@/features/users/api/users';
import { DeleteUserDialog } from '@/features/users/components/delete-user-dialog';
import { PasswordResetLink } from '@/features/users/components/password-reset-link';
import { TwoStepReset } from '@/features/users/components/two-step-reset';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';
import { useLocale, useLocalePath } from '@/lib/use-locale';

// Editing sets no password (the API refuses one): the page sends a reset link instead (issue 33).
const EditUserSchema = UpdateUserBodySchema.shape.data.omit({ password: true });

type UserForm = {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  role: 'ADMIN' | 'USER';
  locale: 'en' | 'nl';
};

export function UserEditor({ user }: { user: User | undefined }) {
  const { t } = useTranslation(['admin', 'common']);
  const locale = useLocale();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const save = useSaveUser(user?.id);
  const [confirming, setConfirming] = useState(false);
  // An archived user is kept for the records only: shown, never changed (docs/money-rules.md §9).
  const archived = Boolean(user?.archivedAt);
  const { form, field } = useDomainForm<UserForm>(
    user ? EditUserSchema : CreateUserBodySchema.shape.data,
    {
      email: user?.email ?? '',
      firstName: user?.profile.firstName ?? '',
      lastName: user?.profile.lastName ?? '',
      password: '',
      role: user?.role ?? 'USER',
      locale: user?.locale ?? 'nl',
    },
    { newPassword: { name: 'password', owner: (values) => values } },
  );

  const onSubmit = form.handleSubmit(async (values) => {
    const { password, ...profile } = values;
    const data = user ? profile : values;
    try {
      await save.mutateAsync(data as never);
      notifySuccess(t(user ? 'common:toasts.userUpdated' : 'common:toasts.userCreated'));
      navigate(localePath(routePath('adminUsers')));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  });

  return (
    <Page
      title={t(user ? 'users.editTitle' : 'users.newTitle')}
      actions={
        user &&
        !archived && (
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('common:actions.delete')}
          </Button>
        )
      }
    >
      {user?.archivedAt && (
        <Alert severity="info" sx={{ mb: 3, maxWidth: 640 }}>
          {t('users.deletion.archived', { date: formatDate(user.archivedAt, locale) })}
        </Alert>
      )}
      <Paper sx={{ p: 3, maxWidth: 640 }}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t(user ? 'users.editTitle' : 'users.newTitle')}
        >
          <TextField label={t('users.fields.email')} type="email" required {...field('email')} />
          <Box sx={{ display: 'flex', gap: 2 }}>
            <TextField label={t('users.fields.firstName')} required {...field('firstName')} />
            <TextField label={t('users.fields.lastName')} required {...field('lastName')} />
          </Box>
          {!user && <NewPasswordFields label={t('users.fields.password')} field={field('password')} />}
          <Box sx={{ display: 'flex', gap: 2 }}>
            <TextField select label={t('users.fields.role')} defaultValue={form.getValues('role')} {...field('role')}>
              <MenuItem value="USER">{t('common:roles.USER')}</MenuItem>
              <MenuItem value="ADMIN">{t('common:roles.ADMIN')}</MenuItem>
            </TextField>
            <TextField
              select
              label={t('users.fields.locale')}
              defaultValue={form.getValues('locale')}
              {...field('locale')}
            >
              <MenuItem value="en">{t('common:language.en')}</MenuItem>
              <MenuItem value="nl">{t('common:language.nl')}</MenuItem>
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button type="submit" variant="contained" disabled={save.isPending || archived}>
              {t(user ? 'common:actions.save' : 'common:actions.create')}
            </Button>
            <Button onClick={() => navigate(localePath(routePath('adminUsers')))}>{t('common:actions.cancel')}</Button>
          </Box>
        </Box>
      </Paper>
      {user && <PasswordResetLink user={user} />}
      {user && <TwoStepReset user={user} />}
      <DeleteUserDialog
        user={confirming && user ? user : null}
        onClose={() => setConfirming(false)}
        onDone={() => navigate(localePath(routePath('adminUsers')))}
      />
    </Page>
  );
}
