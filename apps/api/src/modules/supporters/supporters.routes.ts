import { TipSchema, TipWallBodySchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { childParams, managedErrors } from '../../lib/http.js';
import * as service from './supporters.service.js';

const tags = ['tips'];

/**
 * The supporter wall's one write: which tip messages the maker shows. The wall and the goal progress
 * themselves are read with the storefront's tip jar (GET tipjars?slug=).
 */
export const supportersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/tipjars/:id/tips/:tipId/wall',
    {
      schema: {
        tags,
        summary:
          "Show or hide a tip's message on the storefront's supporter wall (the tip jar's admins). Name and amount follow the tipper's privacy choice.",
        params: childParams('tipId'),
        body: TipWallBodySchema,
        response: { 200: TipSchema, ...managedErrors },
      },
    },
    async (request) =>
      service.setTipMessageShown(
        ctx,
        await requireUser(request),
        request.params.id,
        request.params.tipId,
        request.body.data.messageShown,
      ),
  );
};
