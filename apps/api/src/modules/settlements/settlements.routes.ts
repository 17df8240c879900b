import {
  listQuerySchema,
  SETTLEMENT_SORTABLE,
  SETTLEMENT_STATUSES,
  SettlementListSchema,
  SettlementSchema,
  singleLineText,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { adminErrors, ErrorBodySchema, IdParams, managedErrors } from '../../lib/http.js';
import * as service from './settlements.service.js';

const tags = ['settlements'];
const SettlementParamsSchema = IdParams.extend({ settlementId: singleLineText(100).min(1) });
const provider = { 502: ErrorBodySchema.describe('The payment provider could not be reached') };
const managed = { ...managedErrors, ...provider };
const adminOnly = { ...adminErrors, ...provider };

const StatusFilterSchema = z.object({ status: z.enum(SETTLEMENT_STATUSES).optional() });
const TipjarQuerySchema = listQuerySchema(SETTLEMENT_SORTABLE).and(StatusFilterSchema);
const AllQuerySchema = listQuerySchema(SETTLEMENT_SORTABLE).and(
  StatusFilterSchema.extend({ tipjarId: z.uuid().optional() }),
);

export const settlementsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/settlements',
    {
      schema: {
        tags,
        summary:
          "All tip jars' settlements with the tip jar's name (platform admins), newest period first. `search` looks in tip jar name and settlement id. `metadata.incomplete` when the provider's lists could not all be read in full.",
        querystring: AllQuerySchema,
        response: { 200: SettlementListSchema, ...adminOnly },
      },
    },
    async (request) => service.listAllSettlements(ctx, await requireAdmin(request), request.query),
  );

  app.get(
    '/tipjars/:id/settlements',
    {
      schema: {
        tags,
        summary:
          "A tip jar's payouts from the payment provider, newest period first (its admins and platform admins). Empty until a merchant is registered. `metadata.incomplete` when the provider's list could not be read in full.",
        params: IdParams,
        querystring: TipjarQuerySchema,
        response: { 200: SettlementListSchema, ...managed },
      },
    },
    async (request) => service.listTipjarSettlements(ctx, await requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/tipjars/:id/settlements/:settlementId',
    {
      schema: {
        tags,
        summary:
          'One settlement with its specification rows; a row names our tip when it is one. `incomplete` when not every row could be read from the provider.',
        params: SettlementParamsSchema,
        response: { 200: SettlementSchema, ...managed },
      },
    },
    async (request) =>
      service.getTipjarSettlement(ctx, await requireUser(request), request.params.id, request.params.settlementId),
  );
};
