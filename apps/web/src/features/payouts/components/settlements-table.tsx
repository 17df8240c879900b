import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatCents, SETTLEMENT_STATUSES, type Settlement, type SettlementStatus } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import {
  type Column,
  DataTable,
  type DataTableProps,
  OpenDetailsButton,
  type TableState,
} from '@/components/data-table';
import { FactList } from '@/components/fact-list';
import { ListToolbar } from '@/components/list-toolbar';
import { formatDate, formatDay } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { usePhone } from '@/lib/use-phone';

/** Table state of a settlements list: paging/sort (domain toListQuery), search and a status filter. */
export interface SettlementsTableState extends TableState {
  status?: SettlementStatus;
}

/** Newest period first (the API's default order). */
export const DEFAULT_SETTLEMENTS_TABLE_STATE: SettlementsTableState = { page: 1, itemsPerPage: 25 };

const STATUS_COLOR: Record<SettlementStatus, 'info' | 'warning' | 'error' | 'success'> = {
  CURRENT: 'info',
  PENDING: 'warning',
  PAID: 'success',
  FAILED: 'error',
};

export function SettlementStatusChip({ status }: { status: SettlementStatus }) {
  const { t } = useTranslation('settlements');
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />;
}

/**
 * "1 Mar 2026 – 31 Mar 2026", or "From 1 Mar 2026" while the period is open-ended. The provider's
 * periods are UTC days (00:00:00Z to 23:59:59Z): shown as those calendar days, never shifted by the
 * reader's time zone (in Amsterdam the end would read as the next day).
 */
export function SettlementPeriod({ settlement }: { settlement: Pick<Settlement, 'periodStart' | 'periodEnd'> }) {
  const { t } = useTranslation('settlements');
  const locale = useLocale();
  const { periodStart, periodEnd } = settlement;
  if (!periodStart) return <>—</>;
  const start = formatDay(periodStart, locale, 'medium');
  return (
    <>
      {periodEnd
        ? t('table.periodRange', { start, end: formatDay(periodEnd, locale, 'medium') })
        : t('table.periodFrom', { start })}
    </>
  );
}

const money = (cents: number, locale: 'en' | 'nl') => (
  <Box sx={{ whiteSpace: 'nowrap' }}>{formatCents(cents, locale)}</Box>
);

/**
 * The payouts table of the backoffice and of admin: period, status badge, tips, fees, costs, payout
 * and paid date; paging, sorting and a status filter (admin: search and a tip jar column); a row opens
 * its specification.
 */
export function SettlementsTable({
  onOpen,
  showTipjar = false,
  ...table
}: DataTableProps<Settlement, SettlementsTableState> & {
  onOpen: (settlement: Settlement) => void;
  /** Admin: the tip jar of each settlement, and a search on its name. */
  showTipjar?: boolean;
}) {
  const { t } = useTranslation('settlements');
  const locale = useLocale();
  const { state, onState } = table;
  const columns: Column<Settlement>[] = [
    {
      key: 'periodStart',
      label: t('columns.period'),
      sortable: true,
      render: (s) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <SettlementPeriod settlement={s} />
        </Box>
      ),
    },
    ...(showTipjar
      ? [
          {
            key: 'tipjar',
            label: t('columns.tipjar'),
            render: (s: Settlement) => s.tipjarName ?? s.tipjarId,
            truncate: 160,
            hideBelow: 'sm' as const,
          },
        ]
      : []),
    {
      key: 'status',
      label: t('columns.status'),
      sortable: true,
      render: (s) => <SettlementStatusChip status={s.status} />,
    },
    {
      key: 'gross',
      label: t('columns.gross'),
      sortable: true,
      render: (s) => money(s.gross, locale),
      hideBelow: 'sm',
    },
    { key: 'fees', label: t('columns.fees'), render: (s) => money(s.fees, locale), hideBelow: 'lg' },
    { key: 'costs', label: t('columns.costs'), render: (s) => money(s.costs, locale), hideBelow: 'lg' },
    { key: 'net', label: t('columns.net'), sortable: true, render: (s) => <strong>{money(s.net, locale)}</strong> },
    {
      key: 'paidAt',
      label: t('columns.paidAt'),
      sortable: true,
      render: (s) => (s.paidAt ? formatDate(s.paidAt, locale) : t('table.notPaid')),
      hideBelow: 'md',
    },
  ];

  return (
    <DataTable
      {...table}
      columns={columns}
      sortDescFirst
      rowTestId="settlement-row"
      onRowClick={onOpen}
      actionsLabel={t('columns.details')}
      actions={(s) => <OpenDetailsButton label={t('table.open')} onClick={() => onOpen(s)} />}
      toolbar={
        <ListToolbar
          state={state}
          onState={onState}
          // The admin's list of every tip jar's payouts searches by tip jar; a tip jar's own has no search.
          searchLabel={showTipjar ? t('table.search') : undefined}
          filters={[
            {
              name: 'status',
              label: t('table.statusFilter'),
              allLabel: t('table.allStatuses'),
              statuses: SETTLEMENT_STATUSES,
              labelOf: (status) => t(`status.${status}`),
            },
          ]}
        />
      }
    />
  );
}

