import SyncIcon from '@mui/icons-material/Sync';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { type PaymentMethod, PaymentMethodDataSchema } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import {
  type PaymentMethodData,
  useSavePaymentmethod,
  useSyncIssuers,
} from '@/features/paymentmethods/api/paymentmethods';
import { applyServerFieldErrors, useDomainForm } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

export function PaymentmethodEditor({ method }: { method: PaymentMethod | undefined }) {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const save = useSavePaymentmethod(method?.id);
  const { form, field } = useDomainForm<PaymentMethodData>(PaymentMethodDataSchema, {
    name: method?.name ?? '',
    type: method?.type ?? 'ideal',
    active: method?.active ?? true,
    priority: method?.priority ?? 0,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess(t(method ? 'common:toasts.paymentMethodUpdated' : 'common:toasts.paymentMethodCreated'));
      navigate(localePath(routePath('adminPaymentmethods')));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  });
  return (
    <Page
      title={t(method ? 'paymentmethods.editTitle' : 'paymentmethods.newTitle')}
      actions={method && <SyncButton id={method.id} />}
    >
      <Paper sx={{ p: 3, maxWidth: 640, mb: 3 }}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t(method ? 'paymentmethods.editTitle' : 'paymentmethods.newTitle')}
        >
          <TextField label={t('paymentmethods.fields.name')} required {...field('name')} />
          <TextField
            select
            label={t('paymentmethods.fields.type')}
            defaultValue={form.getValues('type')}
            {...field('type')}
          >
            <MenuItem value="ideal">{t('paymentmethods.types.ideal')}</MenuItem>
            <MenuItem value="bcmc">{t('paymentmethods.types.bcmc')}</MenuItem>
          </TextField>
          <TextField
            label={t('paymentmethods.fields.priority')}
            type="number"
            sx={{ maxWidth: 240 }}
            {...field('priority', { number: true })}
          />
          <FormControlLabel
            control={<Checkbox defaultChecked={form.getValues('active')} {...form.register('active')} />}
            label={t('paymentmethods.fields.active')}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t(method ? 'common:actions.save' : 'common:actions.create')}
            </Button>
            <Button onClick={() => navigate(localePath(routePath('adminPaymentmethods')))}>
              {t('common:actions.cancel')}
            </Button>
          </Box>
        </Box>
      </Paper>
      {method && (
        <Paper component="section" aria-labelledby="issuers-title" sx={{ p: 3, maxWidth: 640 }}>
          <Typography id="issuers-title" variant="h2" sx={{ fontSize: '1.3rem' }}>
            {t('paymentmethods.issuersTitle')}
          </Typography>
          {method.paymentissuers.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{t('paymentmethods.noIssuers')}</Typography>
          ) : (
            <List dense>
              {method.paymentissuers.map((issuer) => (
                <ListItem key={issuer.bic} disableGutters>
                  <ListItemText primary={issuer.name} secondary={issuer.bic} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Page>
  );
}

function SyncButton({ id }: { id: string }) {
  const { t } = useTranslation(['admin', 'common']);
  const sync = useSyncIssuers(id);
  return (
    <Button
      variant="outlined"
      startIcon={<SyncIcon />}
      disabled={sync.isPending}
      onClick={() => sync.mutate(undefined, { onSuccess: () => notifySuccess(t('common:toasts.issuersSynced')) })}
    >
      {t('paymentmethods.sync')}
    </Button>
  );
}
