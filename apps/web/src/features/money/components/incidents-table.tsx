import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { PAYMENT_OWNER_KINDS, type PaymentIncident, type PaymentOwnerKind } from '@podpot/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/app-link';
import { type Column, DataTable, type DataTableProps, OpenDetailsButton } from '@/components/data-table';
import { FactList } from '@/components/fact-list';
import { routePath } from '@/config/paths';
import { type IncidentOwnerTarget, ownerTargetOf } from '@/features/money/rules';
import { useFormat } from '@/lib/format';
import { usePhone } from '@/lib/use-phone';

/** Shown only while the table is phone-wide (below the `sm` of the data table's container queries). */
const WIDE_TABLE_HIDES = { '@container (min-width: 600px)': { display: 'none' } };

/**
 * Money incidents as platform admins read them: a paged table (newest first) of what happened, how
 * much, what the money was for and where it stands, and the whole incident with what it means.
 */

/** What the money was for, in words: a tip, a month of a monthly tip, an order; a kind we do not know as it is. */
function useOwnerName() {
  const { t } = useTranslation('money');
  const format = useFormat();
  return (incident: PaymentIncident) => {
    if (!(PAYMENT_OWNER_KINDS as readonly string[]).includes(incident.ownerKind)) return incident.ownerKind;
    const kind = incident.ownerKind as PaymentOwnerKind;
    if (kind === 'recurring_charge') {
      return incident.period
        ? t('incidents.owner.recurring_charge', { month: format.period(incident.period) })
        : t('incidents.owner.recurringChargeNoMonth');
    }
    return t(`incidents.owner.${kind}`);
  };
}

/** Where an incident stands: its refund (a month collected twice), the mandate's word, or a decision to make. */
function useStandingOf() {
  const { t } = useTranslation('money');
  return (incident: PaymentIncident) => {
    if (incident.kind === 'double_collection') {
      if (!incident.refundUid) return t('incidents.status.refundOpen');
      // The provider's refund words (created → pending → completed); a word we do not know as it is.
      if (incident.refundStatus === 'completed') return t('incidents.status.refunded');
      if (incident.refundStatus === 'created' || incident.refundStatus === 'pending') {
        return t('incidents.status.refundPending');
      }
      return t('incidents.status.refundOther', { status: incident.refundStatus ?? '—' });
    }
    if (incident.kind === 'unknown_mandate_status' && incident.providerStatus) {
      return t('incidents.status.mandateWord', { word: incident.providerStatus });
    }
    return t('incidents.status.decide');
  };
}

/**
 * What the money was for: its tip jar (a link to the tip jar's admin page) and the tip or month,
 * which opens the tip or the monthly tip where the page can show it.
 */
function IncidentOwner({
  incident,
  onOpenOwner,
}: {
  incident: PaymentIncident;
  onOpenOwner?: (target: IncidentOwnerTarget) => void;
}) {
  const { t } = useTranslation('money');
  const ownerName = useOwnerName();
  const target = ownerTargetOf(incident);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 120 }}>
      {incident.tipjar && (
        <AppLink to={routePath('adminTipjar', { tipjarid: incident.tipjar.id })} sx={{ overflowWrap: 'anywhere' }}>
          {incident.tipjar.name}
        </AppLink>
      )}
      {target && onOpenOwner ? (
        <Link
          component="button"
          type="button"
          variant="body2"
          color="text.secondary"
          onClick={() => onOpenOwner(target)}
          aria-label={`${ownerName(incident)}: ${t(target.kind === 'tip' ? 'incidents.owner.openTip' : 'incidents.owner.openRecurringTip')}`}
          sx={{ textAlign: 'left' }}
        >
          {ownerName(incident)}
        </Link>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {ownerName(incident)}
        </Typography>
      )}
    </Box>
  );
}

