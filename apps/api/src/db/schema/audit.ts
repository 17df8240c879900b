import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/**
 * The audit trail (migration 0017, docs/decisions/033-audit-trail.md): one row per change an admin or
 * maker made to a money-relevant thing, written in the transaction of the change. Append-only: a
 * trigger refuses UPDATE, DELETE and TRUNCATE, and no foreign key points from here, so deleting a tip
 * jar or user leaves its history (ids only; names are looked up when read, so an erased user's name
 * is nowhere in here).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid(),
    /** The actor's role when they acted. */
    actorRole: text({ enum: ['ADMIN', 'USER'] }).notNull(),
    tipjarId: uuid(),
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    action: text().notNull(),
    /** The changed fields before and after (never a password, token or secret). */
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    requestId: text(),
    ip: text(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_tipjar_idx').on(t.tipjarId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
  ],
);
