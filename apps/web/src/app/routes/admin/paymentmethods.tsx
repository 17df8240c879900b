import type { PaymentMethod } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveChip, AdminListPage, type Column, type TableState } from '@/components/admin-table';
import { routePath } from '@/config/paths';
import { useDeletePaymentmethod, usePaymentmethods } from '@/features/paymentmethods/api/paymentmethods';

export default function PaymentmethodsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [state, setState] = useState<TableState>({ page: 1, itemsPerPage: 25, sortBy: 'priority', sortDesc: true });
  const query = usePaymentmethods(state);
  const remove = useDeletePaymentmethod();
  const columns: Column<PaymentMethod>[] = [
    { key: 'name', label: t('paymentmethods.columns.name'), render: (m) => m.name, sortable: true },
    { key: 'type', label: t('paymentmethods.columns.type'), render: (m) => t(`paymentmethods.types.${m.type}`) },
    { key: 'priority', label: t('paymentmethods.columns.priority'), render: (m) => m.priority, sortable: true },
    { key: 'issuers', label: t('paymentmethods.columns.issuers'), render: (m) => m.paymentissuers.length },
    { key: 'active', label: t('paymentmethods.columns.active'), render: (m) => <ActiveChip active={m.active} /> },
  ];
  return (
    <AdminListPage
      title={t('paymentmethods.title')}
      newPath={routePath('adminPaymentmethod', { paymentmethodid: 'new' })}
      newLabel={t('paymentmethods.new')}
      columns={columns}
      query={query}
      state={state}
      onState={setState}
      editPath={(m) => routePath('adminPaymentmethod', { paymentmethodid: m.id })}
      remove={remove}
      deleteText={(m) => t('paymentmethods.deleteText', { name: m?.name ?? '' })}
      deletedMessage={t('common:toasts.paymentMethodDeleted')}
    />
  );
}
