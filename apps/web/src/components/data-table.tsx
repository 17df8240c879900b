import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Alert,
  Box,
  Button,
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
  Typography,
} from '@mui/material';
import type { Breakpoint } from '@mui/material/styles';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Paging/sort/search of a list; goes to the API through domain `toListQuery`. */
export interface TableState {
  page: number;
  itemsPerPage: number;
  sortBy?: string;
  sortDesc?: boolean;
  search?: string;
}

export interface Column<T> {
  /** Also the API's sort key of a sortable column. */
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  /**
   * A secondary column: hidden while the table's own width is below this breakpoint (a container
   * query, so a side menu counts), its value still in the row's detail. Primary columns have none.
   */
  hideBelow?: Breakpoint;
  /**
   * Long text: one line, cut with an ellipsis at this width (px); the whole text as its tooltip title.
   * A secondary column (one with `hideBelow`) gives way first: below a table width of 1200 px its
   * width shrinks with the table's, so the primary columns and the row's actions stay in view.
   */
  truncate?: number;
}

/** The theme's breakpoint widths (px), for the container queries of {@link Column.hideBelow}. */
const BREAKPOINT_PX: Record<Breakpoint, number> = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 };

/**
 * In a phone-wide table the page buttons must stay in view: the rows-per-page label gives way (the
 * choice stays, still labelled for screen readers), and the toolbar's gaps shrink.
 */
const PAGINATION_SX = {
  [`@container (max-width: ${BREAKPOINT_PX.sm - 0.05}px)`]: {
    '& .MuiTablePagination-toolbar': { pl: 2, pr: 1 },
    '& .MuiTablePagination-selectLabel': { display: 'none' },
    '& .MuiTablePagination-input': { ml: 0, mr: 2 },
    '& .MuiTablePagination-actions': { ml: 1 },
  },
};

/** The cell style of a column: hidden in a table narrower than its breakpoint. */
function columnSx(column: { hideBelow?: Breakpoint }) {
  if (!column.hideBelow) return undefined;
  return { [`@container (max-width: ${BREAKPOINT_PX[column.hideBelow] - 0.05}px)`]: { display: 'none' } };
}

/** The width a truncating column's text is cut at: see {@link Column.truncate}. */
function truncateWidth(column: { truncate?: number; hideBelow?: Breakpoint }) {
  const px = column.truncate ?? 0;
  if (!column.hideBelow) return px;
  return `min(${px}px, ${((px / BREAKPOINT_PX.lg) * 100).toFixed(2)}cqi)`;
}

/** A column's cell content, cut to one line when the column truncates. */
function CellContent<T>({ column, row }: { column: Column<T>; row: T }) {
  const content = column.render(row);
  if (!column.truncate) return <>{content}</>;
  return (
    <Box
      component="span"
      title={typeof content === 'string' ? content : undefined}
      sx={{
        display: 'block',
        maxWidth: truncateWidth(column),
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {content}
    </Box>
  );
}

/** Whether a click landed on a control of its own (a link, button, input) rather than on the row. */
function onControl(event: MouseEvent) {
  return (event.target as HTMLElement).closest('a, button, input, [role="button"]') !== null;
}

/** A list query: one page of rows and the total count. */
export interface ListQuery<T> {
  data?: { data: T[]; metadata: { count: number } };
  isFetching: boolean;
  isError: boolean;
}

/** A list query's page as the rows/count/loading/error of a table. */
export function listProps<T>(query: ListQuery<T>) {
  return {
    rows: query.data?.data ?? [],
    count: query.data?.metadata.count ?? 0,
    loading: query.isFetching,
    error: query.isError,
  };
}

/** The props of a row's detail dialog (`tip`: the row from the list until the detail call has it). */
export function detailProps<T>(open: T | null, detail: { data?: T; isFetching: boolean; isError: boolean }) {
  return {
    open: Boolean(open),
    tip: detail.data ?? open ?? undefined,
    loading: detail.isFetching,
    error: detail.isError,
  };
}

/** The row action of a table whose rows open a detail dialog. */
export function OpenDetailsButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton onClick={onClick} aria-label={label}>
      <InfoOutlinedIcon />
    </IconButton>
  );
}

