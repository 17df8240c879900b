import { Alert, Button, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { LocaleRouterLink } from '@/components/app-link';
import { CsvDownloadButtons } from '@/components/csv-download-buttons';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { downloadTipjarInvoice, useTipjarInvoice } from '@/features/invoices/api/get-tipjar-invoices';
import { InvoiceDetails } from '@/features/invoices/components/invoices-table';

/** Backoffice: one invoice, with its PDF and settlement specification as downloads. */
export default function BackofficeInvoicePage() {
  const { invoiceid } = useParams();
  const { t } = useTranslation(['invoices', 'common']);
  const tipjar = useBackofficeTipjar();
  const query = useTipjarInvoice(tipjar.id, invoiceid);
  const invoice = query.data;
  return (
    <Page
      title={invoice ? invoice.number : t('backoffice.title')}
      actions={
        <Button component={LocaleRouterLink} to={routePath('backofficeInvoices', { tipjarslug: tipjar.slug })}>
          {t('actions.back')}
        </Button>
      }
    >
      {query.isPending && <LinearProgress aria-label={t('common:loading')} />}
      {query.isError && <Alert severity="error">{t('loadError')}</Alert>}
      {invoice && (
        <InvoiceDetails
          invoice={invoice}
          actions={
            <>
              <Button variant="contained" onClick={() => downloadTipjarInvoice(tipjar.id, invoice, 'pdf')}>
                {t('actions.downloadPdf')}
              </Button>
              {invoice.period && (
                <CsvDownloadButtons
                  label={t('actions.downloadSettlements')}
                  onDownload={(separator) => downloadTipjarInvoice(tipjar.id, invoice, 'settlements', separator)}
                />
              )}
            </>
          }
        />
      )}
    </Page>
  );
}
