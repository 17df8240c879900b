import { Box } from '@mui/material';
import type { AuditEntry } from '@podpot/domain';
import { useTranslation } from 'react-i18next';
import { type ChangeLine, changeLines, kindOf, readable, scopeKey } from '@/features/audit/rules';
import { paymentMethodName, useFormat } from '@/lib/format';

/** One value as the page's language writes it (money, a status, a role, yes/no, a date, …); '—' for none. */
function useValueText(entry: AuditEntry) {
  const { t } = useTranslation(['audit', 'common', 'invoices']);
  const format = useFormat();
  return (field: string, value: unknown): string => {
    // An API token without an expiry works until it is revoked.
    if (field === 'expiresAt' && value === null) return t('values.untilRevoked');
    if (value === null || value === undefined || value === '') return t('values.empty');
    switch (kindOf(field, entry.entityType, value)) {
      case 'money':
        return format.money(Number(value));
      case 'moneyList':
        return (value as number[]).map((cents) => format.money(cents)).join(', ');
      case 'tipjarStatus':
        return t(`common:tipjarStatus.${value as 'LIVE'}`, { defaultValue: readable(String(value)) });
      case 'invoiceStatus':
        return t(`invoices:status.${value as 'draft'}`, { defaultValue: readable(String(value)) });
      case 'role':
        return t(`common:roles.${value as 'ADMIN'}`, { defaultValue: readable(String(value)) });
      case 'merchantType':
        return t(`values.merchantType.${value as 'consumer'}`, { defaultValue: readable(String(value)) });
      case 'boolean':
        return t(value ? 'values.yes' : 'values.no');
      case 'user':
        // The person it is about, by their current name (the entry keeps only their id).
        return entry.entityName ?? t('actor.unknown');
      case 'scopeList':
        return (value as string[])
          .map((scope) => t(`values.scopes.${scopeKey(scope) as 'tipsRead'}`, { defaultValue: readable(scope) }))
          .join(', ');
      case 'paymentMethod':
        return paymentMethodName(String(value));
      case 'month':
        return format.period(String(value));
      case 'day':
        // A calendar day ('YYYY-MM-DD'): read as that day, never shifted by the reader's time zone.
        return format.day(`${value}T00:00:00Z`, 'medium');
      case 'dateTime':
        return format.dateTime(String(value));
      case 'code':
        return readable(String(value));
      default:
        return String(value);
    }
  };
}

/** One field: 'Status: Live → Suspended'; a create shows only the new value, a delete only the old one. */
function Line({ entry, line }: { entry: AuditEntry; line: ChangeLine }) {
  const { t } = useTranslation('audit');
  const text = useValueText(entry);
  // A field the catalog has no label for (a newer API's) still reads as words: 'paidAt' → 'Paid at'.
  const label = t(`fields.${line.field as 'status'}`, { defaultValue: readable(line.field) });
  let value: string;
  if (line.hasBefore && line.hasAfter) value = `${text(line.field, line.before)} → ${text(line.field, line.after)}`;
  else if (line.hasAfter) value = text(line.field, line.after);
  else value = t('values.was', { value: text(line.field, line.before) });
  return (
    <Box component="li" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value}
    </Box>
  );
}

/** The before → after of an entry, one line per field, with field labels in the page's language. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const lines = changeLines(entry);
  if (lines.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontSize: '0.875rem' }} data-testid="audit-changes">
      {lines.map((line) => (
        <Line key={line.field} entry={entry} line={line} />
      ))}
    </Box>
  );
}
