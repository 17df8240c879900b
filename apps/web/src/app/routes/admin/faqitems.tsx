import type { FaqItem } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveChip, AdminListPage, type Column, type TableState } from '@/components/admin-table';
import { routePath } from '@/config/paths';
import { useDeleteFaqitem, useFaqitems } from '@/features/faqitems/api/faqitems';
import { useLocale } from '@/lib/use-locale';

export default function FaqitemsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const locale = useLocale();
  const [state, setState] = useState<TableState>({ page: 1, itemsPerPage: 25, sortBy: 'priority', sortDesc: true });
  const query = useFaqitems(state);
  const remove = useDeleteFaqitem();
  const columns: Column<FaqItem>[] = [
    { key: 'question', label: t('faqitems.columns.question'), render: (f) => f.question[locale] },
    { key: 'priority', label: t('faqitems.columns.priority'), render: (f) => f.priority, sortable: true },
    { key: 'active', label: t('faqitems.columns.active'), render: (f) => <ActiveChip active={f.active} /> },
  ];
  return (
    <AdminListPage
      title={t('faqitems.title')}
      newPath={routePath('adminFaqitem', { faqitemid: 'new' })}
      newLabel={t('faqitems.new')}
      columns={columns}
      query={query}
      state={state}
      onState={setState}
      editPath={(f) => routePath('adminFaqitem', { faqitemid: f.id })}
      remove={remove}
      deleteText={() => t('faqitems.deleteText')}
      deletedMessage={t('common:toasts.faqItemDeleted')}
    />
  );
}
