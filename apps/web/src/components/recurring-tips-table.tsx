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
import {
  formatCents,
  MANDATE_STATUS_COLOR,
  type MandateStatus,
  RECURRING_TIP_STATUS_COLOR,
  type RecurringChargeStatus,
  type RecurringTip,
  type RecurringTipCharge,
  type RecurringTipStatus,
} from '@podpot/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '@/components/admin-table';
import { formatDateTime, paymentMethodName } from '@/components/tips-table';
import { useLocale } from '@/lib/use-locale';

/**
 * Monthly tips (recurring tips) as the tipper's account, the backoffice and admin show them: status
 * badges in the domain's colours, the payment history and the paged table with its detail dialog.
 */

/** The spec's ordering of recurring tips: created, newest first. */
export const DEFAULT_RECURRING_TIPS_TABLE_STATE: TableState = {
  page: 1,
  itemsPerPage: 25,
  sortBy: 'created',
  sortDesc: true,
};

const CHARGE_COLOR: Record<RecurringChargeStatus, ChipColor> = {
  scheduled: 'default',
  pending: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
  refunded: 'warning',
  chargeback: 'error',
};

const KNOWN_REASONS = ['cancelled', 'expired', 'failed', 'chargeback', 'refunded', 'revoked'] as const;

export function formatDate(iso: string, locale: 'en' | 'nl'): string {
  return new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { dateStyle: 'medium' }).format(new Date(iso));
}

/** A failure reason (a provider status such as 'expired', or 'revoked') as a readable phrase. */
export function useFailureReason(): (reason: string) => string {
  const { t } = useTranslation('recurringtips');
  return (reason) =>
    (KNOWN_REASONS as readonly string[]).includes(reason)
      ? t(`reason.${reason as (typeof KNOWN_REASONS)[number]}`)
      : t('reason.other', { reason });
}

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error';

/**
 * A status badge in the domain's colour. The light shade with dark text: white text on MUI's
 * warning/info (and the theme's green) stays under WCAG AA's 4.5:1 for small text.
 */
function StatusChip({ color, label, ...rest }: { color: ChipColor; label: string; [data: `data-${string}`]: string }) {
  return (
    <Chip
      size="small"
      color={color}
      label={label}
      sx={color === 'default' ? undefined : { bgcolor: `${color}.light`, color: '#1b1b1b' }}
      {...rest}
    />
  );
}

export function RecurringTipStatusChip({ status }: { status: RecurringTipStatus }) {
  const { t } = useTranslation('recurringtips');
  return (
    <StatusChip
      color={RECURRING_TIP_STATUS_COLOR[status]}
      label={t(`status.${status}`)}
      data-testid="recurringtip-status"
      data-status={status}
    />
  );
}

export function MandateStatusChip({ status }: { status: MandateStatus }) {
  const { t } = useTranslation('recurringtips');
  return (
    <StatusChip
      color={MANDATE_STATUS_COLOR[status]}
      label={t(`mandate.${status}`)}
      data-testid="mandate-status"
      data-status={status}
    />
  );
}

export function ChargeStatusChip({ status }: { status: RecurringChargeStatus }) {
  const { t } = useTranslation('recurringtips');
  return <StatusChip color={CHARGE_COLOR[status]} label={t(`charge.${status}`)} />;
}

