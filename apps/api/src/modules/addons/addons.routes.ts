import { AddonSchema, listQuerySchema, listResponseSchema, RetryPaymentBodySchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { childParams, ErrorBodySchema, errors, IdParams, managedErrors } from '../../lib/http.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import * as service from './addons.service.js';

const tags = ['addons'];
const AddonParamsSchema = childParams('addonId');
const managed = managedErrors;

export const addonsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; ledger: PaymentLedger }> = async (
  app,
  { ctx, ledger },
) => {
  app.get(
    '/tipjars/:id/addons',
    {
      schema: {
        tags,
        summary: 'Add-ons of a tip jar, newest first (its admins and platform admins)',
        params: IdParams,
        querystring: listQuerySchema(['created'] as const),
        response: { 200: listResponseSchema(AddonSchema), ...managed },
      },
    },
    async (request) => service.listAddons(ctx, await requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/tipjars/:id/addons/:addonId',
    { schema: { tags, params: AddonParamsSchema, response: { 200: AddonSchema, ...managed } } },
    async (request) => service.getAddon(ctx, await requireUser(request), request.params.id, request.params.addonId),
  );

  app.post(
    '/tipjars/:id/addons/:addonId/payment/retry',
    {
      schema: {
        tags,
        summary:
          'Start a new payment for an unpaid order; an open payment is answered as is. Redirect the buyer to oppTransaction.redirectUrl.',
        params: AddonParamsSchema,
        body: RetryPaymentBodySchema,
        response: { 200: AddonSchema, ...managed, 409: errors[409], 502: ErrorBodySchema },
      },
    },
    async (request) =>
      service.retryAddonPayment(
        ctx,
        ledger,
        await requireUser(request),
        request.params.id,
        request.params.addonId,
        request.body.data,
      ),
  );
};
