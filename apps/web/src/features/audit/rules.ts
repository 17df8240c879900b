import {
  AUDIT_FIELDS,
  AUDIT_MONEY_FIELDS,
  type AuditAction,
  type AuditEntityType,
  type AuditEntry,
} from '@podpot/domain';
import type { TableState } from '@/components/data-table';

/** Table state of an audit list: paging/sort/search plus its filters. */
export interface AuditTableState extends TableState {
  action?: AuditAction;
  entityType?: AuditEntityType;
  tipjarId?: string;
  /** Entries by one person (set from a row: the name is shown on the filter chip). */
  actor?: { id: string; name: string };
  /** Dates 'YYYY-MM-DD' (the API includes the whole `to` day). */
  from?: string;
  to?: string;
}

/** Newest first (the API's default order). */
export const DEFAULT_AUDIT_TABLE_STATE: AuditTableState = { page: 1, itemsPerPage: 25 };

/** The state without any filter or search: what "Clear filters" goes back to. */
export function withoutFilters(state: AuditTableState): AuditTableState {
  return { page: 1, itemsPerPage: state.itemsPerPage, sortBy: state.sortBy, sortDesc: state.sortDesc };
}

export function isFiltered(state: AuditTableState): boolean {
  return Boolean(
    state.search || state.action || state.entityType || state.tipjarId || state.actor || state.from || state.to,
  );
}

/**
 * How a field's value reads: money, a status of its kind, a role, yes/no, a merchant type, a person, a
 * payment method, API token scopes, a month, a calendar day, a moment, a code in words, or text.
 */
export type ValueKind =
  | 'money'
  | 'moneyList'
  | 'tipjarStatus'
  | 'invoiceStatus'
  | 'role'
  | 'boolean'
  | 'merchantType'
  | 'user'
  | 'paymentMethod'
  | 'scopeList'
  | 'month'
  | 'day'
  | 'dateTime'
  | 'code'
  | 'text';

const MONTH = /^\d{4}-\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** An enum value the catalogs do not name (ON_HOLD): shown in words rather than as the code. */
const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

export function kindOf(field: string, entityType: AuditEntityType, value: unknown): ValueKind {
  if ((AUDIT_MONEY_FIELDS as readonly string[]).includes(field)) return 'money';
  if (field === 'presetAmounts') return 'moneyList';
  if (field === 'status') return entityType === 'invoice' ? 'invoiceStatus' : 'tipjarStatus';
  if (field === 'role') return 'role';
  if (field === 'merchantType') return 'merchantType';
  if (field === 'userId') return 'user';
  if (field === 'scopes' && Array.isArray(value)) return 'scopeList';
  if (field === 'type' && entityType === 'paymentmethod') return 'paymentMethod';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value !== 'string') return 'text';
  if (field === 'period' && MONTH.test(value)) return 'month';
  if (DAY.test(value)) return 'day';
  if (MOMENT.test(value) && !Number.isNaN(Date.parse(value))) return 'dateTime';
  if (CODE.test(value)) return 'code';
  return 'text';
}

/** An API token scope's catalog key: 'tips:read' → 'tipsRead' (a `:` in a key would name a namespace). */
export function scopeKey(scope: string): string {
  return scope.replace(/:(\w)/g, (_, c: string) => c.toUpperCase());
}

/**
 * A key or code the catalogs have no words for, readable still: 'paidAt' → 'Paid at',
 * 'handed_to_platform' → 'Handed to platform', 'ON_HOLD' → 'On hold'.
 */
export function readable(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface ChangeLine {
  field: string;
  before: unknown;
  after: unknown;
  /** Whether the entry has a before / an after at all (a create has no before, a delete no after). */
  hasBefore: boolean;
  hasAfter: boolean;
}

/** The fields an entry names, in the domain's field order (unknown ones last), each with its two sides. */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): ChangeLine[] {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const rank = (key: string) => {
    const i = (AUDIT_FIELDS as readonly string[]).indexOf(key);
    return i === -1 ? AUDIT_FIELDS.length : i;
  };
  return [...keys]
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => ({
      field,
      before: entry.before?.[field],
      after: entry.after?.[field],
      hasBefore: entry.before !== null && field in entry.before,
      hasAfter: entry.after !== null && field in entry.after,
    }));
}
