import { ApiTokenListSchema, CreateApiTokenBodySchema, CreatedApiTokenSchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { childParams, errors, IdParams, managedErrors, NoContent } from '../../lib/http.js';
import * as service from './api-tokens.service.js';

const tags = ['api-tokens'];
/** A token never reaches these (they are no operation of the token allow-list): 403 for one. */
const managed = { ...managedErrors, 403: errors[403] };

/** A maker's personal API tokens (decision 096): made, listed and revoked in a signed-in session only. */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/:id/tokens',
    {
      schema: {
        tags,
        summary:
          "A tip jar's personal API tokens, newest first, revoked ones too (its admins and platform admins; never with a token). Never the token itself: its first characters (`prefix`).",
        params: IdParams,
        response: { 200: ApiTokenListSchema, ...managed },
      },
    },
    async (request) => service.listTokens(ctx, await requireUser(request), request.params.id),
  );

  app.post(
    '/tipjars/:id/tokens',
    {
      schema: {
        tags,
        summary:
          "Make a personal API token acting as you for this tip jar, within `scopes` (the tip jar's own admins; never with a token). `token` is in this answer only: keep it. 409 past the tokens a tip jar may have.",
        params: IdParams,
        body: CreateApiTokenBodySchema,
        response: { 201: CreatedApiTokenSchema, ...managed, 409: errors[409] },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createToken(ctx, await requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/tipjars/:id/tokens/:tokenId',
    {
      schema: {
        tags,
        summary: 'Revoke a token: its next request is a 401. Revoking a revoked token changes nothing.',
        params: childParams('tokenId'),
        response: { 204: NoContent, ...managed },
      },
    },
    async (request, reply) => {
      await service.revokeToken(ctx, await requireUser(request), request.params.id, request.params.tokenId);
      return reply.status(204).send(null);
    },
  );
};