/** What an empty (unfiltered) list says, and the button of the next step (share the page, create one). */
export interface EmptyState {
  text: string;
  action?: ReactNode;
}

/**
 * The empty row's content: with a filter or search on, "nothing matches" and a button that clears
 * them (never the create/share action: the list is not empty, the filter is); else the list's own
 * empty state, or a plain "nothing found".
 */
function EmptyMessage({ empty, onClearFilters }: { empty?: EmptyState; onClearFilters?: () => void }) {
  const { t } = useTranslation('common');
  const text = onClearFilters ? t('table.noResults') : (empty?.text ?? t('table.noData'));
  const action = onClearFilters ? (
    <Button variant="outlined" onClick={onClearFilters}>
      {t('table.clearFilters')}
    </Button>
  ) : (
    empty?.action
  );
  return (
    // As wide as the table's box, not the table: a phone-wide table scrolls sideways, its message must not.
    <Box
      sx={{
        py: 3,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        textAlign: 'center',
        position: 'sticky',
        left: 16,
        width: 'calc(100cqi - 32px)',
      }}
    >
      <Typography>{text}</Typography>
      {action}
    </Box>
  );
}

/** The props a table of tips or monthly tips passes through to {@link DataTable}. */
export interface DataTableProps<T, S extends TableState = TableState> {
  label: string;
  rows: T[];
  count: number;
  loading: boolean;
  error: boolean;
  state: S;
  onState: (state: S) => void;
  /** What the list says (and offers) while it has no rows and no filter is on. */
  empty?: EmptyState;
}

/**
 * A paged, sortable table: optional toolbar, loading bar, error, column head with sort labels, an
 * empty row, one actions cell per row and the pagination. Changing sort or page size goes to page 1.
 */
export function DataTable<T extends { id: string }, S extends TableState = TableState>({
  label,
  columns,
  rows,
  count,
  loading,
  error,
  state,
  onState,
  actionsLabel,
  actions,
  toolbar,
  rowTestId,
  sortDescFirst = false,
  onRowClick,
  empty,
  filtered = Boolean(state.search),
  clearFilters = { ...state, page: 1, search: undefined },
}: DataTableProps<T, S> & {
  columns: Column<T>[];
  /** Head of the last column, whose cells hold `actions(row)`. */
  actionsLabel: string;
  actions: (row: T) => ReactNode;
  /** Filters above the table. */
  toolbar?: ReactNode;
  rowTestId?: string;
  /** A column sorted for the first time starts descending (newest/largest first). */
  sortDescFirst?: boolean;
  /** Clicking a row (not one of its controls) does what its actions' main button does, e.g. open the detail. */
  onRowClick?: (row: T) => void;
  /** Whether a search or filter narrows the list (default: a search); an empty result then offers to clear it. */
  filtered?: boolean;
  /** The state without any search or filter (default: without the search). */
  clearFilters?: S;
}) {
  const { t } = useTranslation('common');
  return (
    // The table's width (not the window's) decides which secondary columns show: a container query.
    <Paper sx={{ containerType: 'inline-size' }}>
      {toolbar && <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap' }}>{toolbar}</Box>}
      {loading && <LinearProgress aria-label={t('loading')} />}
      {error && <Alert severity="error">{t('table.loadError')}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  sx={columnSx(column)}
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
                          sortDesc: state.sortBy === column.key ? !state.sortDesc : sortDescFirst,
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
              <TableCell align="right">{actionsLabel}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {/* A failed load is not an empty list: the error alert above says it, alone. */}
            {!loading && !error && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <EmptyMessage empty={empty} onClearFilters={filtered ? () => onState(clearFilters) : undefined} />
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow
                key={row.id}
                hover
                data-testid={rowTestId}
                onClick={(event: MouseEvent) => {
                  if (onRowClick && !onControl(event)) onRowClick(row);
                }}
                sx={onRowClick && { cursor: 'pointer' }}
              >
                {columns.map((column) => (
                  // dir="auto": a name or message in a right-to-left script reads in its own direction.
                  <TableCell key={column.key} sx={columnSx(column)} dir="auto">
                    <CellContent column={column} row={row} />
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(row)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {/* An empty list has no pages to turn ("0–0 of 0"). */}
      {count > 0 && (
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
          sx={PAGINATION_SX}
        />
      )}
    </Paper>
  );
}
