import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listProps } from '@/components/data-table';
import { Page } from '@/components/page';
import { useAudit } from '@/features/audit/api/get-audit';
import { AuditTable } from '@/features/audit/components/audit-table';
import { type AuditTableState, DEFAULT_AUDIT_TABLE_STATE } from '@/features/audit/rules';
import { useTipjarNames } from '@/features/tipjars/api/get-tipjar-names';

/** Admin 'Audit trail': every change to money-relevant things, newest first, with filters (decision 033). */
export default function AdminAuditPage() {
  const { t } = useTranslation('audit');
  const [state, setState] = useState<AuditTableState>(DEFAULT_AUDIT_TABLE_STATE);
  const query = useAudit(state);
  const tipjars = useTipjarNames().data;
  return (
    <Page title={t('admin.title')}>
      <Typography sx={{ mb: 2 }}>{t('admin.intro')}</Typography>
      <AuditTable
        label={t('admin.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        tipjars={tipjars ?? new Map()}
        empty={{ text: t('admin.empty') }}
      />
    </Page>
  );
}
