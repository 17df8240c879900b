import { z } from 'zod';

/**
 * The audit trail (docs/decisions/033-audit-trail.md): who changed which money-relevant thing, when,
 * and what it was before and after. Written by the API in the same transaction as the change, never
 * updated or deleted (the database refuses). Admins read all of it; a tip jar's admins its own entries.
 */

/** What an entry is about; `entityId` is that row's id (a tip jar admin: the user's id). */
export const AUDIT_ENTITY_TYPES = [
  'tipjar',
  'user',
  'paymentmethod',
  'merchant',
  'invoice',
  'refund',
  // An invitation to administer a tip jar (decision 062): its id only, never the invited address.
  'invitation',
  // A personal API token (decision 096): its id, name, scopes and expiry, never the token nor its hash.
  'apitoken',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** Every action written; the web labels each (`audit:actions.<action>`). */
export const AUDIT_ACTIONS = [
  'tipjar.statusChanged',
  'tipjar.updated',
  'tipjar.archived',
  'tipjar.deleted',
  'tipjar.adminAdded',
  'tipjar.adminRemoved',
  'tipjar.adminInvited',
  'tipjar.invitationWithdrawn',
  'tipjar.adminJoined',
  'tipjar.adminLeft',
  // A tip jar's levels replaced (issue 40): before/after `levels`, a line of amount and name per level.
  'tipjar.levelsChanged',
  'paymentmethod.created',
  'paymentmethod.updated',
  'paymentmethod.deleted',
  'merchant.registered',
  'merchant.connected',
  'merchant.migrated',
  'merchant.disconnected',
  'invoice.created',
  'invoice.updated',
  'invoice.sent',
  'invoice.paid',
  'invoice.voided',
  'invoice.deleted',
  'refund.created',
  'apitoken.created',
  'apitoken.revoked',
  'user.created',
  'user.roleChanged',
  'user.twoStepReset',
  'user.loginFailures',
  'user.passwordResetSent',
  'user.emailChanged',
  'user.archived',
  'user.deleted',
  'user.erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The fields a before/after may name (labelled by the web: `audit:fields.<field>`). Money fields are cents. */
export const AUDIT_FIELDS = [
  'status',
  'active',
  'name',
  'slug',
  'type',
  'companyName',
  'cocNumber',
  'vatNumber',
  'presetAmounts',
  'archived',
  'userId',
  'priority',
  'merchantUid',
  'merchantType',
  'number',
  'period',
  'totalExVat',
  'totalInclVat',
  'amount',
  'feeCredit',
  'reason',
  'tipId',
  'role',
  'erased',
  /** The last admin left: platform admins manage the tip jar now (decision 062). */
  'handedToPlatform',
  'levels',
  /** A personal API token's scopes and when it stops working (null: until revoked). */
  'scopes',
  'expiresAt',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

/** Fields holding cents: shown as money. */
export const AUDIT_MONEY_FIELDS: readonly AuditField[] = ['totalExVat', 'totalInclVat', 'amount', 'feeCredit'];

/** A before or after: only the fields that changed (or, for a create/delete, that identify the thing). */
export const AuditValuesSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditValues = z.infer<typeof AuditValuesSchema>;

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  /** Who made the change; null when that account was deleted since. */
  actorId: z.uuid().nullable(),
  /** The actor's role at that moment. */
  actorRole: z.enum(['ADMIN', 'USER']),
  /**
   * The actor's current name or e-mail; null when not known, or (a tip jar's own trail) when the
   * actor is a platform admin: makers see "the platform", not which employee.
   */
  actorName: z.string().nullable(),
  tipjarId: z.uuid().nullable(),
  tipjarName: z.string().nullable(),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.uuid(),
  /** For a user entity (an admin added or removed, a role changed): their current name or e-mail. */
  entityName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  before: AuditValuesSchema,
  after: AuditValuesSchema,
  /** The request that made it (platform admins only; null in a tip jar's own trail). */
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Sortable columns of an audit list (newest first by default). */
export const AUDIT_SORTABLE = ['at', 'action'] as const;
export type AuditSortBy = (typeof AUDIT_SORTABLE)[number];
