import { Chip, TextField } from '@mui/material';
import type { Tipjar } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, type Column, type TableState } from '@/components/admin-table';
import { AppLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Page } from '@/components/page';
import { useAdminTipjars, useDeleteAdminTipjar } from '@/features/admin-tipjars/api/tipjars';
import { TipjarStatusBadge } from '@/features/admin-tipjars/components/tipjar-status-badge';
import { notifySuccess } from '@/lib/notifications';

/** /admin/tipjars: every tip jar, paged (domain toListQuery), searchable, with status badges. */
export default function AdminTipjarsPage() {
  const { t } = useTranslation(['admin-tipjars', 'common']);
  const [state, setState] = useState<TableState>({ page: 1, itemsPerPage: 25, sortBy: 'created', sortDesc: true });
  const query = useAdminTipjars(state);
  const remove = useDeleteAdminTipjar();
  const [toDelete, setToDelete] = useState<Tipjar | null>(null);

  const columns: Column<Tipjar>[] = [
    { key: 'name', label: t('columns.name'), render: (j) => j.name, sortable: true },
    {
      key: 'slug',
      label: t('columns.slug'),
      render: (j) => (
        <AppLink color="inherit" to={`/backoffice/${j.slug}`}>
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
    <Page title={t('title')}>
      <TextField
        label={t('search')}
        type="search"
        size="small"
        sx={{ maxWidth: 360, mt: 0 }}
        value={state.search ?? ''}
        onChange={(event) => setState({ ...state, page: 1, search: event.target.value })}
      />
      <AdminTable
        label={t('title')}
        columns={columns}
        rows={query.data?.data ?? []}
        count={query.data?.metadata.count ?? 0}
        loading={query.isFetching}
        error={query.isError}
        state={state}
        onState={setState}
        editPath={(j) => `/admin/tipjars/${j.id}`}
        onDelete={setToDelete}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title={t('common:confirm.title')}
        text={t('deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common:actions.delete')}
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            notifySuccess(t('common:toasts.tipjarDeleted'));
          } finally {
            setToDelete(null);
          }
        }}
      />
    </Page>
  );
}
