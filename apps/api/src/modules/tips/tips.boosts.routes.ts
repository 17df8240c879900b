import { BoostListSchema, BoostReadBodySchema, BoostSchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { childParams, managedErrors } from '../../lib/http.js';
import * as service from './tips.boosts.js';

const tags = ['tips'];

/** Episode boosts (decision 097): the read-on-air list of an episode and its done tick. */
export const boostsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/:id/episodes/:episodeId/boosts',
    {
      schema: {
        tags,
        summary:
          "An episode's paid boosts, the messages its tippers asked to have read on air (the tip jar's admins and platform admins): by moment, those without one last. Name and amount as in the tips list.",
        params: childParams('episodeId'),
        response: { 200: BoostListSchema, ...managedErrors },
      },
    },
    async (request) =>
      service.listEpisodeBoosts(ctx, await requireUser(request), request.params.id, request.params.episodeId),
  );

  app.put(
    '/tipjars/:id/boosts/:tipId',
    {
      schema: {
        tags,
        summary:
          "Tick a paid boost done (read on air) or not (the tip jar's admins and platform admins); 404 for a tip that is no paid boost of this tip jar.",
        params: childParams('tipId'),
        body: BoostReadBodySchema,
        response: { 200: BoostSchema, ...managedErrors },
      },
    },
    async (request) =>
      service.setBoostRead(
        ctx,
        await requireUser(request),
        request.params.id,
        request.params.tipId,
        request.body.data.read,
      ),
  );
};
