import { IdParamsSchema, StatisticsQuerySchema, StatisticsSchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { errors } from '../../lib/http.js';
import { jsonSerializerCompiler } from '../../lib/json-serializer.js';
import * as service from './statistics.service.js';

const tags = ['statistics'];

export const statisticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/statistics',
    {
      // Hundreds of days and months per answer: serialized from the compiled schema (decision 020).
      serializerCompiler: jsonSerializerCompiler,
      schema: {
        tags,
        summary:
          'Paid tips of the whole platform: all-time totals, the last 30 days and 12 months, and a chosen period (per day/week/month, by kind and method, monthly tippers, new and top tip jars) (ADMIN)',
        querystring: StatisticsQuerySchema,
        response: { 200: StatisticsSchema, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => service.getGlobalStatistics(ctx, await requireAdmin(request), request.query),
  );

  app.get(
    '/tipjars/:id/statistics',
    {
      serializerCompiler: jsonSerializerCompiler,
      schema: {
        tags,
        summary:
          'Paid tips of a tip jar (its admins and platform admins): all-time totals and a chosen period. Days and months in Amsterdam time.',
        params: IdParamsSchema,
        querystring: StatisticsQuerySchema,
        response: { 200: StatisticsSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => service.getTipjarStatistics(ctx, await requireUser(request), request.params.id, request.query),
  );
};
