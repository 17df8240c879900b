import { IdParamsSchema, TipjarDeletionSchema, UserDeletionSchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { adminErrors, errors, managedErrors, NoContent } from '../../lib/http.js';
import * as service from './archive.service.js';

const ARCHIVE_NOTE =
  'Money records are never deleted: with any tip, monthly tip, invoice or provider transaction it is archived instead';

/** DELETE tipjars/{id} and users/{id} (delete or archive), and what each would do (the confirmation's preview). */
export const archiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/:id/deletion',
    {
      schema: {
        tags: ['tipjars'],
        summary:
          'What DELETE would do to this tip jar: delete it, or archive it (and how many monthly tips it cancels)',
        params: IdParamsSchema,
        response: { 200: TipjarDeletionSchema, ...managedErrors },
      },
    },
    async (request) => service.getTipjarDeletion(ctx, await requireUser(request), request.params.id),
  );

  app.delete(
    '/tipjars/:id',
    {
      schema: {
        tags: ['tipjars'],
        summary: `Delete (its admins while unpaid; platform admins always). ${ARCHIVE_NOTE}: hidden, no longer tippable, its monthly tips cancelled (tippers mailed, mandates revoked). Only a NEW tip jar without any is deleted.`,
        params: IdParamsSchema,
        response: { 204: NoContent, ...managedErrors, 409: errors[409] },
      },
    },
    async (request, reply) => {
      await service.deleteTipjar(ctx, await requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/users/:id/deletion',
    {
      schema: {
        tags: ['users'],
        summary:
          'What DELETE would do to this user (admin): delete or archive, the monthly tips it cancels, the tip jars only they administer',
        params: IdParamsSchema,
        response: { 200: UserDeletionSchema, ...adminErrors, 404: errors[404] },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.getUserDeletion(ctx, request.params.id);
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: `Delete a user (admin). ${ARCHIVE_NOTE}: cannot sign in, tokens stop working, monthly tips cancelled. 409 while they alone administer a tip jar.`,
        params: IdParamsSchema,
        response: { 204: NoContent, ...adminErrors, 404: errors[404], 409: errors[409] },
      },
    },
    async (request, reply) => {
      await service.deleteUser(ctx, await requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
