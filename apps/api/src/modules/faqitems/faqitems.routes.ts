import {
  CreateFaqItemBodySchema,
  FaqItemSchema,
  IdParamsSchema,
  listQuerySchema,
  listResponseSchema,
  UpdateFaqItemBodySchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors, NoContent } from '../../lib/http.js';
import { requireAdmin } from '../../plugins/auth.js';
import { FAQ_SORTABLE } from './faqitems.repository.js';
import * as service from './faqitems.service.js';

const tags = ['faqitems'];
const admin = { 400: errors[400], 401: errors[401], 403: errors[403] };

export const faqitemsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/faqitems',
    {
      schema: {
        tags,
        summary: 'FAQ items by priority (desc). Anonymous and users see active ones; admins see all.',
        querystring: listQuerySchema(FAQ_SORTABLE),
        response: { 200: listResponseSchema(FaqItemSchema), 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => service.listFaqItems(ctx, await request.actor(), request.query),
  );

  app.get(
    '/faqitems/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: FaqItemSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => service.getFaqItem(ctx, await request.actor(), request.params.id),
  );

  app.post(
    '/faqitems',
    {
      schema: {
        tags,
        summary: 'Create (admin)',
        body: CreateFaqItemBodySchema,
        response: { 201: FaqItemSchema, ...admin },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.status(201).send(await service.createFaqItem(ctx, request.body.data));
    },
  );

  app.put(
    '/faqitems/:id',
    {
      schema: {
        tags,
        summary: 'Change (admin)',
        params: IdParamsSchema,
        body: UpdateFaqItemBodySchema,
        response: { 200: FaqItemSchema, ...admin, 404: errors[404] },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.updateFaqItem(ctx, request.params.id, request.body.data);
    },
  );

  app.delete(
    '/faqitems/:id',
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
      await service.deleteFaqItem(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
