import { Alert, AlertTitle } from '@mui/material';
import type { Settlement } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { listProps } from '@/components/data-table';
import { LinkAlert } from '@/components/link-alert';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useTipjarSettlement, useTipjarSettlements } from '@/features/payouts/api/get-tipjar-settlements';
import {
  DEFAULT_SETTLEMENTS_TABLE_STATE,
  SettlementDetailDialog,
  SettlementsIncompleteAlert,
  SettlementsTable,
  type SettlementsTableState,
} from '@/features/payouts/components/settlements-table';

/** Backoffice 'Uitbetalingen': the payment provider's payouts to the maker, each with its specification. */
export default function BackofficeSettlementsPage() {
  const { t } = useTranslation('settlements');
  const tipjar = useBackofficeTipjar();
  const [state, setState] = useState<SettlementsTableState>(DEFAULT_SETTLEMENTS_TABLE_STATE);
  const query = useTipjarSettlements(tipjar.id, state);
  const [open, setOpen] = useState<Settlement | null>(null);
  const detail = useTipjarSettlement(tipjar.id, open?.id);
  // Nothing at all (not merely nothing matching the filter, nor nothing readable): payouts have not started yet.
  const isEmpty =
    query.isSuccess && query.data.metadata.count === 0 && !state.status && !query.data.metadata.incomplete;

  return (
    <Page title={t('backoffice.title')} subtitle={t('backoffice.intro')}>
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('loadError')}
        </Alert>
      )}
      <SettlementsIncompleteAlert incomplete={query.data?.metadata.incomplete} />
      {isEmpty ? (
        <LinkAlert
          severity="info"
          data-testid="settlements-empty"
          to={routePath('backofficeRegistration', { tipjarslug: tipjar.slug })}
          linkText={t('backoffice.toRegistration')}
        >
          <AlertTitle>{t('backoffice.emptyTitle')}</AlertTitle>
          {t('backoffice.empty')}
        </LinkAlert>
      ) : (
        <SettlementsTable
          label={t('backoffice.title')}
          {...listProps(query)}
          state={state}
          onState={setState}
          onOpen={setOpen}
        />
      )}
      <SettlementDetailDialog
        open={Boolean(open)}
        settlement={detail.data ?? open ?? undefined}
        loading={detail.isFetching}
        error={detail.isError}
        onClose={() => setOpen(null)}
      />
    </Page>
  );
}
