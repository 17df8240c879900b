import type { AuditAction, InvoiceStatus } from '@podpot/domain';
import type { Actor } from '../../context.js';
import type { Tx } from '../../db/client.js';
import {
  type AuditChange,
  changesOf,
  recordAudit as recordActorAudit,
  recordPlatformAudit,
} from '../audit/audit.service.js';

/** What the audit trail keeps of an invoice: its number, month, status and totals. */
interface InvoiceFacts {
  id: string;
  tipjarId: string;
  number: string;
  period: string | null;
  status: InvoiceStatus;
  totalExVat: number;
  totalInclVat: number;
}

const facts = (row: InvoiceFacts) => ({
  number: row.number,
  period: row.period,
  status: row.status,
  totalExVat: row.totalExVat,
  totalInclVat: row.totalInclVat,
});

const ACTION_OF_STATUS: Partial<Record<InvoiceStatus, AuditAction>> = {
  sent: 'invoice.sent',
  paid: 'invoice.paid',
  void: 'invoice.voided',
};

/**
 * Records an invoice made (`before` undefined), changed or deleted (`after` undefined), in the
 * transaction of that change. A change names its new status (sent, paid, voided) or is an update of
 * its lines; it records only what changed, and nothing when nothing did. A null actor: the platform made
 * it itself (the invoice of a paid order, decision 080).
 */
export async function auditInvoice(
  tx: Tx,
  actor: Actor | null,
  before: InvoiceFacts | undefined,
  after: InvoiceFacts | undefined,
): Promise<void> {
  const recordAudit = (t: Tx, a: Actor | null, change: AuditChange) =>
    a ? recordActorAudit(t, a, change) : recordPlatformAudit(t, change);
  const row = (after ?? before)!;
  const about = { entityType: 'invoice' as const, entityId: row.id, tipjarId: row.tipjarId };
  if (!before) return recordAudit(tx, actor, { ...about, action: 'invoice.created', after: facts(row) });
  if (!after) return recordAudit(tx, actor, { ...about, action: 'invoice.deleted', before: facts(row) });
  const changes = changesOf(facts(before), facts(after), ['status', 'totalExVat', 'totalInclVat']);
  if (!changes) return;
  const action = (before.status !== after.status && ACTION_OF_STATUS[after.status]) || 'invoice.updated';
  await recordAudit(tx, actor, { ...about, action, ...changes, after: { number: after.number, ...changes.after } });
}
