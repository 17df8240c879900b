import { ConfirmEmailBodySchema, EraseAccountBodySchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { errors, NoContent } from '../../lib/http.js';
import * as service from './privacy.service.js';

const tags = ['users'];

/** A person's rights over their data (decision 037): their copy, erasure, and proving their address (decision 061). */
export const privacyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/me/data',
    {
      // A few a minute is plenty for a person; the archive reads all their records.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Everything we hold about the signed-in user, as a zip of data.json and CSV files (profile, tips given, monthly tips and their months, tip jars they run)',
        response: { 200: z.any(), 401: errors[401], 429: errors[429] },
      },
    },
    async (request, reply) => {
      const { filename, zip } = await service.exportMyData(ctx, await requireUser(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );

  app.post(
    '/users/me/erasure',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Erase the signed-in account (needs its password): monthly tips cancelled, personal data removed, money records kept without it. 409 SOLE_TIPJAR_ADMIN while the user alone runs a tip jar that is not archived',
        body: EraseAccountBodySchema,
        response: {
          200: z.object({ erased: z.literal(true) }),
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429],
        },
      },
    },
    async (request) => {
      await service.eraseMyAccount(ctx, await requireUser(request), request.body.data);
      return { erased: true as const };
    },
  );

  app.post(
    '/users/me/email-confirmation',
    {
      // Per account, whatever the IP: nobody fills someone's mailbox with links (and per IP below).
      config: {
        rateLimit: {
          max: 3,
          timeWindow: '1 hour',
          keyGenerator: async (request) => `email-confirmation:${(await request.claimedUserId()) ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary:
          'Mail a new link that confirms the signed-in user’s e-mail address (3 an hour). 409 CONFLICT when it is confirmed already',
        // An empty object: anything else is a mistake of the client's.
        body: z.strictObject({}),
        response: { 204: NoContent, 400: errors[400], 401: errors[401], 409: errors[409], 429: errors[429] },
      },
    },
    async (request, reply) => {
      await service.sendEmailConfirmation(ctx, await requireUser(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/email-confirmation',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Confirm an account’s e-mail address with the token of the mailed link (no login needed). Then the tips given with that address without logging in join the account’s data',
        body: ConfirmEmailBodySchema,
        response: { 204: NoContent, 400: errors[400], 429: errors[429] },
      },
    },
    async (request, reply) => {
      await service.confirmEmail(ctx, request.body.data.token);
      return reply.status(204).send(null);
    },
  );
};
