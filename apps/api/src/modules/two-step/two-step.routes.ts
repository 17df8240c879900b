import {
  IdParamsSchema,
  RecoveryCodesSchema,
  TwoStepCodeBodySchema,
  TwoStepConfirmBodySchema,
  TwoStepConfirmedSchema,
  TwoStepDisableBodySchema,
  TwoStepLoginBodySchema,
  TwoStepSetupSchema,
  TwoStepStatusSchema,
  TwoStepTokenResponseSchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { errors, NoContent } from '../../lib/http.js';
import type { LimitStore } from '../../lib/rate-limit.js';
import * as service from './two-step.service.js';

const tags = ['auth'];

/** Two-step login (decision 036): the second step of a login, and a user's own setup. */
export const twoStepRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; limits: LimitStore }> = async (
  app,
  { ctx, limits },
) => {
  // Wrong codes per user, whatever the IP or challenge; the routes below also limit per IP.
  const failures = limits.backoff('two-step', service.CODE_BACKOFF);
  const perIp = { rateLimit: { max: 20, timeWindow: '1 minute' } };
  const withRetryAfter = async <T>(reply: { header(name: string, value: number): unknown }, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof service.CodeBackoffError) reply.header('retry-after', err.retryAfterSeconds);
      throw err;
    }
  };

  app.post(
    '/auth/two-step',
    {
      config: perIp,
      schema: {
        tags,
        summary:
          'The second step of a login: the challenge of auth/login and a code (authenticator app or recovery code); remember_device answers a device token',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: TwoStepLoginBodySchema,
        response: { 200: TwoStepTokenResponseSchema, 400: errors[400], 429: errors[429] },
      },
    },
    async (request, reply) => withRetryAfter(reply, () => service.secondStep(ctx, request.body, failures)),
  );

  app.get(
    '/users/me/two-step',
    {
      schema: {
        tags,
        summary: 'Whether two-step login is on, and how many recovery codes are left',
        response: { 200: TwoStepStatusSchema, 401: errors[401] },
      },
    },
    async (request) => service.status(ctx, await requireUser(request)),
  );

  app.post(
    '/users/me/two-step/setup',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Start setting up two-step login: a new secret (QR code and key), pending until confirmed',
        response: { 200: TwoStepSetupSchema, 401: errors[401], 409: errors[409], 429: errors[429] },
      },
    },
    async (request) => service.startSetup(ctx, await requireUser(request)),
  );

  app.post(
    '/users/me/two-step/confirm',
    {
      config: perIp,
      schema: {
        tags,
        summary:
          'Confirm the setup with a current code and the password: two-step login on, other sessions signed out, the user mailed; answers ten recovery codes (shown once) and a new token',
        body: TwoStepConfirmBodySchema,
        response: {
          200: TwoStepConfirmedSchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429],
        },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () =>
        service.confirmSetup(ctx, await requireUser(request), request.body.data, failures),
      ),
  );

  app.post(
    '/users/me/two-step/disable',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Turn two-step login off (needs the password and a current code); remembered devices are forgotten',
        body: TwoStepDisableBodySchema,
        response: { 204: NoContent, 400: errors[400], 401: errors[401], 409: errors[409], 429: errors[429] },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, async () =>
        service.disable(ctx, await requireUser(request), request.body.data, failures),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/:id/two-step',
    {
      schema: {
        tags: ['users'],
        summary:
          "Turn another user's two-step login off (admin), for a user who lost the authenticator and the recovery codes; audited, and the user is mailed",
        params: IdParamsSchema,
        response: {
          204: NoContent,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (request, reply) => {
      await service.resetByAdmin(ctx, await requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/me/two-step/recovery-codes',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'New recovery codes (needs a current code); the old ones stop working',
        body: TwoStepCodeBodySchema,
        response: { 200: RecoveryCodesSchema, 400: errors[400], 401: errors[401], 409: errors[409], 429: errors[429] },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => ({
        recoveryCodes: await service.regenerateRecoveryCodes(
          ctx,
          await requireUser(request),
          request.body.data.code,
          failures,
        ),
      })),
  );
};
