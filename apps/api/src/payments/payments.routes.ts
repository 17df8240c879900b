import { listQuerySchema, listResponseSchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireAdmin } from '../lib/access.js';
import { ErrorBodySchema, errors } from '../lib/http.js';
import { windowOf } from '../lib/list-query.js';
import { lastMoneyCheckRun, listIncidents } from './incidents.js';
import * as service from './payments.service.js';

/** A money event that needs a person's eye (today: a month collected twice, refunded automatically). */
const PaymentIncidentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['double_collection']),
  ownerKind: z.string(),
  ownerId: z.uuid(),
  amount: z.number().int().describe('cents'),
  oppTransactionUid: z.string().nullable(),
  refundUid: z.string().nullable().describe('the provider refund; null while it still has to be made'),
  refundStatus: z.string().nullable(),
  lastError: z.string().nullable(),
  created: z.string(),
});

/** OPP notification (payments.md §4). It carries no status: the object is read back from the provider. */
const OppNotificationSchema = z.object({
  uid: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  created: z.number().int().optional(),
  object_uid: z.string().min(1).max(100),
  object_type: z.string().min(1).max(50),
  object_url: z.string().min(1).max(500),
  parent_uid: z.string().max(100).nullish(),
  parent_type: z.string().max(50).nullish(),
  verification_hash: z.string().min(1).max(200),
});

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/payments/opp/notify',
    {
      schema: {
        tags: ['payments'],
        summary: 'Webhook of the payment provider (OPP). Verified by verification_hash; idempotent.',
        body: OppNotificationSchema,
        response: {
          200: z.object({ result: z.enum(['applied', 'duplicate', 'ignored']) }),
          400: errors[400],
          401: errors[401],
          502: ErrorBodySchema,
        },
      },
    },
    async (request) => ({ result: await service.handleNotification(ctx, request.body) }),
  );

  app.get(
    '/payments/incidents',
    {
      schema: {
        tags: ['payments'],
        summary: 'Money incidents (a month collected twice and its automatic refund), newest first (ADMIN)',
        querystring: listQuerySchema(['created'] as const),
        response: {
          200: listResponseSchema(PaymentIncidentSchema),
          400: errors[400],
          401: errors[401],
          403: errors[403],
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { rows, count } = await listIncidents(ctx.db, windowOf(request.query));
      return {
        data: rows.map(({ incident, oppUid }) => ({
          id: incident.id,
          kind: incident.kind,
          ownerKind: incident.ownerKind,
          ownerId: incident.ownerId,
          amount: incident.amount,
          oppTransactionUid: oppUid,
          refundUid: incident.refundUid,
          refundStatus: incident.refundStatus,
          lastError: incident.lastError,
          created: incident.created.toISOString(),
        })),
        metadata: { count },
      };
    },
  );

  app.get(
    '/payments/moneycheck',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The last run of the standing money check: `violations` is the metric to alert on (> 0), `details` lists them (ADMIN)',
        response: {
          200: z.object({
            ran: z.string().nullable().describe('when it last ran; null if never'),
            violations: z.number().int(),
            durationMs: z.number().int().nullable(),
            details: z.array(z.object({ invariant: z.string(), subject: z.string(), detail: z.string() })),
          }),
          401: errors[401],
          403: errors[403],
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const run = await lastMoneyCheckRun(ctx.db);
      return {
        ran: run?.created.toISOString() ?? null,
        violations: run?.violations ?? 0,
        durationMs: run?.durationMs ?? null,
        details: (run?.details ?? []) as { invariant: string; subject: string; detail: string }[],
      };
    },
  );
};
