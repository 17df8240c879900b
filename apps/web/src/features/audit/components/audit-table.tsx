import FilterAltIcon from '@mui/icons-material/FilterAlt';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditEntry } from '@podpot/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type DataTableProps, OpenDetailsButton } from '@/components/data-table';
import { FactList } from '@/components/fact-list';
import { ListToolbar } from '@/components/list-toolbar';
import { AuditChanges } from '@/features/audit/components/audit-changes';
import { type AuditTableState, isFiltered, withoutFilters } from '@/features/audit/rules';
import { useFormat } from '@/lib/format';
import { usePhone } from '@/lib/use-phone';

/** Who made a change: their name; a platform admin in a tip jar's own history is "the platform". */
function useActorName() {
  const { t } = useTranslation('audit');
  return (entry: AuditEntry) =>
    entry.actorName ?? (entry.actorRole === 'ADMIN' && !entry.actorId ? t('actor.platform') : t('actor.unknown'));
}

/** A date filter ('YYYY-MM-DD'); empty = none. */
function DateFilter({ label, value, onChange }: { label: string; value?: string; onChange: (v?: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      margin="none"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 170 }}
    />
  );
}

/** The tip jar filter of the admin's list: one option per tip jar the page knows, plus "all". */
function TipjarFilter({
  tipjars,
  value,
  onChange,
}: {
  tipjars: Map<string, string>;
  value?: string;
  onChange: (id?: string) => void;
}) {
  const { t } = useTranslation('audit');
  return (
    <TextField
      select
      size="small"
      margin="none"
      label={t('filters.tipjar')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('filters.allTipjars')}</MenuItem>
      {[...tipjars].map(([id, name]) => (
        <MenuItem key={id} value={id}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One entry in full: when, who, what, about what, the change, and (platform admins) the request. */
function AuditEntryDialog({
  entry,
  onClose,
  onFilterActor,
}: {
  entry: AuditEntry | null;
  onClose: () => void;
  onFilterActor?: (entry: AuditEntry) => void;
}) {
  const { t } = useTranslation(['audit', 'common']);
  const phone = usePhone();
  const format = useFormat();
  const actorName = useActorName();
  const facts: [string, ReactNode][] = entry
    ? [
        [t('columns.at'), format.dateTime(entry.at)],
        [t('columns.actor'), `${actorName(entry)} (${t(`common:roles.${entry.actorRole}`)})`],
        [t('columns.action'), t(`actions.${entry.action}`)],
        ...(entry.tipjarName ? [[t('columns.tipjar'), entry.tipjarName] as [string, ReactNode]] : []),
        [t('columns.entity'), t(`entities.${entry.entityType}`)],
        [t('columns.changes'), <AuditChanges key="changes" entry={entry} />],
        ...(entry.requestId ? [[t('detail.request'), entry.requestId] as [string, ReactNode]] : []),
        ...(entry.ip ? [[t('detail.ip'), entry.ip] as [string, ReactNode]] : []),
      ]
    : [];
  return (
    <Dialog
      open={Boolean(entry)}
      onClose={onClose}
      aria-labelledby="audit-entry-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id="audit-entry-title">{entry ? t(`actions.${entry.action}`) : ''}</DialogTitle>
      <DialogContent tabIndex={0}>
        <FactList facts={facts} />
      </DialogContent>
      <DialogActions>
        {entry?.actorId && onFilterActor && (
          <Button startIcon={<FilterAltIcon />} onClick={() => onFilterActor(entry)}>
            {t('detail.onlyThisActor')}
          </Button>
        )}
        <Button onClick={onClose} color="inherit">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The audit trail as a table (admin: every tip jar, with a tip jar filter and "only this person"; a
 * tip jar's history: its own): when, who, what, the change; filters by action, subject and dates,
 * and a search by person or tip jar. A row opens the whole entry.
 */
export function AuditTable({
  tipjars,
  ...table
}: DataTableProps<AuditEntry, AuditTableState> & {
  /** Admin: the tip jars to filter on (id → name); also shows each entry's tip jar. */
  tipjars?: Map<string, string>;
}) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const actorName = useActorName();
  const { state, onState } = table;
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const set = (patch: Partial<AuditTableState>) => onState({ ...state, page: 1, ...patch });

  const columns: Column<AuditEntry>[] = [
    {
      key: 'at',
      label: t('columns.at'),
      sortable: true,
      // May wrap (date, then time) so a phone keeps who and what in view.
      render: (entry) => <Box sx={{ minWidth: 90 }}>{format.dateTime(entry.at)}</Box>,
    },
    { key: 'actor', label: t('columns.actor'), render: actorName, truncate: 140 },
    { key: 'action', label: t('columns.action'), sortable: true, render: (entry) => t(`actions.${entry.action}`) },
    ...(tipjars
      ? [
          {
            key: 'tipjar',
            label: t('columns.tipjar'),
            render: (entry: AuditEntry) => entry.tipjarName ?? '',
            truncate: 140,
            hideBelow: 'md' as const,
          },
        ]
      : []),
    {
      key: 'changes',
      label: t('columns.changes'),
      render: (entry) => <AuditChanges entry={entry} />,
      hideBelow: 'sm',
    },
  ];

  return (
    <>
      <DataTable
        {...table}
        columns={columns}
        sortDescFirst
        filtered={isFiltered(state)}
        clearFilters={withoutFilters(state)}
        rowTestId="audit-row"
        onRowClick={setOpen}
        actionsLabel={t('columns.details')}
        actions={(entry) => <OpenDetailsButton label={t('detail.open')} onClick={() => setOpen(entry)} />}
        toolbar={
          <ListToolbar
            state={state}
            onState={onState}
            searchLabel={t('filters.search')}
            filters={[
              {
                name: 'action',
                label: t('filters.action'),
                allLabel: t('filters.allActions'),
                statuses: AUDIT_ACTIONS,
                labelOf: (action) => t(`actions.${action}`),
              },
              {
                name: 'entityType',
                label: t('filters.entity'),
                allLabel: t('filters.allEntities'),
                statuses: AUDIT_ENTITY_TYPES,
                labelOf: (entity) => t(`entities.${entity}`),
              },
            ]}
          >
            {tipjars && (
              <TipjarFilter tipjars={tipjars} value={state.tipjarId} onChange={(tipjarId) => set({ tipjarId })} />
            )}
            <DateFilter label={t('filters.from')} value={state.from} onChange={(from) => set({ from })} />
            <DateFilter label={t('filters.to')} value={state.to} onChange={(to) => set({ to })} />
            {state.actor && (
              <Chip
                label={t('filters.actor', { name: state.actor.name })}
                onDelete={() => set({ actor: undefined })}
                sx={{ alignSelf: 'center' }}
              />
            )}
          </ListToolbar>
        }
      />
      <AuditEntryDialog
        entry={open}
        onClose={() => setOpen(null)}
        onFilterActor={
          tipjars
            ? (entry) => {
                set({ actor: { id: entry.actorId!, name: actorName(entry) } });
                setOpen(null);
              }
            : undefined
        }
      />
    </>
  );
}
