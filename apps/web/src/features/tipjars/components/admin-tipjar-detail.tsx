import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { nextTipjarStatuses, type Tipjar, type TipjarStatus } from '@podpot/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Page } from '@/components/page';
import { routePath } from '@/config/paths';
import { useUpdateAdminTipjar } from '@/features/tipjars/api/tipjars';
import { DeleteTipjarDialog } from '@/features/tipjars/components/delete-tipjar-dialog';
import { TipjarStatusBadge } from '@/features/tipjars/components/tipjar-status-badge';
import { useFormat } from '@/lib/format';
import { notifySuccess } from '@/lib/notifications';
import { useLocalePath } from '@/lib/use-locale';

/** The statuses an admin can move a tip jar to (the status machine), each with its effect in the catalogs. */
type AdminTarget = 'LIVE' | 'VERIFYING' | 'SUSPENDED' | 'DEACTIVATED';

/**
 * One tip jar for platform admins: details, status change along the status machine, delete (which
 * archives a tip jar with payments; an archived one is shown read-only, docs/money-rules.md §9).
 * `merchant`: the payment-provider section (features/merchants), composed by the page.
 */
export function AdminTipjarDetail({ tipjar, merchant }: { tipjar: Tipjar; merchant: ReactNode }) {
  const { t } = useTranslation(['admin-tipjars', 'common', 'tipjar']);
  const format = useFormat();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const update = useUpdateAdminTipjar(tipjar.id);
  const [confirming, setConfirming] = useState(false);
  const archived = Boolean(tipjar.archivedAt);
  const next = archived ? [] : nextTipjarStatuses(tipjar.status, 'admin');
  const [target, setTarget] = useState<TipjarStatus | ''>('');
  // A status change takes effect on the public page at once: it is confirmed first, naming that effect.
  const [confirmingStatus, setConfirmingStatus] = useState(false);
  const changeStatus = async () => {
    if (!target) return;
    try {
      await update.mutateAsync({ status: target });
      setTarget('');
      notifySuccess(t('common:toasts.tipjarUpdated'));
    } catch {
      // The shared handler showed why (lib/api-errors.ts).
    } finally {
      setConfirmingStatus(false);
    }
  };
  /** A provider status in the reader's language (the registration page's labels). */
  const statusLabel = (group: 'merchantStatus' | 'complianceStatus', status: string | null | undefined) =>
    status ? t(`tipjar:registration.statuses.${group}.${status}`, { defaultValue: status }) : '–';

  const rows: [string, React.ReactNode][] = [
    [
      t('fields.slug'),
      <AppLink key="slug" color="inherit" to={routePath('backofficeDashboard', { tipjarslug: tipjar.slug })}>
        {tipjar.slug}
      </AppLink>,
    ],
    [t('fields.type'), t(`types.${tipjar.type}`)],
    [t('fields.email'), tipjar.email],
    [t('fields.phoneNumber'), tipjar.phoneNumber ?? '–'],
    ...(tipjar.type === 'BUSINESS'
      ? ([
          [t('fields.companyName'), tipjar.companyName ?? '–'],
          [t('fields.cocNumber'), tipjar.cocNumber ?? '–'],
          [t('fields.vatNumber'), tipjar.vatNumber ?? '–'],
        ] as [string, React.ReactNode][])
      : []),
    [t('fields.active'), t(tipjar.active ? 'common:state.active' : 'common:state.inactive')],
    [
      t('fields.merchant'),
      tipjar.oppMerchant
        ? `${statusLabel('complianceStatus', tipjar.oppMerchant.complianceStatus)} / ${statusLabel('merchantStatus', tipjar.oppMerchant.merchantStatus)}`
        : t('fields.noMerchant'),
    ],
    [t('fields.admins'), tipjar.admins.map((admin) => admin.email).join(', ') || '–'],
    [t('fields.created'), format.dateTime(tipjar.created)],
  ];

  return (
    <Page
      title={tipjar.name}
      actions={
        <>
          <TipjarStatusBadge status={tipjar.status} />
          {!archived && (
            <Button color="error" onClick={() => setConfirming(true)}>
              {t('common:actions.delete')}
            </Button>
          )}
        </>
      }
    >
      {tipjar.archivedAt && (
        <Alert severity="info" sx={{ mb: 3, maxWidth: 760 }}>
          {t('deletion.archived', { date: format.date(tipjar.archivedAt) })}
        </Alert>
      )}
      <Paper sx={{ p: 3, mb: 3, maxWidth: 760 }} component="section" aria-labelledby="status-title">
        <Typography id="status-title" variant="h3" component="h2" gutterBottom>
          {t('status.title')}
        </Typography>
        {next.length === 0 ? (
          <Typography>{t('status.none')}</Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('status.to')}
              value={target}
              onChange={(event) => setTarget(event.target.value as TipjarStatus)}
              sx={{ maxWidth: 280, my: 0 }}
            >
              {next.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`common:tipjarStatus.${status}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              disabled={!target || update.isPending}
              onClick={() => setConfirmingStatus(true)}
            >
              {t('status.change')}
            </Button>
          </Box>
        )}
        {target && (
          <ConfirmDialog
            open={confirmingStatus}
            title={t('status.confirmTitle', { name: tipjar.name, status: t(`common:tipjarStatus.${target}`) })}
            text={t(`status.effect.${target as AdminTarget}`, { address: `/${tipjar.slug}` })}
            confirmLabel={t('status.change')}
            loading={update.isPending}
            onConfirm={() => void changeStatus()}
            onClose={() => setConfirmingStatus(false)}
          />
        )}
      </Paper>

      <Paper sx={{ p: 3, mb: 3, maxWidth: 760 }} component="section" aria-labelledby="details-title">
        <Typography id="details-title" variant="h3" component="h2" gutterBottom>
          {t('details')}
        </Typography>
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: 220 }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>

      {merchant}

      <Paper sx={{ p: 3, maxWidth: 760 }} component="section" aria-labelledby="addons-title">
        <Typography id="addons-title" variant="h3" component="h2" gutterBottom>
          {t('addons.title')}
        </Typography>
        <Table size="small" aria-labelledby="addons-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('addons.type')}</TableCell>
              <TableCell>{t('addons.created')}</TableCell>
              <TableCell>{t('addons.amount')}</TableCell>
              <TableCell>{t('addons.payment')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tipjar.addons.map((addon) => (
              <TableRow key={addon.id}>
                <TableCell>{t(`addons.types.${addon.type.name}`, { defaultValue: addon.type.name })}</TableCell>
                <TableCell>{format.dateTime(addon.created)}</TableCell>
                <TableCell>{format.money(addon.costTotalWithTax)}</TableCell>
                <TableCell>
                  {addon.oppTransaction
                    ? t(`addons.paymentStatus.${addon.oppTransaction.status}`, {
                        defaultValue: addon.oppTransaction.status,
                      })
                    : '–'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>

      <DeleteTipjarDialog
        tipjar={confirming ? tipjar : null}
        onClose={() => setConfirming(false)}
        onDone={() => navigate(localePath(routePath('adminTipjars')))}
      />
    </Page>
  );
}
