import { Chip } from '@mui/material';
import type { User } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, ArchivedChip, ArchivedFilter, type Column, withoutFilters } from '@/components/admin-table';
import { routePath } from '@/config/paths';
import { type UsersState, useUsers } from '@/features/users/api/users';
import { DeleteUserDialog } from '@/features/users/components/delete-user-dialog';
import { useFormat } from '@/lib/format';

/** /admin/users: every user, paged and searchable; the archived ones on request. */
export default function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [state, setState] = useState<UsersState>({ page: 1, itemsPerPage: 25, sortBy: 'created', sortDesc: true });
  const query = useUsers(state);
  const format = useFormat();

  const columns: Column<User>[] = [
    { key: 'name', label: t('users.columns.name'), render: (u) => `${u.profile.firstName} ${u.profile.lastName}` },
    { key: 'email', label: t('users.columns.email'), render: (u) => u.email, sortable: true },
    {
      key: 'role',
      label: t('users.columns.role'),
      render: (u) =>
        u.archivedAt ? (
          <ArchivedChip />
        ) : (
          <Chip size="small" color={u.role === 'ADMIN' ? 'secondary' : 'default'} label={t(`common:roles.${u.role}`)} />
        ),
    },
    {
      key: 'created',
      label: t('users.columns.created'),
      render: (u) => format.date(u.created),
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
      // The archived view narrows the list: empty, it offers to go back, not to make a new one.
      filtered={Boolean(state.search || state.archived)}
      clearFilters={withoutFilters(state)}
      filters={
        <ArchivedFilter
          checked={Boolean(state.archived)}
          onChange={(archived) => setState({ ...state, page: 1, archived })}
        />
      }
      editPath={(u) => routePath('adminUser', { userid: u.id })}
      deleteDialog={state.archived ? undefined : (user, onClose) => <DeleteUserDialog user={user} onClose={onClose} />}
    />
  );
}
