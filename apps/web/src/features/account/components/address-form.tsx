import { Box, Button, TextField } from '@mui/material';
import { type Address, AddressSchema, type User } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';

export function AddressForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'common']);
  const mutation = useUpdateProfile();
  const address = user.address;
  const { form, field } = useDomainForm<Address>(AddressSchema, {
    street: address?.street ?? '',
    houseNumber: address?.houseNumber ?? '',
    postalCode: address?.postalCode ?? '',
    city: address?.city ?? '',
    country: address?.country ?? 'NL',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({
        firstName: user.profile.firstName,
        lastName: user.profile.lastName,
        phoneNumber: user.profile.phoneNumber || undefined,
        address: values,
      });
      notifySuccess(t('common:toasts.profileUpdated'));
    } catch (error) {
      applyServerFieldErrors(form, error, 'data.address.');
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('address.title')}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField label={t('fields.street')} autoComplete="address-line1" {...field('street')} />
        <TextField label={t('fields.houseNumber')} sx={{ maxWidth: { sm: 160 } }} {...field('houseNumber')} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label={t('fields.postalCode')}
          autoComplete="postal-code"
          sx={{ maxWidth: { sm: 200 } }}
          {...field('postalCode')}
        />
        <TextField label={t('fields.city')} autoComplete="address-level2" {...field('city')} />
        <TextField
          label={t('fields.country')}
          autoComplete="country"
          sx={{ maxWidth: { sm: 140 } }}
          slotProps={{ htmlInput: { maxLength: 2 } }}
          {...field('country', { helperText: t('fields.countryHint') })}
        />
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={mutation.isPending}>
        {t('common:actions.save')}
      </Button>
    </Box>
  );
}
