import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { auditLog, tipjars, users } from '../../db/schema/index.js';
import { likePattern, orderOf, type ParsedListQuery, windowOf } from '../../lib/list-query.js';

/**
 * The only code touching audit_log: it inserts (in the caller's transaction) and reads. There is no
 * update or delete here on purpose, and the database refuses both (migration 0017).
 */
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(tx: Tx, values: NewAuditRow): Promise<void> {
  await tx.insert(auditLog).values(values);
}

export interface AuditFilter {
  tipjarId?: string;
  actorId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

export const AUDIT_SORTABLE_COLUMNS = { at: auditLog.at, action: auditLog.action };
export type AuditSortBy = keyof typeof AUDIT_SORTABLE_COLUMNS;

const actors = alias(users, 'actor');
const subjects = alias(users, 'subject');

/** A user's name as lists show it: first and last name, else the e-mail address. */
const nameOf = (u: typeof actors | typeof subjects) =>
  sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${u.firstName}, ${u.lastName})), ''), ${u.email})`;

/** A page of entries, newest first unless sorted otherwise, with the current names of whom they name. */
export async function listAuditEntries(db: DbOrTx, query: ParsedListQuery<AuditSortBy>, filter: AuditFilter) {
  const search = query.search
    ? or(
        ilike(actors.email, likePattern(query.search)),
        ilike(sql`concat_ws(' ', ${actors.firstName}, ${actors.lastName})`, likePattern(query.search)),
        ilike(tipjars.name, likePattern(query.search)),
      )
    : undefined;
  const conditions: (SQL | undefined)[] = [
    search,
    filter.tipjarId ? eq(auditLog.tipjarId, filter.tipjarId) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  ];
  const where = and(...conditions);
  const { offset, limit } = windowOf(query);
  const base = () =>
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorRole: auditLog.actorRole,
        actorName: nameOf(actors),
        tipjarId: auditLog.tipjarId,
        tipjarName: tipjars.name,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        entityName: nameOf(subjects),
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        requestId: auditLog.requestId,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .leftJoin(tipjars, eq(tipjars.id, auditLog.tipjarId))
      .leftJoin(subjects, and(eq(auditLog.entityType, 'user'), eq(subjects.id, auditLog.entityId)));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...orderOf(query, AUDIT_SORTABLE_COLUMNS, [desc(auditLog.at)], auditLog.id))
      .offset(offset)
      .limit(limit),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .leftJoin(tipjars, eq(tipjars.id, auditLog.tipjarId))
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export type AuditListRow = Awaited<ReturnType<typeof listAuditEntries>>['rows'][number];
