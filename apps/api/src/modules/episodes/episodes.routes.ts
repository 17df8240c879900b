import { EpisodePageSchema, EpisodeStatisticsSchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { EpisodeParams, errors, IdParams, managedErrors } from '../../lib/http.js';
import type { StorefrontExtras } from '../tipjars/tipjars.ports.js';
import * as service from './episodes.service.js';

const tags = ['episodes'];

export const episodesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; storefront: StorefrontExtras }> = async (
  app,
  { ctx, storefront },
) => {
  app.get(
    '/tipjars/slug/:slug/e/:episodeId',
    {
      schema: {
        tags,
        summary:
          "One episode of a LIVE tip jar, for its tip page (anyone); 404 when the tip jar is not public or the episode is not one of its feed's",
        params: EpisodeParams,
        response: { 200: EpisodePageSchema, 400: errors[400], 404: errors[404] },
      },
    },
    async (request) => service.getEpisodePage(ctx, storefront, request.params.slug, request.params.episodeId),
  );

  app.get(
    '/tipjars/:id/episodes/statistics',
    {
      schema: {
        tags,
        summary:
          "A tip jar's counted tips per episode (its admins and platform admins): the newest episodes tipped or in the feed, then the tips without an episode",
        params: IdParams,
        response: { 200: EpisodeStatisticsSchema, ...managedErrors },
      },
    },
    async (request) => service.getEpisodeStatistics(ctx, await requireUser(request), request.params.id),
  );
};
