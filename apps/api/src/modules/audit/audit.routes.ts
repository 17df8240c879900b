import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_SORTABLE,
  AuditEntrySchema,
  dateQueryParam,
  IdParamsSchema,
  listQuerySchema,
  listResponseSchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { adminErrors, managedErrors } from '../../lib/http.js';
import * as service from './audit.service.js';

const tags = ['audit'];

const FilterSchema = z.object({
  actorId: z.uuid().optional().describe('entries made by this user'),
  action: z.enum(AUDIT_ACTIONS).optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
  entityId: z.uuid().optional().describe('entries about this row (with entityType)'),
  from: dateQueryParam('from').optional().describe('made on or after (ISO date or date-time)'),
  to: dateQueryParam('to').optional().describe('made before; a bare date includes that day'),
});
const TipjarAuditQuerySchema = listQuerySchema(AUDIT_SORTABLE).and(FilterSchema);
const AuditQuerySchema = listQuerySchema(AUDIT_SORTABLE).and(FilterSchema.extend({ tipjarId: z.uuid().optional() }));
const SEARCH_NOTE = '`search` matches the name or e-mail of who made the change and the tip jar name.';

/** The audit trail: read only. Entries are written by the services that make the changes (audit.service.ts). */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/audit',
    {
      schema: {
        tags,
        summary: `Who changed which money-relevant thing, when, before → after (platform admins); newest first. ${SEARCH_NOTE}`,
        querystring: AuditQuerySchema,
        response: { 200: listResponseSchema(AuditEntrySchema), ...adminErrors },
      },
    },
    async (request) => service.listAudit(ctx, await requireAdmin(request), request.query),
  );

  app.get(
    '/tipjars/:id/audit',
    {
      schema: {
        tags,
        summary: `A tip jar's own audit trail (its admins and platform admins); a platform admin is named only by role. ${SEARCH_NOTE}`,
        params: IdParamsSchema,
        querystring: TipjarAuditQuerySchema,
        response: { 200: listResponseSchema(AuditEntrySchema), ...managedErrors },
      },
    },
    async (request) => service.listTipjarAudit(ctx, await requireUser(request), request.params.id, request.query),
  );
};
