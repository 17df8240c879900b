import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { listProps, type TableState } from '@/components/data-table';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useTipjarInvoices } from '@/features/invoices/api/get-tipjar-invoices';
import { DEFAULT_INVOICES_TABLE_STATE, InvoicesTable } from '@/features/invoices/components/invoices-table';

/** Backoffice 'Facturen': the platform's invoices to this tip jar. */
export default function BackofficeInvoicesPage() {
  const { t } = useTranslation('invoices');
  const tipjar = useBackofficeTipjar();
  const [state, setState] = useState<TableState>(DEFAULT_INVOICES_TABLE_STATE);
  const query = useTipjarInvoices(tipjar.id, state);
  return (
    <Page title={t('backoffice.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('backoffice.intro')}
      </Typography>
      <InvoicesTable
        label={t('backoffice.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        detailPath={(invoice) => routePath('backofficeInvoice', { tipjarslug: tipjar.slug, invoiceid: invoice.id })}
      />
    </Page>
  );
}
