import { Button, Chip } from '@mui/material';
import type { PaymentMethod } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, type Column, type TableState } from '@/components/admin-table';
import { LocaleRouterLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Page } from '@/components/page';
import { useDeletePaymentmethod, usePaymentmethods } from '@/features/admin-paymentmethods/api/paymentmethods';
import { notifySuccess } from '@/lib/notifications';

export default function PaymentmethodsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [state, setState] = useState<TableState>({ page: 1, itemsPerPage: 25, sortBy: 'priority', sortDesc: true });
  const query = usePaymentmethods(state);
  const remove = useDeletePaymentmethod();
  const [toDelete, setToDelete] = useState<PaymentMethod | null>(null);
  const columns: Column<PaymentMethod>[] = [
    { key: 'name', label: t('paymentmethods.columns.name'), render: (m) => m.name, sortable: true },
    { key: 'type', label: t('paymentmethods.columns.type'), render: (m) => t(`paymentmethods.types.${m.type}`) },
    { key: 'priority', label: t('paymentmethods.columns.priority'), render: (m) => m.priority, sortable: true },
    { key: 'issuers', label: t('paymentmethods.columns.issuers'), render: (m) => m.paymentissuers.length },
    {
      key: 'active',
      label: t('paymentmethods.columns.active'),
      render: (m) => (
        <Chip
          size="small"
          color={m.active ? 'success' : 'default'}
          label={t(m.active ? 'common:state.active' : 'common:state.inactive')}
        />
      ),
    },
  ];
  return (
    <Page
      title={t('paymentmethods.title')}
      actions={
        <Button component={LocaleRouterLink} to="/admin/paymentmethods/new" variant="contained">
          {t('paymentmethods.new')}
        </Button>
      }
    >
      <AdminTable
        label={t('paymentmethods.title')}
        columns={columns}
        rows={query.data?.data ?? []}
        count={query.data?.metadata.count ?? 0}
        loading={query.isFetching}
        error={query.isError}
        state={state}
        onState={setState}
        editPath={(m) => `/admin/paymentmethods/${m.id}`}
        onDelete={setToDelete}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title={t('common:confirm.title')}
        text={t('paymentmethods.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common:actions.delete')}
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            notifySuccess(t('common:toasts.paymentMethodDeleted'));
          } finally {
            setToDelete(null);
          }
        }}
      />
    </Page>
  );
}
