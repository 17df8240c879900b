import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { listProps, type TableState } from '@/components/data-table';
import { ListToolbar } from '@/components/list-toolbar';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useBatchCreateInvoices, useBatchSendInvoices, useInvoices } from '@/features/invoices/api/invoices';
import { CreateInvoiceDialog } from '@/features/invoices/components/create-invoice-dialog';
import { DEFAULT_INVOICES_TABLE_STATE, InvoicesTable } from '@/features/invoices/components/invoices-table';
import { useTipjarChoices } from '@/features/tipjars/api/get-tipjar-names';
import { notifySuccess } from '@/lib/notifications';

/** The previous calendar month, 'YYYY-MM': the month batch create usually invoices. */
function previousMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** Admin 'Facturen': every invoice; batch create a month's drafts and batch send them. */
export default function AdminInvoicesPage() {
  const { t } = useTranslation(['invoices', 'common']);
  const [state, setState] = useState<TableState>(DEFAULT_INVOICES_TABLE_STATE);
  const query = useInvoices(state);
  const [period, setPeriod] = useState(previousMonth);
  const [confirmSend, setConfirmSend] = useState(false);
  const [creating, setCreating] = useState(false);
  const tipjarChoices = useTipjarChoices();
  const batchCreate = useBatchCreateInvoices();
  const batchSend = useBatchSendInvoices();

  const onBatchCreate = async () => {
    await batchCreate.mutateAsync(period);
    notifySuccess(t('common:toasts.invoicesBatchCreated'));
  };
  const onBatchSend = async () => {
    await batchSend.mutateAsync(undefined);
    setConfirmSend(false);
    notifySuccess(t('common:toasts.invoicesBatchSent'));
  };

  const newInvoice = (
    <Button variant="contained" onClick={() => setCreating(true)}>
      {t('create.action')}
    </Button>
  );
  return (
    <Page title={t('admin.title')} actions={newInvoice}>
      <InvoicesTable
        label={t('admin.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        showTipjar
        detailPath={(invoice) => routePath('adminInvoice', { invoiceid: invoice.id })}
        empty={{ text: t('admin.empty'), action: newInvoice }}
        toolbar={
          <ListToolbar state={state} onState={setState} searchLabel={t('admin.search')}>
            <TextField
              type="month"
              size="small"
              margin="none"
              fullWidth={false}
              label={t('batch.period')}
              value={period}
              onChange={(event) => setPeriod(event.target.value)}
              // Batches take finished months only (the API refuses others).
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: previousMonth() } }}
            />
            <Button variant="contained" onClick={onBatchCreate} disabled={!period || batchCreate.isPending}>
              {t('actions.batchCreate')}
            </Button>
            <Button variant="outlined" onClick={() => setConfirmSend(true)} disabled={batchSend.isPending}>
              {t('actions.batchSend')}
            </Button>
          </ListToolbar>
        }
      />
      <CreateInvoiceDialog
        open={creating}
        onClose={() => setCreating(false)}
        defaultPeriod={previousMonth()}
        tipjars={tipjarChoices.data}
      />
      <ConfirmDialog
        open={confirmSend}
        title={t('confirm.batchSendTitle')}
        text={t('confirm.batchSendText')}
        confirmLabel={t('actions.batchSend')}
        loading={batchSend.isPending}
        onConfirm={onBatchSend}
        onClose={() => setConfirmSend(false)}
      />
    </Page>
  );
}
