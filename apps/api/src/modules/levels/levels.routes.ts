import { IdParamsSchema, LevelListSchema, PutLevelsBodySchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { managedErrors } from '../../lib/http.js';
import * as service from './levels.service.js';

const tags = ['tipjars'];

/** A tip jar's levels with a perk line (issue 40): read and replaced by its admins and platform admins. */
export const levelsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/:id/levels',
    {
      schema: {
        tags,
        summary:
          "A tip jar's levels, cheapest first (its admins and platform admins). The storefront's tip jar carries them too.",
        params: IdParamsSchema,
        response: { 200: LevelListSchema, ...managedErrors },
      },
    },
    async (request) => ({ data: await service.getLevels(ctx, await requireUser(request), request.params.id) }),
  );

  app.put(
    '/tipjars/:id/levels',
    {
      schema: {
        tags,
        summary:
          "Replace a tip jar's levels (at most 5, distinct amounts per month): a given id keeps that level, one left out is deleted (its bonus episodes go to every supporter with the feed), one without id is new. Answers the list, cheapest first.",
        params: IdParamsSchema,
        body: PutLevelsBodySchema,
        response: { 200: LevelListSchema, ...managedErrors },
      },
    },
    async (request) => ({
      data: await service.putLevels(ctx, await requireUser(request), request.params.id, request.body.data),
    }),
  );
};
