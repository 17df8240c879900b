import { Box, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import {
  formatCents,
  type Refund,
  shownEpisodeNumber,
  TIP_STATUS_COLOR,
  TIP_STATUSES,
  type Tip,
  type TipEpisodeRef,
  type TipStatus,
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
import { refundStage } from '@/features/tips/rules';
import { formatDateTime, paymentMethodName } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** Table state of a tips list: paging/sort/search (domain toListQuery) plus a status filter. */
export interface TipsTableState extends TableState {
  status?: TipStatus;
  /** Only the tips given for this episode (the backoffice's Episodes page links here with it). */
  episodeId?: string;
}

/** The ordering of a tip jar's tips: updated, newest first (docs/product.md §9). */
export const DEFAULT_TIPS_TABLE_STATE: TipsTableState = {
  page: 1,
  itemsPerPage: 25,
  sortBy: 'updated',
  sortDesc: true,
};

/** How a tip's episode is named in lists: 'Episode 42: Title', or the title alone without a number. */
export function useEpisodeName() {
  const { t } = useTranslation('tips');
  return (episode: Pick<TipEpisodeRef, 'title' | 'number'>) => {
    const number = shownEpisodeNumber(episode);
    return number === null ? episode.title : t('episode.numbered', { number, title: episode.title });
  };
}

export function TipStatusChip({ status }: { status: TipStatus }) {
  const { t } = useTranslation('tips');
  return <Chip size="small" color={TIP_STATUS_COLOR[status]} label={t(`status.${status}`)} />;
}

/**
 * The tips table of the backoffice and of admin: status badge, amount, name per privacy, message,
 * method and date; paging, sorting, search and a status filter; a row opens the tip's details.
 */
export function TipsTable({
  onOpen,
  tipjarName,
  showEmail = false,
  wallSwitch,
  ...table
}: DataTableProps<Tip, TipsTableState> & {
  onOpen: (tip: Tip) => void;
  /** Backoffice: a column with the switch that shows a tip's message on the supporter wall. */
  wallSwitch?: (tip: Tip) => ReactNode;
  /** Admin: a column with the tip jar of each tip. */
  tipjarName?: (tipjarId: string) => string;
  showEmail?: boolean;
}) {
  const { t } = useTranslation('tips');
  const locale = useLocale();
  const episodeName = useEpisodeName();
  const { state, onState } = table;
  const columns: Column<Tip>[] = [
    {
      key: 'status',
      label: t('columns.status'),
      sortable: true,
      render: (tip) => <TipStatusChip status={tip.status} />,
    },
    {
      key: 'amount',
      label: t('columns.amount'),
      sortable: true,
      render: (tip) => (
        <>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatCents(tip.amount, locale)}
          </Box>
          {tip.refundedAmount > 0 && (
            <Typography variant="caption" color="text.secondary" component="div" data-testid="tip-refunded">
              {t('refunded', { amount: formatCents(tip.refundedAmount, locale) })}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'name', label: t('columns.name'), render: (tip) => <TipName tip={tip} />, truncate: 140 },
    ...(showEmail
      ? [{ key: 'email', label: t('columns.email'), render: (tip: Tip) => tip.email ?? '', hideBelow: 'lg' as const }]
      : []),
    ...(tipjarName
      ? [
          {
            key: 'tipjar',
            label: t('columns.tipjar'),
            render: (tip: Tip) => tipjarName(tip.tipjarId),
            truncate: 120,
            hideBelow: 'md' as const,
          },
        ]
      : []),
    {
      key: 'message',
      label: t('columns.message'),
      render: (tip) => tip.message,
      truncate: 180,
      // Beside the tip jar column (admin) only in a wide table; the maker's own list has room for it.
      hideBelow: tipjarName ? 'lg' : 'md',
    },
    {
      key: 'episode',
      label: t('columns.episode'),
      render: (tip) => (tip.episode ? episodeName(tip.episode) : ''),
      truncate: 160,
      // Only on a wide screen (the list must fit at 1280 px); always in the tip's details.
      hideBelow: 'xl',
    },
    ...(wallSwitch ? [{ key: 'wall', label: t('wall.column'), render: wallSwitch, hideBelow: 'sm' as const }] : []),
    {
      key: 'method',
      label: t('columns.method'),
      render: (tip) => paymentMethodName(tip.paymentMethod),
      hideBelow: 'lg',
    },
    {
      key: 'updated',
      label: t('columns.date'),
      sortable: true,
      render: (tip) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(tip.updated, locale)}</Box>,
      hideBelow: 'sm',
    },
  ];

  return (
    <DataTable
      {...table}
      columns={columns}
      sortDescFirst
      filtered={Boolean(state.search || state.status || state.episodeId)}
      clearFilters={{ ...state, page: 1, search: undefined, status: undefined, episodeId: undefined }}
      rowTestId="tip-row"
      onRowClick={onOpen}
      actionsLabel={t('columns.details')}
      actions={(tip) => <OpenDetailsButton label={t('table.open')} onClick={() => onOpen(tip)} />}
      toolbar={
        <ListToolbar
          state={state}
          onState={onState}
          searchLabel={t('table.search')}
          filters={[
            {
              name: 'status',
              label: t('table.statusFilter'),
              allLabel: t('table.allStatuses'),
              statuses: TIP_STATUSES,
              labelOf: (status) => t(`status.${status}`),
            },
          ]}
        />
      }
    />
  );
}

/** A tip's refunds and chargebacks: what went back, when, and why; a failed one stands out. */
function TipRefunds({ refunds }: { refunds: Refund[] }) {
  const { t } = useTranslation('tips');
  const locale = useLocale();
  if (refunds.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="tip-refunds-title" sx={{ mt: 2 }}>
      <Typography id="tip-refunds-title" variant="subtitle2" component="h3">
        {t('refunds.title')}
      </Typography>
      <List dense disablePadding>
        {refunds.map((refund) => (
          <ListItem key={refund.id} disableGutters divider data-testid="tip-refund">
            <ListItemText
              primary={`${t(`refunds.kind.${refund.kind}`)}: ${formatCents(refund.amount, locale)}${
                refund.status === 'completed' ? '' : ` (${t(`refunds.status.${refundStage(refund)}`)})`
              }`}
              slotProps={{ primary: refund.status === 'failed' ? { color: 'error' } : undefined }}
              secondary={[formatDateTime(refund.created, locale), refund.reason].filter(Boolean).join(' — ')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * The details of one tip; `tip` may come from the list while the detail call refreshes it. Its
 * refunds and chargebacks are listed below the message; `actions` (admin: the refund button) after them.
 */
export function TipDetailDialog({
  tip,
  open,
  onClose,
  loading = false,
  error = false,
  tipjarName,
  refunds = [],
  actions,
}: {
  tip: Tip | undefined;
  open: boolean;
  onClose: () => void;
  loading?: boolean;
  error?: boolean;
  tipjarName?: string;
  refunds?: Refund[];
  actions?: ReactNode;
}) {
  const { t } = useTranslation('tips');
  const locale = useLocale();
  const episodeName = useEpisodeName();
  const rows: [string, ReactNode][] | undefined = tip
    ? [
        [t('columns.status'), <TipStatusChip key="status" status={tip.status} />],
        [t('columns.amount'), formatCents(tip.amount, locale)],
        ...(tip.refundedAmount > 0
          ? ([[t('detail.refunded'), formatCents(tip.refundedAmount, locale)]] as [string, ReactNode][])
          : []),
        [t('detail.fee'), formatCents(tip.fee - tip.refundedFee, locale)],
        [t('detail.net'), formatCents(tip.amount - tip.refundedAmount - (tip.fee - tip.refundedFee), locale)],
        [t('columns.name'), <TipName key="name" tip={tip} />],
        [t('detail.privacy'), t(`privacy.${tip.privacy}`)],
        ...(tip.email ? ([[t('columns.email'), tip.email]] as [string, ReactNode][]) : []),
        ...(tipjarName ? ([[t('columns.tipjar'), tipjarName]] as [string, ReactNode][]) : []),
        ...(tip.episode ? ([[t('columns.episode'), episodeName(tip.episode)]] as [string, ReactNode][]) : []),
        [t('columns.method'), paymentMethodName(tip.paymentMethod)],
        [t('detail.created'), formatDateTime(tip.created, locale)],
        [t('detail.updated'), formatDateTime(tip.updated, locale)],
        [t('detail.id'), tip.id],
      ]
    : undefined;
  return (
    <DetailDialog
      titleId="tip-detail-title"
      title={
        <>
          {t('detail.title')}
          {tip?.recurringTipId && <Chip size="small" sx={{ ml: 1 }} label={t('recurring')} />}
        </>
      }
      maxWidth="sm"
      open={open}
      onClose={onClose}
      loading={loading}
      error={error}
      errorText={t('detail.loadError')}
      rows={rows}
      messageLabel={t('columns.message')}
      message={tip?.message}
      noMessage={t('detail.noMessage')}
    >
      <TipRefunds refunds={refunds} />
      {actions && <Box sx={{ mt: 2 }}>{actions}</Box>}
    </DetailDialog>
  );
}
