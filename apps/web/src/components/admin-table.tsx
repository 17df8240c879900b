import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Button, Chip, IconButton, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type Column, DataTable, type ListQuery, listProps, type TableState } from '@/components/data-table';
import { Page } from '@/components/page';
import { notifySuccess } from '@/lib/notifications';

export type { Column, TableState } from '@/components/data-table';

/** A paged, sortable admin table with an edit link (and a delete button) per row. */
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
}) {
  const { t } = useTranslation();
  return (
    <DataTable
      {...table}
      actionsLabel={t('actions.edit')}
      actions={(row) => (
        <>
          <IconButton component={LocaleRouterLink} to={editPath(row)} aria-label={t('actions.edit')}>
            <EditIcon />
          </IconButton>
          {onDelete && (
            <IconButton onClick={() => onDelete(row)} aria-label={t('actions.delete')} color="error">
              <DeleteIcon />
            </IconButton>
          )}
        </>
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

/**
 * An admin list page: its title with an optional 'new' button, an optional search field (a new
 * search goes to page 1), the {@link AdminTable} of the query's page (labelled with the title), and
 * deleting a row after a confirmation, with a toast.
 */
export function AdminListPage<T extends { id: string }>({
  title,
  newPath,
  newLabel,
  searchLabel,
  columns,
  query,
  state,
  onState,
  editPath,
  remove,
  deleteText,
  deletedMessage,
}: {
  title: string;
  /** The 'new' button's link; none without it. */
  newPath?: string;
  newLabel?: string;
  searchLabel?: string;
  columns: Column<T>[];
  query: ListQuery<T>;
  state: TableState;
  onState: (state: TableState) => void;
  editPath: (row: T) => string;
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  /** The confirmation's text; `null` while the dialog closes. */
  deleteText: (row: T | null) => string;
  deletedMessage: string;
}) {
  const { t } = useTranslation();
  const [toDelete, setToDelete] = useState<T | null>(null);
  return (
    <Page
      title={title}
      actions={
        newPath && (
          <Button component={LocaleRouterLink} to={newPath} variant="contained">
            {newLabel}
          </Button>
        )
      }
    >
      {searchLabel && (
        <TextField
          label={searchLabel}
          type="search"
          size="small"
          sx={{ maxWidth: 360, mt: 0 }}
          value={state.search ?? ''}
          onChange={(event) => onState({ ...state, page: 1, search: event.target.value })}
        />
      )}
      <AdminTable
        label={title}
        columns={columns}
        {...listProps(query)}
        state={state}
        onState={onState}
        editPath={editPath}
        onDelete={setToDelete}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title={t('confirm.title')}
        text={deleteText(toDelete)}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            notifySuccess(deletedMessage);
          } finally {
            setToDelete(null);
          }
        }}
      />
    </Page>
  );
}
