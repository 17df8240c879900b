import {
  ConnectMerchantBodySchema,
  CreateMerchantBodySchema,
  IdParamsSchema,
  MigrateMerchantBodySchema,
  OppMerchantSchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { ErrorBodySchema, errors, managedErrors, NoContent } from '../../lib/http.js';
import { createMerchant } from './merchants.registration.js';
import * as service from './merchants.service.js';

const tags = ['merchants'];
const common = managedErrors;

/** Registration of a tip jar with the payment provider (the backoffice's 'Registratie'). */
export const merchantsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/:id/oppmerchant',
    {
      schema: {
        tags,
        summary: "The tip jar's merchant, freshly read from the provider (its admins, platform admins)",
        params: IdParamsSchema,
        response: { 200: OppMerchantSchema, ...common },
      },
    },
    async (request) => service.getMerchant(ctx, await requireUser(request), request.params.id),
  );

  app.post(
    '/tipjars/:id/oppmerchant',
    {
      schema: {
        tags,
        summary: 'Register the maker with the payment provider: merchant + bank account to verify on its pages',
        params: IdParamsSchema,
        body: CreateMerchantBodySchema,
        response: { 201: OppMerchantSchema, ...common, 409: errors[409], 502: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createMerchant(ctx, await requireUser(request), request.params.id, request.body.data)),
  );

  app.post(
    '/tipjars/:id/oppmerchant/connect',
    {
      schema: {
        tags,
        summary: 'Link an existing merchant of the partner account (platform admins)',
        params: IdParamsSchema,
        body: ConnectMerchantBodySchema,
        response: { 200: OppMerchantSchema, ...common, 403: errors[403], 409: errors[409] },
      },
    },
    async (request) =>
      service.connectMerchant(ctx, await requireUser(request), request.params.id, request.body.merchantUid),
  );

  app.post(
    '/tipjars/:id/oppmerchant/migrate',
    {
      schema: {
        tags,
        summary: 'Turn a consumer merchant into a business merchant (same uid)',
        params: IdParamsSchema,
        body: MigrateMerchantBodySchema,
        response: { 200: OppMerchantSchema, ...common, 409: errors[409], 502: ErrorBodySchema },
      },
    },
    async (request) => service.migrateMerchant(ctx, await requireUser(request), request.params.id, request.body.data),
  );

  app.post(
    '/tipjars/:id/oppmerchant/disconnect',
    {
      schema: {
        tags,
        summary: 'Unlink the merchant from the tip jar (platform admins); the provider keeps it',
        params: IdParamsSchema,
        body: z.object({}).optional(),
        response: { 204: NoContent, ...common, 403: errors[403] },
      },
    },
    async (request, reply) => {
      await service.disconnectMerchant(ctx, await requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
