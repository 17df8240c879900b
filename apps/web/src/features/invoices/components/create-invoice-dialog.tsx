import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemText,
  MenuItem,
  TextField,
} from '@mui/material';
import type { TipjarStatus } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath } from '@/config/paths';
import { useCreateInvoice } from '@/features/invoices/api/invoices';
import { isApiError } from '@/lib/api-client';
import { validationMessage } from '@/lib/form';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

/** A tip jar in the picker: two of one name are told apart by slug and status (issue 39.8). */
export interface InvoiceTipjarChoice {
  id: string;
  name: string;
  slug: string;
  status: TipjarStatus;
}

/** The chosen tip jar in the closed picker: 'De Koffiepod (/de-koffiepod)'. */
const choiceText = (tipjar: InvoiceTipjarChoice | undefined) => (tipjar ? `${tipjar.name} (/${tipjar.slug})` : '');

/** The API's reason for refusing the invoice, on the field it names (month, or the amount). */
const REFUSED_FIELDS = ['data.period', 'data.lines'] as const;

/**
 * A platform admin makes one tip jar's platform-fee invoice of a finished month (the batch makes
 * them for all tip jars at once): 'Factuur gemaakt', then the new invoice opens. A month still
 * running or without fees (€0.00) is refused by the API; its reason is shown here.
 */
export function CreateInvoiceDialog({
  open,
  onClose,
  defaultPeriod,
  tipjars = [],
}: {
  open: boolean;
  onClose: () => void;
  /** The month proposed, and the last one that may be picked (the previous month). */
  defaultPeriod: string;
  /** Sorted by name (the page has them). */
  tipjars: InvoiceTipjarChoice[] | undefined;
}) {
  const { t } = useTranslation(['invoices', 'common']);
  const { t: tv } = useTranslation('validation');
  const create = useCreateInvoice();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [tipjarId, setTipjarId] = useState('');
  const [period, setPeriod] = useState(defaultPeriod);
  const [error, setError] = useState<string | null>(null);

  const onCreate = async () => {
    setError(null);
    try {
      const invoice = await create.mutateAsync({ tipjarId, period });
      notifySuccess(t('common:toasts.invoiceCreated'));
      onClose();
      navigate(localePath(routePath('adminInvoice', { invoiceid: invoice.id })));
    } catch (e) {
      // A month still running (issue 34.7) or one without fees (issue 39.8) is refused on a field: say
      // why, in the reader's language.
      const fields = isApiError(e) ? e.fields : undefined;
      const refused = REFUSED_FIELDS.map((field) => fields?.[field]).find(Boolean);
      if (refused) setError(validationMessage(tv, refused));
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
          slotProps={{ select: { renderValue: (id) => choiceText(tipjars.find((tipjar) => tipjar.id === id)) } }}
        >
          {tipjars.map((tipjar) => (
            <MenuItem key={tipjar.id} value={tipjar.id}>
              <ListItemText
                primary={tipjar.name}
                secondary={`/${tipjar.slug} · ${t(`common:tipjarStatus.${tipjar.status}`)}`}
                sx={{ my: 0 }}
              />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="month"
          label={t('batch.period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: defaultPeriod } }}
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