/** The whole incident: what it means and every fact we hold of it. */
function IncidentDialog({
  incident,
  onClose,
  onOpenOwner,
}: {
  incident: PaymentIncident | null;
  onClose: () => void;
  onOpenOwner?: (target: IncidentOwnerTarget) => void;
}) {
  const { t } = useTranslation(['money', 'common']);
  const phone = usePhone();
  const format = useFormat();
  const standingOf = useStandingOf();
  const optional = (label: string, value: ReactNode | null | undefined): [string, ReactNode][] =>
    value === null || value === undefined || value === '' ? [] : [[label, value]];
  const facts: [string, ReactNode][] = incident
    ? [
        [t(`incidents.amountOf.${incident.kind}`), format.money(incident.amount)],
        [t('incidents.columns.status'), standingOf(incident)],
        [
          t('incidents.detail.owner'),
          <IncidentOwner
            key="owner"
            incident={incident}
            onOpenOwner={
              onOpenOwner &&
              ((target) => {
                onClose();
                onOpenOwner(target);
              })
            }
          />,
        ],
        ...optional(t('incidents.detail.transaction'), incident.oppTransactionUid),
        ...optional(
          t('incidents.detail.refund'),
          incident.refundUid && `${incident.refundUid}${incident.refundStatus ? ` (${incident.refundStatus})` : ''}`,
        ),
        ...optional(t('incidents.detail.providerStatus'), incident.providerStatus),
        ...optional(t('incidents.detail.lastError'), incident.lastError),
        [t('incidents.detail.created'), format.dateTime(incident.created)],
        [t('incidents.detail.id'), incident.id],
      ]
    : [];
  return (
    <Dialog
      open={Boolean(incident)}
      onClose={onClose}
      aria-labelledby="incident-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id="incident-title">{incident ? t(`incidents.kind.${incident.kind}`) : ''}</DialogTitle>
      <DialogContent tabIndex={0}>
        {incident && <Typography sx={{ mb: 2 }}>{t(`incidents.explain.${incident.kind}`)}</Typography>}
        <FactList facts={facts} stacked={phone} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The incidents table: when, what (in words), the amount, what the money was for (its tip jar
 * linked, its tip or monthly tip opened by `onOpenOwner`) and where it stands, the provider's last
 * error under it. A row opens the whole incident.
 */
export function IncidentsTable({
  onOpenOwner,
  ...table
}: DataTableProps<PaymentIncident> & {
  /** Opens the tip or the monthly tip an incident was for (the page shows them); none: their names only. */
  onOpenOwner?: (target: IncidentOwnerTarget) => void;
}) {
  const { t } = useTranslation('money');
  const format = useFormat();
  const standingOf = useStandingOf();
  const [open, setOpen] = useState<PaymentIncident | null>(null);
  const columns: Column<PaymentIncident>[] = [
    {
      key: 'created',
      label: t('incidents.columns.created'),
      // May wrap (date, then time).
      render: (incident) => <Box sx={{ minWidth: 90 }}>{format.dateTime(incident.created)}</Box>,
      hideBelow: 'sm',
    },
    {
      key: 'kind',
      label: t('incidents.columns.kind'),
      render: (incident) => (
        <Box sx={{ minWidth: 120 }}>
          {t(`incidents.kind.${incident.kind}`)}
          {/* In a phone-wide table the When column gives way: its date stays, under what happened. */}
          <Typography variant="caption" component="div" color="text.secondary" sx={WIDE_TABLE_HIDES}>
            {format.dateTime(incident.created)}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'amount',
      label: t('incidents.columns.amount'),
      render: (incident) => <Box sx={{ whiteSpace: 'nowrap' }}>{format.money(incident.amount)}</Box>,
    },
    {
      key: 'owner',
      label: t('incidents.columns.owner'),
      render: (incident) => (
        <Box sx={{ minWidth: 150 }}>
          <IncidentOwner incident={incident} onOpenOwner={onOpenOwner} />
        </Box>
      ),
      hideBelow: 'sm',
    },
    {
      key: 'status',
      label: t('incidents.columns.status'),
      render: (incident) => (
        <Box sx={{ minWidth: 140 }}>
          {standingOf(incident)}
          {incident.lastError && (
            // At most two lines, the whole error in its title and in the incident.
            <Typography
              variant="body2"
              color="error"
              title={incident.lastError}
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {t('incidents.status.lastError', { error: incident.lastError })}
            </Typography>
          )}
        </Box>
      ),
      hideBelow: 'md',
    },
  ];
  return (
    <>
      <DataTable
        {...table}
        columns={columns}
        rowTestId="incident-row"
        onRowClick={setOpen}
        actionsLabel={t('incidents.columns.details')}
        actions={(incident) => (
          <OpenDetailsButton label={t('incidents.detail.open')} onClick={() => setOpen(incident)} />
        )}
      />
      <IncidentDialog incident={open} onClose={() => setOpen(null)} onOpenOwner={onOpenOwner} />
    </>
  );
}
