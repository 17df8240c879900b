import { Box, Button, TextField } from '@mui/material';
import { UpdatePasswordBodySchema } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/new-password-fields';
import { useUpdatePassword } from '@/features/account/api/update-profile';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';

const PasswordFormSchema = UpdatePasswordBodySchema.shape.data
  .extend({ repeat: UpdatePasswordBodySchema.shape.data.shape.newPassword })
  .refine((values) => values.newPassword === values.repeat, { message: 'passwordsDiffer', path: ['repeat'] });
type PasswordForm = { currentPassword: string; newPassword: string; repeat: string };

export function PasswordForm() {
  const { t } = useTranslation(['account', 'common']);
  const mutation = useUpdatePassword();
  const { user } = useAuth();
  const { form, field } = useDomainForm<PasswordForm>(
    PasswordFormSchema,
    { currentPassword: '', newPassword: '', repeat: '' },
    {
      newPassword: {
        name: 'newPassword',
        owner: () => ({ email: user?.email, firstName: user?.profile.firstName, lastName: user?.profile.lastName }),
      },
    },
  );
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await mutation.mutateAsync({ currentPassword, newPassword });
      notifySuccess(t('common:toasts.passwordUpdated'));
      form.reset();
    } catch (error) {
      if (isApiError(error) && error.code === 'WRONG_PASSWORD') {
        form.setError('currentPassword', { type: 'wrongPassword', message: JSON.stringify({ key: 'wrongPassword' }) });
      } else applyServerFieldErrors(form, error);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('password.title')}>
      <TextField
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        {...field('currentPassword')}
      />
      <NewPasswordFields
        label={t('fields.newPassword')}
        field={field('newPassword', { helperText: t('fields.passwordHint') })}
        repeat={{ label: t('fields.repeatPassword'), field: field('repeat') }}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={mutation.isPending}>
        {t('password.submit')}
      </Button>
    </Box>
  );
}
