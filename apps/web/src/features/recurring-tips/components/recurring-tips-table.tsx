import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Column,
  DataTable,
  type DataTableProps,
  OpenDetailsButton,
  type TableState,
} from '@/components/data-table';
import { DetailDialog } from '@/components/detail-dialog';
import { ListToolbar } from '@/components/list-toolbar';
import { TipName } from '@/components/tip-name';
import { formatDate, formatDateTime, formatPeriod, paymentMethodName } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { usePeriodText } from './per-period';

/**
 * Monthly tips (recurring tips) as the tipper's account, the backoffice and admin show them: status
 * badges in the domain's colours, the payment history and the paged table with its detail dialog.
 */

/** The ordering of recurring tips: created, newest first (docs/product.md §9). */
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

const KNOWN_REASONS = ['cancelled', 'expired', 'failed', 'chargeback', 'refunded', 'revoked', 'late'] as const;

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

/** A recurring tip's payment history: one row per month, newest first. */
export function ChargesTable({
  charges,
  interval = 'month',
}: {
  charges: RecurringTipCharge[];
  /** A yearly tip's rows are years (decision 092). */
  interval?: RecurringTip['interval'];
}) {
  const { t } = useTranslation(['recurringtips', 'yearlytips']);
  const yearly = interval === 'year';
  const locale = useLocale();
  const reasonText = useFailureReason();
  if (charges.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  const rows = [...charges].sort((a, b) => b.period.localeCompare(a.period) || b.created.localeCompare(a.created));
  return (
    // Scrolls sideways on a phone: a keyboard reaches it too (a named region that takes focus).
    <TableContainer tabIndex={0} role="region" aria-label={yearly ? t('yearlytips:historyLabel') : t('history.label')}>
      <Table size="small" aria-label={yearly ? t('yearlytips:historyLabel') : t('history.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{yearly ? t('yearlytips:yearColumn') : t('columns.period')}</TableCell>
            <TableCell>{yearly ? t('yearlytips:amountColumn') : t('columns.amount')}</TableCell>
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

/**
 * The monthly tips of a tip jar (backoffice) or of all tip jars (admin): status, payment (mandate)
 * status, amount, next charge and last failure; paging, sorting and search; a row opens its details.
 */
export function RecurringTipsTable({
  onOpen,
  showTipjar = false,
  showEmail = false,
  ...table
}: DataTableProps<RecurringTip> & {
  onOpen: (tip: RecurringTip) => void;
  showTipjar?: boolean;
  showEmail?: boolean;
}) {
  const { t } = useTranslation('recurringtips');
  const period = usePeriodText();
  const locale = useLocale();
  const reasonText = useFailureReason();
  const columns: Column<RecurringTip>[] = [
    {
      key: 'status',
      label: t('columns.status'),
      sortable: true,
      render: (tip) => <RecurringTipStatusChip status={tip.status} />,
    },
    // Secondary columns give way in a narrow table (their values are in the row's details).
    {
      key: 'mandate',
      label: t('columns.mandate'),
      render: (tip) => <MandateStatusChip status={tip.mandate.status} />,
      hideBelow: 'sm',
    },
    {
      key: 'amount',
      label: t('columns.amount'),
      sortable: true,
      render: (tip) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {period.amount(tip, formatCents(tip.amount, locale))}
          {/* The next amount's sentence wraps: on one line it widened the table past a laptop's width. */}
          {tip.nextAmount !== null && tip.status !== 'cancelled' && (
            <Typography
              variant="body2"
              color="text.secondary"
              component="div"
              sx={{ whiteSpace: 'normal', minWidth: 120 }}
            >
              {period.next(tip, formatCents(tip.nextAmount, locale))}
            </Typography>
          )}
        </Box>
      ),
    },
    // The tip's level now (issue 40): derived from its amount by the API, never stored.
    {
      key: 'level',
      label: t('columns.level'),
      render: (tip) => tip.level?.name ?? '—',
      truncate: 120,
      hideBelow: 'sm',
    },
    { key: 'name', label: t('columns.name'), render: (tip) => <TipName tip={tip} />, truncate: 140 },
    ...(showEmail
      ? [
          {
            key: 'email',
            label: t('columns.email'),
            render: (tip: RecurringTip) => tip.email ?? '',
            hideBelow: 'lg' as const,
          },
        ]
      : []),
    ...(showTipjar
      ? [
          {
            key: 'tipjar',
            label: t('columns.tipjar'),
            render: (tip: RecurringTip) => tip.tipjar.name,
            hideBelow: 'md' as const,
          },
        ]
      : []),
    {
      key: 'nextChargeAt',
      label: t('columns.nextCharge'),
      sortable: true,
      render: (tip) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>{tip.nextChargeAt ? formatDate(tip.nextChargeAt, locale) : '—'}</Box>
      ),
      hideBelow: 'sm',
    },
    {
      key: 'failure',
      label: t('columns.failure'),
      render: (tip) => (tip.lastFailureReason ? reasonText(tip.lastFailureReason) : '—'),
      // The mandate's chip already says a payment failed; the reason needs a wide table (or the details).
      hideBelow: 'lg',
    },
    {
      key: 'created',
      label: t('columns.created'),
      sortable: true,
      render: (tip) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDate(tip.created, locale)}</Box>,
      hideBelow: 'lg',
    },
  ];

  return (
    <DataTable
      {...table}
      columns={columns}
      sortDescFirst
      rowTestId="recurringtip-row"
      actionsLabel={t('columns.details')}
      actions={(tip) => <OpenDetailsButton label={t('table.open')} onClick={() => onOpen(tip)} />}
      onRowClick={onOpen}
      toolbar={<ListToolbar state={table.state} onState={table.onState} searchLabel={t('table.search')} />}
    />
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
  const { t } = useTranslation(['recurringtips', 'tips']);
  const period = usePeriodText();
  const locale = useLocale();
  const reasonText = useFailureReason();
  const rows: [string, ReactNode][] | undefined = tip
    ? [
        [t('columns.status'), <RecurringTipStatusChip key="status" status={tip.status} />],
        [t('columns.mandate'), <MandateStatusChip key="mandate" status={tip.mandate.status} />],
        [
          t('columns.amount'),
          <span key="amount">
            {period.amount(tip, formatCents(tip.amount, locale))}
            {tip.nextAmount !== null &&
              tip.status !== 'cancelled' &&
              ` (${period.next(tip, formatCents(tip.nextAmount, locale))})`}
          </span>,
        ],
        [t('columns.level'), tip.level?.name ?? '—'],
        [t('columns.name'), <TipName key="name" tip={tip} />],
        ...(tip.email ? ([[t('columns.email'), tip.email]] as [string, ReactNode][]) : []),
        ...(showTipjar ? ([[t('columns.tipjar'), tip.tipjar.name]] as [string, ReactNode][]) : []),
        [t('dialog.privacy'), t(`tips:privacy.${tip.privacy}`)],
        [t('tips:columns.method'), paymentMethodName(tip.mandate.paymentMethod)],
        [t('dialog.chargeDay'), period.chargeDay(tip, locale)],
        [t('columns.nextCharge'), tip.nextChargeAt ? formatDate(tip.nextChargeAt, locale) : '—'],
        [t('columns.failure'), tip.lastFailureReason ? reasonText(tip.lastFailureReason) : '—'],
        [t('columns.created'), formatDateTime(tip.created, locale)],
        [t('dialog.id'), tip.id],
      ]
    : undefined;
  return (
    <DetailDialog
      titleId="recurringtip-detail-title"
      title={t('dialog.title')}
      maxWidth="md"
      open={open}
      onClose={onClose}
      loading={loading}
      error={error}
      errorText={t('dialog.loadError')}
      rows={rows}
      messageLabel={t('dialog.message')}
      message={tip?.message}
      noMessage={t('dialog.noMessage')}
    >
      <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1, fontSize: '1.1rem' }}>
        {t('history.title')}
      </Typography>
      {tip && <ChargesTable charges={tip.charges} interval={tip.interval} />}
    </DetailDialog>
  );
}
