import { Chip } from '@mui/material';
import type { Tipjar } from '@podpot/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, ArchivedChip, ArchivedFilter, type Column, withoutFilters } from '@/components/admin-table';
import { AppLink } from '@/components/app-link';
import { routePath } from '@/config/paths';
import { type AdminTipjarsState, useAdminTipjars } from '@/features/tipjars/api/tipjars';
import { DeleteTipjarDialog } from '@/features/tipjars/components/delete-tipjar-dialog';
import { TipjarStatusBadge } from '@/features/tipjars/components/tipjar-status-badge';
import { useFormat } from '@/lib/format';

/**
 * /admin/tipjars: every tip jar, paged (domain toListQuery), searchable, with status badges; the
 * archived ones on request. Deleting says first whether the tip jar will be deleted or archived.
 */
export default function AdminTipjarsPage() {
  const { t } = useTranslation(['admin-tipjars', 'common']);
  const [state, setState] = useState<AdminTipjarsState>({
    page: 1,
    itemsPerPage: 25,
    sortBy: 'created',
    sortDesc: true,
  });
  const query = useAdminTipjars(state);
  const format = useFormat();

  const columns: Column<Tipjar>[] = [
    { key: 'name', label: t('columns.name'), render: (j) => j.name, sortable: true, truncate: 200 },
    {
      key: 'slug',
      label: t('columns.slug'),
      render: (j) => (
        <AppLink color="inherit" to={routePath('backofficeDashboard', { tipjarslug: j.slug })}>
          {j.slug}
        </AppLink>
      ),
      sortable: true,
      truncate: 180,
      hideBelow: 'sm',
    },
    {
      key: 'status',
      label: t('columns.status'),
      render: (j) => (j.archivedAt ? <ArchivedChip /> : <TipjarStatusBadge status={j.status} />),
      sortable: true,
    },
    {
      key: 'type',
      label: t('columns.type'),
      render: (j) => <Chip size="small" variant="outlined" label={t(`types.${j.type}`)} />,
      sortable: true,
      hideBelow: 'lg',
    },
    { key: 'email', label: t('columns.email'), render: (j) => j.email, truncate: 220, hideBelow: 'lg' },
    {
      key: 'created',
      label: t('columns.created'),
      render: (j) => format.date(j.created),
      sortable: true,
      hideBelow: 'md',
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
      // The archived view narrows the list: empty, it offers to go back, not to make a new one.
      filtered={Boolean(state.search || state.archived)}
      clearFilters={withoutFilters(state)}
      filters={
        <ArchivedFilter
          checked={Boolean(state.archived)}
          onChange={(archived) => setState({ ...state, page: 1, archived })}
        />
      }
      editPath={(j) => routePath('adminTipjar', { tipjarid: j.id })}
      deleteDialog={
        state.archived ? undefined : (tipjar, onClose) => <DeleteTipjarDialog tipjar={tipjar} onClose={onClose} />
      }
    />
  );
}
