import { Chip } from '@mui/material';
import type { Tipjar } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, type Column, type TableState } from '@/components/admin-table';
import { AppLink } from '@/components/app-link';
import { routePath } from '@/config/paths';
import { useAdminTipjars, useDeleteAdminTipjar } from '@/features/tipjars/api/tipjars';
import { TipjarStatusBadge } from '@/features/tipjars/components/tipjar-status-badge';

/** /admin/tipjars: every tip jar, paged (domain toListQuery), searchable, with status badges. */
export default function AdminTipjarsPage() {
  const { t } = useTranslation(['admin-tipjars', 'common']);
  const [state, setState] = useState<TableState>({ page: 1, itemsPerPage: 25, sortBy: 'created', sortDesc: true });
  const query = useAdminTipjars(state);
  const remove = useDeleteAdminTipjar();

  const columns: Column<Tipjar>[] = [
    { key: 'name', label: t('columns.name'), render: (j) => j.name, sortable: true },
    {
      key: 'slug',
      label: t('columns.slug'),
      render: (j) => (
        <AppLink color="inherit" to={routePath('backofficeDashboard', { tipjarslug: j.slug })}>
          {j.slug}
        </AppLink>
      ),
      sortable: true,
    },
    {
      key: 'status',
      label: t('columns.status'),
      render: (j) => <TipjarStatusBadge status={j.status} />,
      sortable: true,
    },
    {
      key: 'type',
      label: t('columns.type'),
      render: (j) => <Chip size="small" variant="outlined" label={t(`types.${j.type}`)} />,
      sortable: true,
    },
    { key: 'email', label: t('columns.email'), render: (j) => j.email },
    {
      key: 'created',
      label: t('columns.created'),
      render: (j) => new Date(j.created).toLocaleDateString(),
      sortable: true,
    },
  ];

  return (
    <AdminListPage
      title={t('title')}
      searchLabel={t('search')}
      columns={columns}
      query={query}
      state={state}
      onState={setState}
      editPath={(j) => routePath('adminTipjar', { tipjarid: j.id })}
      remove={remove}
      deleteText={(j) => t('deleteText', { name: j?.name ?? '' })}
      deletedMessage={t('common:toasts.tipjarDeleted')}
    />
  );
}