/** The payouts listed are not all of them: the provider's list could not be read in full. */
export function SettlementsIncompleteAlert({ incomplete }: { incomplete: boolean | undefined }) {
  const { t } = useTranslation('settlements');
  if (!incomplete) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="settlements-incomplete">
      {t('incomplete')}
    </Alert>
  );
}

/**
 * One settlement's specification: its totals ("tips − fees − costs = payout") and the payments in
 * it. `settlement` is the row from the list until the detail call (with rows) answers.
 */
export function SettlementDetailDialog({
  settlement,
  open,
  onClose,
  loading = false,
  error = false,
}: {
  settlement: Settlement | undefined;
  open: boolean;
  onClose: () => void;
  loading?: boolean;
  error?: boolean;
}) {
  const { t } = useTranslation('settlements');
  const phone = usePhone();
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const facts: [string, string][] = settlement
    ? [
        [t('columns.status'), t(`status.${settlement.status}`)],
        ...(settlement.tipjarName ? ([[t('columns.tipjar'), settlement.tipjarName]] as [string, string][]) : []),
        [t('columns.tipCount'), String(settlement.tipCount)],
        [t('columns.gross'), formatCents(settlement.gross, locale)],
        [t('columns.fees'), `− ${formatCents(settlement.fees, locale)}`],
        [t('columns.costs'), `− ${formatCents(settlement.costs, locale)}`],
        [t('columns.net'), formatCents(settlement.net, locale)],
        [t('columns.paidAt'), settlement.paidAt ? formatDate(settlement.paidAt, locale) : t('table.notPaid')],
      ]
    : [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="settlement-detail-title"
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle id="settlement-detail-title">
        {t('detail.title')}
        {settlement && (
          <>
            {' · '}
            <SettlementPeriod settlement={settlement} />
          </>
        )}
      </DialogTitle>
      <DialogContent>
        {loading && <LinearProgress aria-label={tc('loading')} />}
        {error && <Alert severity="error">{t('detail.loadError')}</Alert>}
        {settlement?.incomplete && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="settlement-rows-incomplete">
            {t('detail.incomplete')}
          </Alert>
        )}
        {settlement && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('detail.summary')}
            </Typography>
            <FactList facts={facts} />
            {settlement.rows && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
                  {t('detail.rows')}
                </Typography>
                {settlement.rows.length === 0 ? (
                  <Typography color="text.secondary">{t('detail.noRows')}</Typography>
                ) : (
                  <Table size="small" aria-label={t('detail.rows')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('detail.reference')}</TableCell>
                        <TableCell>{t('detail.tip')}</TableCell>
                        <TableCell align="right">{t('detail.amount')}</TableCell>
                        <TableCell align="right">{t('detail.fee')}</TableCell>
                        <TableCell align="right">{t('detail.payable')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {settlement.rows.map((row) => (
                        <TableRow key={row.reference} data-testid="settlement-spec-row">
                          <TableCell sx={{ fontFamily: 'monospace' }}>{row.reference}</TableCell>
                          <TableCell>
                            {row.tipId ? t('detail.linkedTip', { id: row.tipId.slice(0, 8) }) : t('detail.notOurTip')}
                          </TableCell>
                          <TableCell align="right">{formatCents(row.amount, locale)}</TableCell>
                          <TableCell align="right">{formatCents(row.fee, locale)}</TableCell>
                          <TableCell align="right">{formatCents(row.payable, locale)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {tc('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
