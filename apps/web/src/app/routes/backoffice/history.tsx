import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackofficeTipjar } from '@/app/routes/backoffice/use-backoffice-tipjar';
import { listProps } from '@/components/data-table';
import { Page } from '@/components/page';
import { useTipjarAudit } from '@/features/audit/api/get-audit';
import { AuditTable } from '@/features/audit/components/audit-table';
import { type AuditTableState, DEFAULT_AUDIT_TABLE_STATE } from '@/features/audit/rules';

/** Backoffice 'Geschiedenis': the tip jar's own audit trail — who changed its money matters, and what. */
export default function BackofficeHistoryPage() {
  const { t } = useTranslation('audit');
  const tipjar = useBackofficeTipjar();
  const [state, setState] = useState<AuditTableState>(DEFAULT_AUDIT_TABLE_STATE);
  const query = useTipjarAudit(tipjar.id, state);
  return (
    <Page title={t('history.title')}>
      <Typography sx={{ mb: 2 }}>{t('history.intro')}</Typography>
      <AuditTable
        label={t('history.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        empty={{ text: t('history.empty') }}
      />
    </Page>
  );
}
