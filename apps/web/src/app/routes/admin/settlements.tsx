import { Alert, Button } from '@mui/material';
import type { Settlement } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { listProps } from '@/components/data-table';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useAdminSettlement, useAdminSettlements } from '@/features/payouts/api/get-settlements';
import {
  DEFAULT_SETTLEMENTS_TABLE_STATE,
  SettlementDetailDialog,
  SettlementsIncompleteAlert,
  SettlementsTable,
  type SettlementsTableState,
} from '@/features/payouts/components/settlements-table';

/** Admin 'Uitbetalingen': the payouts of every registered tip jar, read live from the payment provider. */
export default function AdminSettlementsPage() {
  const { t } = useTranslation('settlements');
  const [state, setState] = useState<SettlementsTableState>(DEFAULT_SETTLEMENTS_TABLE_STATE);
  const query = useAdminSettlements(state);
  const [open, setOpen] = useState<Settlement | null>(null);
  const detail = useAdminSettlement(open);

  return (
    <Page title={t('admin.title')} subtitle={t('admin.intro')}>
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('loadError')}
        </Alert>
      )}
      <SettlementsIncompleteAlert incomplete={query.data?.metadata.incomplete} />
      <SettlementsTable
        label={t('admin.title')}
        {...listProps(query)}
        // The page says why loading failed (the provider), once.
        error={false}
        state={state}
        onState={setState}
        onOpen={setOpen}
        showTipjar
        empty={{
          text: t('admin.empty'),
          action: (
            <Button variant="outlined" component={LocaleRouterLink} to={routePath('adminTipjars')}>
              {t('admin.toTipjars')}
            </Button>
          ),
        }}
      />
      <SettlementDetailDialog
        open={Boolean(open)}
        // The list row carries the tip jar's name; the detail call adds the rows.
        settlement={open ? { ...open, ...detail.data, tipjarName: open.tipjarName } : undefined}
        loading={detail.isFetching}
        error={detail.isError}
        onClose={() => setOpen(null)}
      />
    </Page>
  );
}
