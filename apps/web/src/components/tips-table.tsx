import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { formatCents, TIP_STATUS_COLOR, TIP_STATUSES, type Tip, type TipStatus } from '@podpot/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '@/components/admin-table';
import { useLocale } from '@/lib/use-locale';

/** Table state of a tips list: paging/sort/search (domain toListQuery) plus a status filter. */
export interface TipsTableState extends TableState {
  status?: TipStatus;
}

/** The spec's ordering of a tip jar's tips: updated, newest first (spec §9). */
export const DEFAULT_TIPS_TABLE_STATE: TipsTableState = {
  page: 1,
  itemsPerPage: 25,
  sortBy: 'updated',
  sortDesc: true,
};

const METHOD_NAMES: Record<string, string> = { ideal: 'iDEAL', bcmc: 'Bancontact' };

export function formatDateTime(iso: string, locale: 'en' | 'nl'): string {
  return new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function paymentMethodName(method: string | null): string {
  return method ? (METHOD_NAMES[method] ?? method) : '—';
}

export function TipStatusChip({ status }: { status: TipStatus }) {
  const { t } = useTranslation('tips');
  return <Chip size="small" color={TIP_STATUS_COLOR[status]} label={t(`status.${status}`)} />;
}

/** The tipper's name as the maker may see it: an anonymous tip never shows one. */
export function TipName({ tip }: { tip: Pick<Tip, 'privacy' | 'displayName'> }) {
  const { t } = useTranslation('tips');
  if (tip.privacy === 'ANONYMOUS' || !tip.displayName) {
    return (
      <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
        {t('anonymous')}
      </Box>
    );
  }
  return <>{tip.displayName}</>;
}

/** A search field that reports after the user stops typing. */
function SearchField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      fullWidth={false}
      margin="none"
      sx={{ minWidth: 240 }}
    />
  );
}

interface TipColumn {
  key: string;
  label: string;
  sortKey?: 'amount' | 'created' | 'updated' | 'status';
  render: (tip: Tip) => ReactNode;
}

/**
 * The tips table of the backoffice and of admin: status badge, amount, name per privacy, message,
 * method and date; paging, sorting, search and a status filter; a row opens the tip's details.
 */
