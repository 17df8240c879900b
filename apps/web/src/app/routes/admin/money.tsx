import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listProps, type TableState } from '@/components/data-table';
import { Page } from '@/components/page';
import { useIncidents } from '@/features/money/api/get-incidents';
import { useMoneyCheck } from '@/features/money/api/get-money-check';
import { IncidentsTable } from '@/features/money/components/incidents-table';
import { MoneyCheckPanel } from '@/features/money/components/money-check-panel';
import { DEFAULT_INCIDENTS_TABLE_STATE, type IncidentOwnerTarget } from '@/features/money/rules';
import { useAdminRecurringTip } from '@/features/recurring-tips/api/get-recurring-tips';
import { RecurringTipDetailDialog } from '@/features/recurring-tips/components/recurring-tips-table';
import { useAdminTip } from '@/features/tips/api/get-tips';
import { useTipRefunds } from '@/features/tips/api/refunds';
import { TipDetailDialog } from '@/features/tips/components/tips-table';

/**
 * Admin 'Geldcontrole': the last run of the standing money check (docs/money-check.md) and the money
 * incidents, newest first; an incident's tip or monthly tip opens here, its tip jar on its own page.
 */
export default function AdminMoneyPage() {
  const { t } = useTranslation('money');
  const check = useMoneyCheck();
  const [state, setState] = useState<TableState>(DEFAULT_INCIDENTS_TABLE_STATE);
  const incidents = useIncidents(state);
  const [owner, setOwner] = useState<IncidentOwnerTarget | null>(null);
  const tipId = owner?.kind === 'tip' ? owner.id : undefined;
  const recurringTipId = owner?.kind === 'recurringTip' ? owner.id : undefined;
  const tip = useAdminTip(tipId);
  const refunds = useTipRefunds(tipId);
  const recurringTip = useAdminRecurringTip(recurringTipId);
  return (
    <Page title={t('admin.title')} subtitle={t('admin.intro')}>
      <MoneyCheckPanel run={check.data} loading={check.isFetching} error={check.isError} />
      <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
        {t('incidents.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('incidents.intro')}
      </Typography>
      <IncidentsTable
        label={t('incidents.title')}
        {...listProps(incidents)}
        state={state}
        onState={setState}
        empty={{ text: t('incidents.empty') }}
        onOpenOwner={setOwner}
      />
      <TipDetailDialog
        open={Boolean(tipId)}
        tip={tip.data}
        loading={tip.isFetching}
        error={tip.isError}
        refunds={refunds.data?.data}
        onClose={() => setOwner(null)}
      />
      <RecurringTipDetailDialog
        open={Boolean(recurringTipId)}
        tip={recurringTip.data}
        loading={recurringTip.isFetching}
        error={recurringTip.isError}
        showTipjar
        onClose={() => setOwner(null)}
      />
    </Page>
  );
}
