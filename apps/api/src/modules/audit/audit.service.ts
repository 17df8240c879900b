import type { AuditAction, AuditEntityType, AuditEntry, AuditField, AuditValues, ListResponse } from '@podpot/domain';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { assertAdmin, isAdmin, loadManagedTipjar } from '../../lib/access.js';
import type { ParsedListQuery } from '../../lib/list-query.js';
import * as repo from './audit.repository.js';

/**
 * The audit trail (docs/decisions/033-audit-trail.md). Every service that changes a money-relevant
 * thing for an admin or maker calls `recordAudit` with the transaction of that change, so the entry
 * exists exactly when the change does: a rollback takes both. It takes a `Tx`, not a handle that may
 * be outside a transaction, so a call that is not inside one does not compile.
 */

export interface AuditChange {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** The tip jar the change belongs to (its admins read it in the backoffice); null for platform-wide things. */
  tipjarId?: string | null;
  /** Only the fields that changed; for a create just `after`, for a delete just `before`. */
  before?: AuditValues;
  after?: AuditValues;
}

/** Keys never written to the trail, whatever a caller passes (belt and braces: callers name fields). */
const SECRET_KEY = /password|hash|token|secret|apikey|idempotency/i;

/** JSON-safe values (dates as ISO text) without anything that looks like a secret; null when nothing is left. */
function cleanValues(values: AuditValues | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const entries = Object.entries(values)
    .filter(([key, value]) => !SECRET_KEY.test(key) && value !== undefined)
    .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** Writes one entry in the caller's transaction: who (and their role now), what, before → after. */
export async function recordAudit(tx: Tx, actor: Actor, change: AuditChange): Promise<void> {
  await writeEntry(tx, { id: actor.userId, role: actor.role }, change, actor.request);
}

/**
 * An entry the platform writes itself, with no person acting (e.g. an alert on many failed logins):
 * no actor, shown as the platform. `request` is the request that set it off, when there was one.
 */
export async function recordPlatformAudit(
  tx: Tx,
  change: AuditChange,
  request?: { id: string; ip: string },
): Promise<void> {
  await writeEntry(tx, { id: null, role: 'ADMIN' }, change, request);
}

async function writeEntry(
  tx: Tx,
  actor: { id: string | null; role: Actor['role'] },
  change: AuditChange,
  request: { id: string; ip: string } | undefined,
): Promise<void> {
  await repo.insertAuditEntry(tx, {
    actorId: actor.id,
    actorRole: actor.role,
    tipjarId: change.tipjarId ?? null,
    entityType: change.entityType,
    entityId: change.entityId,
    action: change.action,
    before: cleanValues(change.before),
    after: cleanValues(change.after),
    requestId: request?.id ?? null,
    ip: request?.ip ?? null,
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The minimal diff of `fields` between two versions of a row: only the fields whose value changed, on
 * both sides; null when none did (then there is nothing to record).
 */
export function changesOf<T extends Partial<Record<AuditField, unknown>>>(
  before: T,
  after: T,
  fields: readonly (keyof T & AuditField)[],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const changed = fields.filter((field) => !same(before[field], after[field]));
  if (changed.length === 0) return null;
  const pick = (row: T) => Object.fromEntries(changed.map((field) => [field, row[field] ?? null]));
  return { before: pick(before), after: pick(after) };
}

/* ---------- reading ---------- */

export type AuditListQuery = ParsedListQuery<repo.AuditSortBy> & repo.AuditFilter;

function toAuditEntry(row: repo.AuditListRow, audience: 'platform' | 'tipjar'): AuditEntry {
  const platformActor = row.actorRole === 'ADMIN';
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: audience === 'tipjar' && platformActor ? null : row.actorId,
    actorRole: row.actorRole,
    // A tip jar's own trail names its own admins; a platform admin is "the platform" there.
    actorName: audience === 'tipjar' && platformActor ? null : (row.actorName ?? null),
    tipjarId: row.tipjarId,
    tipjarName: row.tipjarName ?? null,
    entityType: row.entityType as AuditEntityType,
    entityId: row.entityId,
    entityName: row.entityName ?? null,
    action: row.action as AuditAction,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: audience === 'platform' ? row.requestId : null,
    ip: audience === 'platform' ? row.ip : null,
  };
}

/** GET audit (platform admins): every entry, filtered. */
export async function listAudit(
  ctx: AppContext,
  actor: Actor,
  query: AuditListQuery,
): Promise<ListResponse<AuditEntry>> {
  assertAdmin(actor);
  const { rows, count } = await repo.listAuditEntries(ctx.db, query, query);
  return { data: rows.map((row) => toAuditEntry(row, 'platform')), metadata: { count } };
}

/**
 * GET tipjars/{id}/audit (its admins and platform admins): that tip jar's entries only. Anyone else
 * gets 404 (lib/access.ts), and the filter cannot widen it: the tip jar is always this one. Its own
 * admins see a platform admin as "the platform" (no name, id or request details).
 */
export async function listTipjarAudit(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  query: Omit<AuditListQuery, 'tipjarId'>,
): Promise<ListResponse<AuditEntry>> {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const { rows, count } = await repo.listAuditEntries(ctx.db, query, { ...query, tipjarId: tipjar.id });
  // Platform admins read a tip jar's trail as they read the whole one.
  const audience = isAdmin(actor) ? 'platform' : 'tipjar';
  return { data: rows.map((row) => toAuditEntry(row, audience)), metadata: { count } };
}