export function TipsTable({
  label,
  rows,
  count,
  loading,
  error,
  state,
  onState,
  onOpen,
  tipjarName,
  showEmail = false,
}: {
  label: string;
  rows: Tip[];
  count: number;
  loading: boolean;
  error: boolean;
  state: TipsTableState;
  onState: (state: TipsTableState) => void;
  onOpen: (tip: Tip) => void;
  /** Admin: a column with the tip jar of each tip. */
  tipjarName?: (tipjarId: string) => string;
  showEmail?: boolean;
}) {
  const { t } = useTranslation(['tips', 'common']);
  const locale = useLocale();
  const columns: TipColumn[] = [
    {
      key: 'status',
      label: t('columns.status'),
      sortKey: 'status',
      render: (tip) => <TipStatusChip status={tip.status} />,
    },
    {
      key: 'amount',
      label: t('columns.amount'),
      sortKey: 'amount',
      render: (tip) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatCents(tip.amount, locale)}</Box>,
    },
    { key: 'name', label: t('columns.name'), render: (tip) => <TipName tip={tip} /> },
    ...(showEmail ? [{ key: 'email', label: t('columns.email'), render: (tip: Tip) => tip.email ?? '' }] : []),
    ...(tipjarName
      ? [{ key: 'tipjar', label: t('columns.tipjar'), render: (tip: Tip) => tipjarName(tip.tipjarId) }]
      : []),
    {
      key: 'message',
      label: t('columns.message'),
      render: (tip) => (
        <Box
          component="span"
          title={tip.message}
          sx={{ display: 'block', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {tip.message}
        </Box>
      ),
    },
    { key: 'method', label: t('columns.method'), render: (tip) => paymentMethodName(tip.paymentMethod) },
    {
      key: 'updated',
      label: t('columns.date'),
      sortKey: 'updated',
      render: (tip) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(tip.updated, locale)}</Box>,
    },
  ];

  return (
    <Paper>
      <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap' }}>
        <SearchField
          label={t('table.search')}
          value={state.search ?? ''}
          onChange={(search) => onState({ ...state, page: 1, search })}
        />
        <TextField
          select
          size="small"
          label={t('table.statusFilter')}
          value={state.status ?? ''}
          onChange={(event) =>
            onState({ ...state, page: 1, status: (event.target.value || undefined) as TipStatus | undefined })
          }
          fullWidth={false}
          margin="none"
          sx={{ minWidth: 180 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('table.allStatuses')}</MenuItem>
          {TIP_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {loading && <LinearProgress aria-label={t('common:loading')} />}
      {error && <Alert severity="error">{t('common:table.loadError')}</Alert>}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  sortDirection={state.sortBy === column.sortKey ? (state.sortDesc ? 'desc' : 'asc') : false}
                >
                  {column.sortKey ? (
                    <TableSortLabel
                      active={state.sortBy === column.sortKey}
                      direction={state.sortBy === column.sortKey && state.sortDesc ? 'desc' : 'asc'}
                      onClick={() =>
                        onState({
                          ...state,
                          page: 1,
                          sortBy: column.sortKey,
                          // A new column starts newest/largest first, like the default order.
                          sortDesc: state.sortBy === column.sortKey ? !state.sortDesc : true,
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
              <TableCell align="right">{t('columns.details')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>{t('common:table.noData')}</TableCell>
              </TableRow>
            )}
            {rows.map((tip) => (
              <TableRow key={tip.id} hover data-testid="tip-row">
                {columns.map((column) => (
                  <TableCell key={column.key}>{column.render(tip)}</TableCell>
                ))}
                <TableCell align="right">
                  <IconButton onClick={() => onOpen(tip)} aria-label={t('table.open')}>
                    <InfoOutlinedIcon />
                  </IconButton>
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
        labelRowsPerPage={t('common:table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count: total }) => t('common:table.displayedRows', { from, to, count: total })}
      />
    </Paper>
  );
}

/** The details of one tip; `tip` may come from the list while the detail call refreshes it. */
export function TipDetailDialog({
  tip,
  open,
  onClose,
  loading = false,
  error = false,
  tipjarName,
}: {
  tip: Tip | undefined;
  open: boolean;
  onClose: () => void;
  loading?: boolean;
  error?: boolean;
  tipjarName?: string;
}) {
  const { t } = useTranslation(['tips', 'common']);
  const locale = useLocale();
  const rows: [string, ReactNode][] = tip
    ? [
        [t('columns.status'), <TipStatusChip key="status" status={tip.status} />],
        [t('columns.amount'), formatCents(tip.amount, locale)],
        [t('detail.fee'), formatCents(tip.fee, locale)],
        [t('detail.net'), formatCents(tip.amount - tip.fee, locale)],
        [t('columns.name'), <TipName key="name" tip={tip} />],
        [t('detail.privacy'), t(`privacy.${tip.privacy}`)],
        ...(tip.email ? ([[t('columns.email'), tip.email]] as [string, ReactNode][]) : []),
        ...(tipjarName ? ([[t('columns.tipjar'), tipjarName]] as [string, ReactNode][]) : []),
        [t('columns.method'), paymentMethodName(tip.paymentMethod)],
        [t('detail.created'), formatDateTime(tip.created, locale)],
        [t('detail.updated'), formatDateTime(tip.updated, locale)],
        [t('detail.id'), tip.id],
      ]
    : [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="tip-detail-title" fullWidth maxWidth="sm">
      <DialogTitle id="tip-detail-title">
        {t('detail.title')}
        {tip?.recurringTipId && <Chip size="small" sx={{ ml: 1 }} label={t('recurring')} />}
      </DialogTitle>
      <DialogContent>
        {loading && <LinearProgress aria-label={t('common:loading')} />}
        {error && <Alert severity="error">{t('detail.loadError')}</Alert>}
        {tip && (
          <>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
            >
              {rows.map(([term, value]) => (
                <Box key={term} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {term}
                  </Box>
                  <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                    {value}
                  </Box>
                </Box>
              ))}
            </Box>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('columns.message')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }} color={tip.message ? 'text.primary' : 'text.secondary'}>
              {tip.message || t('detail.noMessage')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
