import {
  CreatePaymentMethodBodySchema,
  IdParamsSchema,
  PaymentMethodSchema,
  UpdatePaymentMethodBodySchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../lib/access.js';
import { registerCatalogRoutes } from '../../lib/catalog-routes.js';
import { ErrorBodySchema, errors } from '../../lib/http.js';
import { PAYMENT_METHOD_SORTABLE } from './paymentmethods.repository.js';
import * as service from './paymentmethods.service.js';

export const paymentmethodsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerCatalogRoutes(app, ctx, {
    path: 'paymentmethods',
    listSummary: 'Payment methods by priority (desc). Anonymous and users see active ones; admins see all.',
    item: PaymentMethodSchema,
    createBody: CreatePaymentMethodBodySchema,
    updateBody: UpdatePaymentMethodBodySchema,
    sortable: PAYMENT_METHOD_SORTABLE,
    service: {
      list: service.listPaymentMethods,
      get: service.getPaymentMethod,
      create: service.createPaymentMethod,
      update: service.updatePaymentMethod,
      remove: service.deletePaymentMethod,
    },
  });

  app.post(
    '/paymentmethods/:id/issuers/sync',
    {
      schema: {
        tags: ['paymentmethods'],
        summary: 'Refresh the bank list from the payment provider (admin)',
        params: IdParamsSchema,
        response: {
          200: PaymentMethodSchema,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          502: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.syncIssuers(ctx, request.params.id);
    },
  );
};
