import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Chip,
  type ChipProps,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatCents, type Invoice, type InvoiceLineText, type InvoiceStatus } from '@podpot/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocaleRouterLink } from '@/components/app-link';
import { type Column, DataTable, type DataTableProps, type TableState } from '@/components/data-table';
import { formatDate, formatPeriod, useFormat } from '@/lib/format';
import { useLocale, useLocalePath } from '@/lib/use-locale';

/** Invoices as both the admin and the backoffice show them: a paged table and the invoice itself. */

export const DEFAULT_INVOICES_TABLE_STATE: TableState = { page: 1, itemsPerPage: 25 };

const STATUS_COLOR: Record<InvoiceStatus, ChipProps['color']> = {
  draft: 'default',
  sent: 'info',
  paid: 'success',
  void: 'warning',
};

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />;
}

/** Below the `sm` container width the period, status and date columns give way; the number cell shows them instead. */
const NARROW = '@container (max-width: 599.95px)';

export function InvoicesTable({
  detailPath,
  showTipjar = false,
  toolbar,
  ...props
}: DataTableProps<Invoice> & {
  /** Where a row's invoice opens. */
  detailPath: (invoice: Invoice) => string;
  showTipjar?: boolean;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const columns: Column<Invoice>[] = [
    {
      key: 'number',
      label: t('columns.number'),
      // On a phone the row stacks: the number, the period (or a one-off invoice's date) and the status.
      render: (r) => (
        <>
          {r.number}
          <Box sx={{ display: 'none', [NARROW]: { display: 'block' } }}>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {r.period ? formatPeriod(r.period, locale) : formatDate(r.created, locale)}
            </Typography>
            <InvoiceStatusChip status={r.status} />
          </Box>
        </>
      ),
      sortable: true,
    },
    ...(showTipjar ? [{ key: 'tipjar', label: t('columns.tipjar'), render: (r: Invoice) => r.tipjarName }] : []),
    {
      key: 'period',
      label: t('columns.period'),
      render: (r) => (r.period ? formatPeriod(r.period, locale) : '—'),
      sortable: true,
      hideBelow: 'sm',
    },
    {
      key: 'status',
      label: t('columns.status'),
      render: (r) => <InvoiceStatusChip status={r.status} />,
      hideBelow: 'sm',
    },
    {
      key: 'totalInclVat',
      label: t('columns.totalInclVat'),
      render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatCents(r.totalInclVat, locale)}</Box>,
      sortable: true,
    },
    {
      key: 'created',
      label: t('columns.created'),
      render: (r) => formatDate(r.created, locale),
      sortable: true,
      hideBelow: 'sm',
    },
  ];
  return (
    <DataTable
      {...props}
      columns={columns}
      toolbar={toolbar}
      rowTestId="invoice-row"
      sortDescFirst
      // A tap anywhere on the row opens the invoice, as its link does (the link is the keyboard's way).
      onRowClick={(row) => navigate(localePath(detailPath(row)))}
      actionsLabel={t('columns.actions')}
      actions={(row) => (
        <IconButton component={LocaleRouterLink} to={detailPath(row)} aria-label={t('actions.open')}>
          <OpenInNewIcon />
        </IconButton>
      )}
    />
  );
}

/** The invoice: number, status, dates, lines and totals (amounts in cents, shown in the user's language). */
export function InvoiceDetails({ invoice, actions }: { invoice: Invoice; actions?: ReactNode }) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const money = format.money;
  /** A line the platform wrote, in the reader's language. */
  const lineText = (text: InvoiceLineText) => {
    if (text.key === 'order') return t('lines.order', { product: text.product, tipjar: text.tipjar });
    return text.key === 'platformFee'
      ? t('lines.platformFee', { count: text.tips, period: format.period(text.period) })
      : t('lines.feeCredit', { count: text.count });
  };
  return (
    <Paper sx={{ p: 3 }} data-testid="invoice-details">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h3" component="h2">
          {invoice.number}
        </Typography>
        <InvoiceStatusChip status={invoice.status} />
        <Typography color="text.secondary">{invoice.tipjarName}</Typography>
        {invoice.period && <Typography color="text.secondary">{format.period(invoice.period)}</Typography>}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('detail.issuedAt')}: {invoice.issuedAt ? format.date(invoice.issuedAt) : t('detail.notYet')} ·{' '}
        {t('detail.sentAt')}: {invoice.sentAt ? format.date(invoice.sentAt) : t('detail.notYet')}
      </Typography>
      <Table size="small" sx={{ my: 2 }} aria-label={invoice.number}>
        <TableHead>
          <TableRow>
            <TableCell>{t('detail.description')}</TableCell>
            <TableCell align="right">{t('detail.quantity')}</TableCell>
            <TableCell align="right">{t('detail.unitPrice')}</TableCell>
            <TableCell align="right">{t('detail.lineTotal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.lines.map((line, i) => (
            // Lines have no id; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableRow key={i}>
              <TableCell>{line.text ? lineText(line.text) : line.description}</TableCell>
              <TableCell align="right">{format.number(line.quantity)}</TableCell>
              <TableCell align="right">{money(line.unitPriceExVat)}</TableCell>
              <TableCell align="right">{money(line.totalExVat)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} align="right">
              {t('detail.totalExVat')}
            </TableCell>
            <TableCell align="right">{money(invoice.totalExVat)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3} align="right">
              {t('detail.vat')}
            </TableCell>
            <TableCell align="right">{money(invoice.vat)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3} align="right">
              <strong>{t('detail.totalInclVat')}</strong>
            </TableCell>
            <TableCell align="right" data-testid="invoice-total">
              <strong>{money(invoice.totalInclVat)}</strong>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Paper>
  );
}
