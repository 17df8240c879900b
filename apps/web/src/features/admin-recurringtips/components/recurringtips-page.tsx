import type { RecurringTip } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailProps, listProps, type TableState } from '@/components/data-table';
import { Page } from '@/components/page';
import {
  DEFAULT_RECURRING_TIPS_TABLE_STATE,
  RecurringTipDetailDialog,
  RecurringTipsTable,
} from '@/components/recurring-tips-table';
import { useAdminRecurringTip, useAdminRecurringTips } from '@/features/admin-recurringtips/api/get-recurring-tips';

/** Admin 'Maandelijkse fooien': the monthly tips of every tip jar, newest first. */
export default function AdminRecurringtipsPage() {
  const { t } = useTranslation('recurringtips');
  const [state, setState] = useState<TableState>(DEFAULT_RECURRING_TIPS_TABLE_STATE);
  const query = useAdminRecurringTips(state);
  const [open, setOpen] = useState<RecurringTip | null>(null);
  const detail = useAdminRecurringTip(open?.id);
  return (
    <Page title={t('admin.title')}>
      <RecurringTipsTable
        label={t('admin.title')}
        {...listProps(query)}
        state={state}
        onState={setState}
        onOpen={setOpen}
        showTipjar
        showEmail
      />
      <RecurringTipDetailDialog {...detailProps(open, detail)} onClose={() => setOpen(null)} showTipjar />
    </Page>
  );
}
