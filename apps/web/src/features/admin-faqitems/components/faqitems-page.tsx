import { Button, Chip } from '@mui/material';
import type { FaqItem } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, type Column, type TableState } from '@/components/admin-table';
import { LocaleRouterLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Page } from '@/components/page';
import { useDeleteFaqitem, useFaqitems } from '@/features/admin-faqitems/api/faqitems';
import { notifySuccess } from '@/lib/notifications';
import { useLocale } from '@/lib/use-locale';

export default function FaqitemsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const locale = useLocale();
  const [state, setState] = useState<TableState>({ page: 1, itemsPerPage: 25, sortBy: 'priority', sortDesc: true });
  const query = useFaqitems(state);
  const remove = useDeleteFaqitem();
  const [toDelete, setToDelete] = useState<FaqItem | null>(null);
  const columns: Column<FaqItem>[] = [
    { key: 'question', label: t('faqitems.columns.question'), render: (f) => f.question[locale] },
    { key: 'priority', label: t('faqitems.columns.priority'), render: (f) => f.priority, sortable: true },
    {
      key: 'active',
      label: t('faqitems.columns.active'),
      render: (f) => (
        <Chip
          size="small"
          color={f.active ? 'success' : 'default'}
          label={t(f.active ? 'common:state.active' : 'common:state.inactive')}
        />
      ),
    },
  ];
  return (
    <Page
      title={t('faqitems.title')}
      actions={
        <Button component={LocaleRouterLink} to="/admin/faqitems/new" variant="contained">
          {t('faqitems.new')}
        </Button>
      }
    >
      <AdminTable
        label={t('faqitems.title')}
        columns={columns}
        rows={query.data?.data ?? []}
        count={query.data?.metadata.count ?? 0}
        loading={query.isFetching}
        error={query.isError}
        state={state}
        onState={setState}
        editPath={(f) => `/admin/faqitems/${f.id}`}
        onDelete={setToDelete}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title={t('common:confirm.title')}
        text={t('faqitems.deleteText')}
        confirmLabel={t('common:actions.delete')}
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            notifySuccess(t('common:toasts.faqItemDeleted'));
          } finally {
            setToDelete(null);
          }
        }}
      />
    </Page>
  );
}
