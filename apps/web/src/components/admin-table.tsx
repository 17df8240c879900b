import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleRouterLink } from '@/components/app-link';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
}

export interface TableState {
  page: number;
  itemsPerPage: number;
  sortBy?: string;
  sortDesc?: boolean;
  search?: string;
}

/** A paged, sortable admin table; `state` goes to the API through domain `toListQuery`. */
export function AdminTable<T extends { id: string }>({
  columns,
  rows,
  count,
  loading,
  error,
  state,
  onState,
  editPath,
  onDelete,
  label,
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
    <Paper>
      {loading && <LinearProgress aria-label={t('loading')} />}
      {error && <Alert severity="error">{t('table.loadError')}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  sortDirection={state.sortBy === column.key ? (state.sortDesc ? 'desc' : 'asc') : false}
                >
                  {column.sortable ? (
                    <TableSortLabel
                      active={state.sortBy === column.key}
                      direction={state.sortBy === column.key && state.sortDesc ? 'desc' : 'asc'}
                      onClick={() =>
                        onState({
                          ...state,
                          page: 1,
                          sortBy: column.key,
                          sortDesc: state.sortBy === column.key ? !state.sortDesc : false,
                        })
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
              <TableCell align="right">{t('actions.edit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>{t('table.noData')}</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                {columns.map((column) => (
                  <TableCell key={column.key}>{column.render(row)}</TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton component={LocaleRouterLink} to={editPath(row)} aria-label={t('actions.edit')}>
                    <EditIcon />
                  </IconButton>
                  {onDelete && (
                    <IconButton onClick={() => onDelete(row)} aria-label={t('actions.delete')} color="error">
                      <DeleteIcon />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={state.page - 1}
        rowsPerPage={state.itemsPerPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_, page) => onState({ ...state, page: page + 1 })}
        onRowsPerPageChange={(event) => onState({ ...state, page: 1, itemsPerPage: Number(event.target.value) })}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count: total }) => t('table.displayedRows', { from, to, count: total })}
      />
    </Paper>
  );
}
