import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { LocaleRouterLink } from '@/components/app-link';
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
    <Page title={t('backoffice.title')} subtitle={t('backoffice.intro')}>
      <InvoicesTable
        label={t('backoffice.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        detailPath={(invoice) => routePath('backofficeInvoice', { tipjarslug: tipjar.slug, invoiceid: invoice.id })}
        empty={{
          text: t('backoffice.empty'),
          action: (
            <Button
              variant="outlined"
              component={LocaleRouterLink}
              to={routePath('backofficeTips', { tipjarslug: tipjar.slug })}
            >
              {t('backoffice.toTips')}
            </Button>
          ),
        }}
      />
    </Page>
  );
}
