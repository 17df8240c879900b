import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, FormControlLabel, IconButton, Switch } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocaleRouterLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  type Column,
  DataTable,
  type EmptyState,
  type ListQuery,
  listProps,
  type TableState,
} from '@/components/data-table';
import { ListToolbar } from '@/components/list-toolbar';
import { Page } from '@/components/page';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

export type { Column, TableState } from '@/components/data-table';

/** A paged, sortable admin table with an edit link (and a delete button) per row; a row click edits too. */
export function AdminTable<T extends { id: string }>({
  editPath,
  onDelete,
  ...table
}: {
  columns: Column<T>[];
  rows: T[];
  count: number;
  loading: boolean;
  error: boolean;
  state: TableState;
  onState: (state: TableState) => void;
  editPath: (row: T) => string;
  onDelete?: (row: T) => void;
  label: string;
  empty?: EmptyState;
  toolbar?: ReactNode;
  filtered?: boolean;
  clearFilters?: TableState;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return (
    <DataTable
      {...table}
      onRowClick={(row) => navigate(localePath(editPath(row)))}
      actionsLabel={t('actions.edit')}
      actions={(row) => (
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <IconButton component={LocaleRouterLink} to={editPath(row)} aria-label={t('actions.edit')}>
            <EditIcon />
          </IconButton>
          {onDelete && (
            <IconButton onClick={() => onDelete(row)} aria-label={t('actions.delete')} color="error">
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      )}
    />
  );
}

/** Whether a catalog item is active, as a chip. */
export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={active ? 'success' : 'default'} label={t(active ? 'state.active' : 'state.inactive')} />
  );
}

/** Whether an admin list shows the archived rows instead of the current ones (docs/money-rules.md §9). */
export function ArchivedFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      sx={{ ml: 1 }}
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={t('filters.showArchived')}
    />
  );
}

/** An admin list's state without its search and without the archived view: the whole current list. */
export function withoutFilters<S extends TableState & { archived?: boolean }>(state: S): S {
  return { ...state, page: 1, search: undefined, archived: undefined };
}

/** An archived row, as a chip. */
export function ArchivedChip() {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" label={t('state.archived')} />;
}

/**
 * An admin list page: its title with an optional 'new' button (also under an empty list's "nothing
 * here yet"; a search or filter without results offers to clear it instead), an optional search field
 * (a new search goes to page 1) and further `filters` in the table's toolbar, the {@link AdminTable} of the query's page (labelled
 * with the title), and deleting a row after a confirmation, with a toast — or with the page's own
 * `deleteDialog` (e.g. one that first asks the API what deleting will do).
 */
export function AdminListPage<T extends { id: string }>({
  title,
  newPath,
  newLabel,
  searchLabel,
  filters,
  columns,
  query,
  state,
  onState,
  editPath,
  remove,
  deleteText,
  deletedMessage,
  deleteDialog,
  filtered = Boolean(state.search),
  clearFilters = { ...state, page: 1, search: undefined },
}: {
  title: string;
  /** The 'new' button's link; none without it. */
  newPath?: string;
  newLabel?: string;
  searchLabel?: string;
  filters?: ReactNode;
  columns: Column<T>[];
  query: ListQuery<T>;
  state: TableState;
  onState: (state: TableState) => void;
  editPath: (row: T) => string;
  /** Deleting after a plain confirmation: the call, the confirmation's text (`null` while it closes), the toast. */
  remove?: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  deleteText?: (row: T | null) => string;
  deletedMessage?: string;
  /** Or the page's own confirmation of deleting `row` (null: closed). No delete button without either. */
  deleteDialog?: (row: T | null, onClose: () => void) => ReactNode;
  /** Whether a filter narrows the list (default: a search): an empty result offers to clear it, never 'new'. */
  filtered?: boolean;
  /** The state without any search or filter (default: without the search). */
  clearFilters?: TableState;
}) {
  const { t } = useTranslation();
  const [toDelete, setToDelete] = useState<T | null>(null);
  const canDelete = Boolean(remove || deleteDialog);
  const newButton = newPath && (
    <Button component={LocaleRouterLink} to={newPath} variant="contained">
      {newLabel}
    </Button>
  );
  return (
    <Page title={title} actions={newButton}>
      <AdminTable
        toolbar={
          (searchLabel || filters) && (
            <ListToolbar state={state} onState={onState} searchLabel={searchLabel}>
              {filters}
            </ListToolbar>
          )
        }
        filtered={filtered}
        clearFilters={clearFilters}
        label={title}
        columns={columns}
        {...listProps(query)}
        state={state}
        onState={onState}
        editPath={editPath}
        onDelete={canDelete ? setToDelete : undefined}
        empty={{ text: t('table.empty'), action: newButton }}
      />
      {deleteDialog?.(toDelete, () => setToDelete(null))}
      {remove && (
        <ConfirmDialog
          open={Boolean(toDelete)}
          title={t('confirm.title')}
          text={deleteText?.(toDelete) ?? ''}
          confirmLabel={t('actions.delete')}
          loading={remove.isPending}
          onClose={() => setToDelete(null)}
          onConfirm={async () => {
            if (!toDelete) return;
            try {
              await remove.mutateAsync(toDelete.id);
              if (deletedMessage) notifySuccess(deletedMessage);
            } finally {
              setToDelete(null);
            }
          }}
        />
      )}
    </Page>
  );
}
