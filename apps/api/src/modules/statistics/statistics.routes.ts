import { IdParamsSchema, StatisticsSchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { errors } from '../../lib/http.js';
import * as service from './statistics.service.js';

const tags = ['statistics'];

export const statisticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/statistics',
    {
      schema: {
        tags,
        summary: 'Completed tips of the whole platform: totals, last 30 days, last 12 months, by method (ADMIN)',
        response: { 200: StatisticsSchema, 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => service.getGlobalStatistics(ctx, await requireAdmin(request)),
  );

  app.get(
    '/tipjars/:id/statistics',
    {
      schema: {
        tags,
        summary: 'Completed tips of a tip jar (its admins and platform admins). Days and months in Amsterdam time.',
        params: IdParamsSchema,
        response: { 200: StatisticsSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => service.getTipjarStatistics(ctx, await requireUser(request), request.params.id),
  );
};
