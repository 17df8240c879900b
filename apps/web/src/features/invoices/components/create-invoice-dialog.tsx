import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath } from '@/config/paths';
import { useCreateInvoice } from '@/features/invoices/api/invoices';
import { isApiError } from '@/lib/api-client';
import { validationMessage } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

/**
 * A platform admin makes one tip jar's platform-fee invoice of a month (the batch makes them for all
 * tip jars at once): 'Factuur gemaakt', then the new invoice opens.
 */
export function CreateInvoiceDialog({
  open,
  onClose,
  defaultPeriod,
  tipjarNames,
}: {
  open: boolean;
  onClose: () => void;
  defaultPeriod: string;
  /** Tip jar id → name (the page has them). */
  tipjarNames: Map<string, string> | undefined;
}) {
  const { t } = useTranslation(['invoices', 'common']);
  const { t: tv } = useTranslation('validation');
  const create = useCreateInvoice();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [tipjarId, setTipjarId] = useState('');
  const [period, setPeriod] = useState(defaultPeriod);
  const [error, setError] = useState<string | null>(null);
  const tipjars = [...(tipjarNames ?? new Map<string, string>()).entries()].sort(([, a], [, b]) => a.localeCompare(b));

  const onCreate = async () => {
    setError(null);
    try {
      const invoice = await create.mutateAsync({ tipjarId, period });
      notifySuccess(t('common:toasts.invoiceCreated'));
      onClose();
      navigate(localePath(routePath('adminInvoice', { invoiceid: invoice.id })));
    } catch (e) {
      // A month still running is refused on the period (issue 34.7): say why, in the reader's language.
      const periodError = isApiError(e) ? e.fields?.['data.period'] : undefined;
      if (periodError) setError(validationMessage(tv, periodError));
      else setError(isApiError(e) && e.status === 409 ? t('create.exists') : t('create.failed'));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="create-invoice-title">
      <DialogTitle id="create-invoice-title">{t('create.title')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          label={t('columns.tipjar')}
          value={tipjarId}
          onChange={(event) => setTipjarId(event.target.value)}
        >
          {tipjars.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="month"
          label={t('batch.period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={onCreate} disabled={!tipjarId || !period || create.isPending}>
          {t('common:actions.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
