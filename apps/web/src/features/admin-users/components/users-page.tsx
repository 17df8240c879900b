import { Button, Chip, TextField } from '@mui/material';
import type { User } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, type Column, type TableState } from '@/components/admin-table';
import { LocaleRouterLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Page } from '@/components/page';
import { useDeleteUser, useUsers } from '@/features/admin-users/api/users';
import { notifySuccess } from '@/lib/notifications';

export default function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [state, setState] = useState<TableState>({ page: 1, itemsPerPage: 25, sortBy: 'created', sortDesc: true });
  const query = useUsers(state);
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<User | null>(null);

  const columns: Column<User>[] = [
    { key: 'name', label: t('users.columns.name'), render: (u) => `${u.profile.firstName} ${u.profile.lastName}` },
    { key: 'email', label: t('users.columns.email'), render: (u) => u.email, sortable: true },
    {
      key: 'role',
      label: t('users.columns.role'),
      render: (u) => (
        <Chip size="small" color={u.role === 'ADMIN' ? 'secondary' : 'default'} label={t(`common:roles.${u.role}`)} />
      ),
    },
    {
      key: 'created',
      label: t('users.columns.created'),
      render: (u) => new Date(u.created).toLocaleDateString(),
      sortable: true,
    },
  ];

  return (
    <Page
      title={t('users.title')}
      actions={
        <Button component={LocaleRouterLink} to="/admin/users/new" variant="contained">
          {t('users.new')}
        </Button>
      }
    >
      <TextField
        label={t('users.search')}
        type="search"
        size="small"
        sx={{ maxWidth: 360, mt: 0 }}
        value={state.search ?? ''}
        onChange={(event) => setState({ ...state, page: 1, search: event.target.value })}
      />
      <AdminTable
        label={t('users.title')}
        columns={columns}
        rows={query.data?.data ?? []}
        count={query.data?.metadata.count ?? 0}
        loading={query.isFetching}
        error={query.isError}
        state={state}
        onState={setState}
        editPath={(u) => `/admin/users/${u.id}`}
        onDelete={setToDelete}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title={t('common:confirm.title')}
        text={t('users.deleteText', { name: toDelete?.email ?? '' })}
        confirmLabel={t('common:actions.delete')}
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            notifySuccess(t('common:toasts.userDeleted'));
          } finally {
            setToDelete(null);
          }
        }}
      />
    </Page>
  );
}