/** 'YYYY-MM' as a month name ('March 2025'). */
export function formatPeriod(period: string, locale: 'en' | 'nl'): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** A recurring tip's payment history: one row per month, newest first. */
export function ChargesTable({ charges }: { charges: RecurringTipCharge[] }) {
  const { t } = useTranslation('recurringtips');
  const locale = useLocale();
  const reasonText = useFailureReason();
  if (charges.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  const rows = [...charges].sort((a, b) => b.period.localeCompare(a.period) || b.created.localeCompare(a.created));
  return (
    <TableContainer>
      <Table size="small" aria-label={t('history.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.period')}</TableCell>
            <TableCell>{t('columns.amount')}</TableCell>
            <TableCell>{t('columns.status')}</TableCell>
            <TableCell>{t('columns.attempt')}</TableCell>
            <TableCell>{t('columns.date')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((charge) => (
            <TableRow key={charge.id} data-testid="charge-row" data-status={charge.status}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPeriod(charge.period, locale)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatCents(charge.amount, locale)}</TableCell>
              <TableCell>
                <ChargeStatusChip status={charge.status} />
                {charge.failureReason && (
                  <Typography variant="body2" color="text.secondary" component="div">
                    {reasonText(charge.failureReason)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{charge.attempt}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {charge.completedAt
                  ? formatDateTime(charge.completedAt, locale)
                  : charge.nextAttemptAt
                    ? t('history.nextTry', { date: formatDate(charge.nextAttemptAt, locale) })
                    : formatDateTime(charge.updated, locale)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TipperName({ tip }: { tip: Pick<RecurringTip, 'displayName' | 'privacy'> }) {
  const { t } = useTranslation('recurringtips');
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

interface Column {
  key: string;
  label: string;
  sortKey?: 'created' | 'amount' | 'status' | 'nextChargeAt';
  render: (tip: RecurringTip) => ReactNode;
}

/**
 * The monthly tips of a tip jar (backoffice) or of all tip jars (admin): status, payment (mandate)
 * status, amount, next charge and last failure; paging, sorting and search; a row opens its details.
 */
export function RecurringTipsTable({
  label,
  rows,
  count,
  loading,
  error,
  state,
  onState,
  onOpen,
  showTipjar = false,
  showEmail = false,
}: {
  label: string;
  rows: RecurringTip[];
  count: number;
  loading: boolean;
  error: boolean;
  state: TableState;
  onState: (state: TableState) => void;
  onOpen: (tip: RecurringTip) => void;
  showTipjar?: boolean;
  showEmail?: boolean;
}) {
  const { t } = useTranslation(['recurringtips', 'common']);
  const locale = useLocale();
  const reasonText = useFailureReason();
  const columns: Column[] = [
    {
      key: 'status',
      label: t('columns.status'),
      sortKey: 'status',
      render: (tip) => <RecurringTipStatusChip status={tip.status} />,
    },
    { key: 'mandate', label: t('columns.mandate'), render: (tip) => <MandateStatusChip status={tip.mandate.status} /> },
    {
      key: 'amount',
      label: t('columns.amount'),
      sortKey: 'amount',
      render: (tip) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {formatCents(tip.amount, locale)}
          {tip.nextAmount !== null && (
            <Typography variant="body2" color="text.secondary" component="div">
              {t('nextAmount', { amount: formatCents(tip.nextAmount, locale) })}
            </Typography>
          )}
        </Box>
      ),
    },
    { key: 'name', label: t('columns.name'), render: (tip) => <TipperName tip={tip} /> },
    ...(showEmail ? [{ key: 'email', label: t('columns.email'), render: (tip: RecurringTip) => tip.email ?? '' }] : []),
    ...(showTipjar
      ? [{ key: 'tipjar', label: t('columns.tipjar'), render: (tip: RecurringTip) => tip.tipjar.name }]
      : []),
    {
      key: 'nextChargeAt',
      label: t('columns.nextCharge'),
      sortKey: 'nextChargeAt',
      render: (tip) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>{tip.nextChargeAt ? formatDate(tip.nextChargeAt, locale) : '—'}</Box>
      ),
    },
    {
      key: 'failure',
      label: t('columns.failure'),
      render: (tip) => (tip.lastFailureReason ? reasonText(tip.lastFailureReason) : '—'),
    },
    {
      key: 'created',
      label: t('columns.created'),
      sortKey: 'created',
      render: (tip) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(tip.created, locale)}</Box>,
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
            {!loading && !error && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>{t('common:table.noData')}</TableCell>
              </TableRow>
            )}
            {rows.map((tip) => (
              <TableRow key={tip.id} hover data-testid="recurringtip-row">
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

/** One monthly tip with its payment history; `tip` may come from the list while the detail call refreshes it. */
export function RecurringTipDetailDialog({
  tip,
  open,
  onClose,
  loading = false,
  error = false,
  showTipjar = false,
}: {
  tip: RecurringTip | undefined;
  open: boolean;
  onClose: () => void;
  loading?: boolean;
  error?: boolean;
  showTipjar?: boolean;
}) {
  const { t } = useTranslation(['recurringtips', 'tips', 'common']);
  const locale = useLocale();
  const reasonText = useFailureReason();
  const rows: [string, ReactNode][] = tip
    ? [
        [t('columns.status'), <RecurringTipStatusChip key="status" status={tip.status} />],
        [t('columns.mandate'), <MandateStatusChip key="mandate" status={tip.mandate.status} />],
        [
          t('columns.amount'),
          <span key="amount">
            {formatCents(tip.amount, locale)}
            {tip.nextAmount !== null && ` (${t('nextAmount', { amount: formatCents(tip.nextAmount, locale) })})`}
          </span>,
        ],
        [t('columns.name'), <TipperName key="name" tip={tip} />],
        ...(tip.email ? ([[t('columns.email'), tip.email]] as [string, ReactNode][]) : []),
        ...(showTipjar ? ([[t('columns.tipjar'), tip.tipjar.name]] as [string, ReactNode][]) : []),
        [t('dialog.privacy'), t(`tips:privacy.${tip.privacy}`)],
        [t('tips:columns.method'), paymentMethodName(tip.mandate.paymentMethod)],
        [t('dialog.chargeDay'), tip.chargeDay ? t('chargeDay', { day: tip.chargeDay }) : '—'],
        [t('columns.nextCharge'), tip.nextChargeAt ? formatDate(tip.nextChargeAt, locale) : '—'],
        [t('columns.failure'), tip.lastFailureReason ? reasonText(tip.lastFailureReason) : '—'],
        [t('columns.created'), formatDateTime(tip.created, locale)],
        [t('dialog.id'), tip.id],
      ]
    : [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="recurringtip-detail-title" fullWidth maxWidth="md">
      <DialogTitle id="recurringtip-detail-title">{t('dialog.title')}</DialogTitle>
      <DialogContent>
        {loading && <LinearProgress aria-label={t('common:loading')} />}
        {error && <Alert severity="error">{t('dialog.loadError')}</Alert>}
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
              {t('dialog.message')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }} color={tip.message ? 'text.primary' : 'text.secondary'}>
              {tip.message || t('dialog.noMessage')}
            </Typography>
            <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1, fontSize: '1.1rem' }}>
              {t('history.title')}
            </Typography>
            <ChargesTable charges={tip.charges} />
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
