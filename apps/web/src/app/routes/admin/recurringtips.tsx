import type { RecurringTip } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detailProps, listProps, type TableState } from '@/components/data-table';
import { Page } from '@/components/page';
import { useAdminRecurringTip, useAdminRecurringTips } from '@/features/recurring-tips/api/get-recurring-tips';
import {
  DEFAULT_RECURRING_TIPS_TABLE_STATE,
  RecurringTipDetailDialog,
  RecurringTipsTable,
} from '@/features/recurring-tips/components/recurring-tips-table';

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
        empty={{ text: t('admin.empty') }}
      />
      <RecurringTipDetailDialog {...detailProps(open, detail)} onClose={() => setOpen(null)} showTipjar />
    </Page>
  );
}
