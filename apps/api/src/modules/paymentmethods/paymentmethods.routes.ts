import {
  CreatePaymentMethodBodySchema,
  IdParamsSchema,
  listQuerySchema,
  listResponseSchema,
  PaymentMethodSchema,
  UpdatePaymentMethodBodySchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { ErrorBodySchema, errors, NoContent } from '../../lib/http.js';
import { requireAdmin } from '../../plugins/auth.js';
import { PAYMENT_METHOD_SORTABLE } from './paymentmethods.repository.js';
import * as service from './paymentmethods.service.js';

const tags = ['paymentmethods'];
const admin = { 400: errors[400], 401: errors[401], 403: errors[403] };

export const paymentmethodsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/paymentmethods',
    {
      schema: {
        tags,
        summary: 'Payment methods by priority (desc). Anonymous and users see active ones; admins see all.',
        querystring: listQuerySchema(PAYMENT_METHOD_SORTABLE),
        response: { 200: listResponseSchema(PaymentMethodSchema), 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => service.listPaymentMethods(ctx, await request.actor(), request.query),
  );

  app.get(
    '/paymentmethods/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: PaymentMethodSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => service.getPaymentMethod(ctx, await request.actor(), request.params.id),
  );

  app.post(
    '/paymentmethods',
    {
      schema: {
        tags,
        summary: 'Create (admin)',
        body: CreatePaymentMethodBodySchema,
        response: { 201: PaymentMethodSchema, ...admin },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.status(201).send(await service.createPaymentMethod(ctx, request.body.data));
    },
  );

  app.put(
    '/paymentmethods/:id',
    {
      schema: {
        tags,
        summary: 'Change (admin)',
        params: IdParamsSchema,
        body: UpdatePaymentMethodBodySchema,
        response: { 200: PaymentMethodSchema, ...admin, 404: errors[404] },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.updatePaymentMethod(ctx, request.params.id, request.body.data);
    },
  );

  app.delete(
    '/paymentmethods/:id',
    {
      schema: {
        tags,
        summary: 'Delete (admin)',
        params: IdParamsSchema,
        response: { 204: NoContent, ...admin, 404: errors[404] },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      await service.deletePaymentMethod(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/paymentmethods/:id/issuers/sync',
    {
      schema: {
        tags,
        summary: 'Refresh the bank list from the payment provider (admin)',
        params: IdParamsSchema,
        response: { 200: PaymentMethodSchema, ...admin, 404: errors[404], 502: ErrorBodySchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.syncIssuers(ctx, request.params.id);
    },
  );
};
