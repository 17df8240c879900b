import { CreateFaqItemBodySchema, FaqItemSchema, UpdateFaqItemBodySchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { registerCatalogRoutes } from '../../lib/catalog-routes.js';
import { FAQ_SORTABLE } from './faqitems.repository.js';
import * as service from './faqitems.service.js';

export const faqitemsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerCatalogRoutes(app, ctx, {
    path: 'faqitems',
    listSummary: 'FAQ items by priority (desc). Anonymous and users see active ones; admins see all.',
    item: FaqItemSchema,
    createBody: CreateFaqItemBodySchema,
    updateBody: UpdateFaqItemBodySchema,
    sortable: FAQ_SORTABLE,
    service: {
      list: service.listFaqItems,
      get: service.getFaqItem,
      create: service.createFaqItem,
      update: service.updateFaqItem,
      remove: service.deleteFaqItem,
    },
  });
};
