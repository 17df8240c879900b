import { CreateRefundBodySchema, IdParamsSchema, listResponseSchema, RefundSchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { adminErrors, childParams, errors, managedErrors } from '../../lib/http.js';
import { idempotencyOf } from '../../lib/idempotency.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import * as service from './refunds.service.js';

const tags = ['refunds'];

export const refundsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; ledger: PaymentLedger }> = async (
  app,
  { ctx, ledger },
) => {
  app.post(
    '/tips/:id/refunds',
    {
      schema: {
        tags,
        summary:
          'Refund (part of) a paid tip or monthly charge (platform admins), with a reason the tipper is mailed. ' +
          '`amount` in cents, left out = all that is left; more than is left is a 400 on data.amount (refundTooLarge, params.max). ' +
          'The refund is recorded first and then sent to the provider. `status` pending: not paid out yet — without `providerUid` it could not be sent yet and is retried; ' +
          'with it the provider accepted it and the tipper is mailed once it is paid out (completed), or it fails there (failed, the amount refundable again). ' +
          'Send an Idempotency-Key header to make the call safe to repeat: the same key answers the same refund (200).',
        params: IdParamsSchema,
        body: CreateRefundBodySchema,
        response: {
          200: RefundSchema.describe('The refund made before with the same Idempotency-Key'),
          201: RefundSchema,
          ...adminErrors,
          404: errors[404],
          409: errors[409],
          422: errors[422],
        },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(request);
      const { refund, created } = await service.createRefund(
        ctx,
        ledger,
        actor,
        request.params.id,
        request.body.data,
        idempotencyOf(request),
      );
      return reply.status(created ? 201 : 200).send(refund);
    },
  );

  app.get(
    '/tips/:id/refunds',
    {
      schema: {
        tags,
        summary: "A tip's refunds and chargebacks, oldest first (platform admins)",
        params: IdParamsSchema,
        response: { 200: listResponseSchema(RefundSchema), ...adminErrors, 404: errors[404] },
      },
    },
    async (request) => service.listRefunds(ctx, await requireAdmin(request), request.params.id),
  );

  app.get(
    '/tipjars/:id/tips/:tipId/refunds',
    {
      schema: {
        tags,
        summary: "A tip's refunds and chargebacks, oldest first (the tip jar's admins and platform admins)",
        params: childParams('tipId'),
        response: { 200: listResponseSchema(RefundSchema), ...managedErrors },
      },
    },
    async (request) =>
      service.listTipjarTipRefunds(ctx, await requireUser(request), request.params.id, request.params.tipId),
  );
};
