import { Chip } from '@mui/material';
import type { User } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, type Column, type TableState } from '@/components/admin-table';
import { routePath } from '@/config/paths';
import { useDeleteUser, useUsers } from '@/features/users/api/users';

export default function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [state, setState] = useState<TableState>({ page: 1, itemsPerPage: 25, sortBy: 'created', sortDesc: true });
  const query = useUsers(state);
  const remove = useDeleteUser();

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
    <AdminListPage
      title={t('users.title')}
      newPath={routePath('adminUser', { userid: 'new' })}
      newLabel={t('users.new')}
      searchLabel={t('users.search')}
      columns={columns}
      query={query}
      state={state}
      onState={setState}
      editPath={(u) => routePath('adminUser', { userid: u.id })}
      remove={remove}
      deleteText={(u) => t('users.deleteText', { name: u?.email ?? '' })}
      deletedMessage={t('common:toasts.userDeleted')}
    />
  );
}
