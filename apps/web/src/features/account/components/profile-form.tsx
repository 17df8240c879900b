import { Box, Button, TextField } from '@mui/material';
import { ProfileSchema, type User } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';

type ProfileForm = { firstName: string; lastName: string; phoneNumber: string };

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'common']);
  const mutation = useUpdateProfile();
  const { form, field } = useDomainForm<ProfileForm>(ProfileSchema, {
    firstName: user.profile.firstName,
    lastName: user.profile.lastName,
    phoneNumber: user.profile.phoneNumber ?? '',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({
        ...values,
        phoneNumber: values.phoneNumber || undefined,
        ...(user.address ? { address: user.address } : {}),
      });
      notifySuccess(t('common:toasts.profileUpdated'));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('profile.title')}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField label={t('fields.firstName')} autoComplete="given-name" required {...field('firstName')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" required {...field('lastName')} />
      </Box>
      <TextField
        label={t('fields.phoneNumber')}
        type="tel"
        autoComplete="tel"
        {...field('phoneNumber', { helperText: t('fields.phoneHint') })}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={mutation.isPending}>
        {t('common:actions.save')}
      </Button>
    </Box>
  );
}
