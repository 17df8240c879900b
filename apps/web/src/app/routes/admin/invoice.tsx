import { Alert, Button, LinearProgress } from '@mui/material';
import type { Invoice } from '@podpot/domain';
import { canTransitionInvoice, formatCents } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LocaleRouterLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { downloadInvoice } from '@/features/invoices/api/download-invoice';
import { useDeleteInvoice, useInvoice, useSendInvoice, useUpdateInvoiceStatus } from '@/features/invoices/api/invoices';
import { InvoiceDetails } from '@/features/invoices/components/invoices-table';
import { notifySuccess } from '@/lib/notifications';
import { useLocale, useLocalePath } from '@/lib/use-locale';

/** Admin: one invoice with its actions (send, mark paid, void, delete draft, downloads). */
export default function AdminInvoicePage() {
  const { invoiceid } = useParams();
  const { t } = useTranslation(['invoices', 'common']);
  const query = useInvoice(invoiceid);
  return (
    <Page
      title={query.data ? query.data.number : t('admin.title')}
      actions={
        <Button component={LocaleRouterLink} to={routePath('adminInvoices')}>
          {t('actions.back')}
        </Button>
      }
    >
      {query.isPending && <LinearProgress aria-label={t('common:loading')} />}
      {query.isError && <Alert severity="error">{t('loadError')}</Alert>}
      {query.data && <InvoiceActions invoice={query.data} />}
    </Page>
  );
}

function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(['invoices', 'common']);
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const send = useSendInvoice();
  const update = useUpdateInvoiceStatus();
  const remove = useDeleteInvoice();
  const locale = useLocale();
  const [confirm, setConfirm] = useState<'send' | 'delete' | 'void' | null>(null);
  const busy = send.isPending || update.isPending || remove.isPending;

  // Sending mails the invoice at once and cannot be taken back: confirmed first, naming to whom.
  const onSend = async () => {
    try {
      await send.mutateAsync(invoice.id);
      notifySuccess(t('common:toasts.invoiceSent'));
    } catch {
      // Shown by the API client's error handler.
    }
    setConfirm(null);
  };
  // A refused move (409) is shown by the API client's error handler; the dialog just closes.
  const onStatus = async (status: 'paid' | 'void') => {
    try {
      await update.mutateAsync({ id: invoice.id, status });
      notifySuccess(t('common:toasts.invoiceUpdated'));
    } catch {
      // Already shown.
    }
    setConfirm(null);
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync(invoice.id);
      notifySuccess(t('common:toasts.invoiceDeleted'));
      navigate(localePath(routePath('adminInvoices')));
    } catch {
      setConfirm(null);
    }
  };

  return (
    <>
      <InvoiceDetails
        invoice={invoice}
        actions={
          <>
            {canTransitionInvoice(invoice.status, 'sent') && (
              <Button variant="contained" onClick={() => setConfirm('send')} disabled={busy}>
                {t('actions.send')}
              </Button>
            )}
            {canTransitionInvoice(invoice.status, 'paid') && (
              <Button variant="contained" color="success" onClick={() => onStatus('paid')} disabled={busy}>
                {t('actions.markPaid')}
              </Button>
            )}
            {canTransitionInvoice(invoice.status, 'void') && (
              <Button color="warning" onClick={() => setConfirm('void')} disabled={busy}>
                {t('actions.void')}
              </Button>
            )}
            {invoice.status === 'draft' && (
              <Button color="error" onClick={() => setConfirm('delete')} disabled={busy}>
                {t('actions.delete')}
              </Button>
            )}
            <Button onClick={() => downloadInvoice(invoice, 'pdf')}>{t('actions.downloadPdf')}</Button>
            {invoice.period && (
              <Button onClick={() => downloadInvoice(invoice, 'settlements')}>
                {t('actions.downloadSettlements')}
              </Button>
            )}
          </>
        }
      />
      <ConfirmDialog
        open={confirm === 'send'}
        title={t('confirm.sendTitle', { number: invoice.number })}
        text={t('confirm.sendText', {
          number: invoice.number,
          total: formatCents(invoice.totalInclVat, locale),
          email: invoice.recipientEmail ?? t('confirm.contactAddress'),
        })}
        confirmLabel={t('actions.send')}
        loading={busy}
        onConfirm={onSend}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('confirm.deleteTitle', { number: invoice.number })}
        text={t('confirm.deleteText')}
        confirmLabel={t('actions.delete')}
        loading={busy}
        onConfirm={onDelete}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'void'}
        title={t('confirm.voidTitle', { number: invoice.number })}
        text={t('confirm.voidText')}
        confirmLabel={t('actions.void')}
        loading={busy}
        onConfirm={() => onStatus('void')}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
