import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { ErrorBodySchema, errors } from '../lib/http.js';
import * as service from './payments.service.js';

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
};
