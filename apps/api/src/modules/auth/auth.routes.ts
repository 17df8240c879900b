import { IdParamsSchema, LoginBodySchema, LoginResponseSchema, PasswordResetBodySchema } from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../lib/access.js';
import { createAddressLimit } from '../../lib/address-probes.js';
import { adminErrors, errors, NoContent } from '../../lib/http.js';
import type { LimitStore } from '../../lib/rate-limit.js';
import * as service from './auth.service.js';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  limits: LimitStore;
  onLoginAlert: () => void;
}> = async (app, { ctx, limits, onLoginAlert }) => {
  const policy = service.loginBackoffPolicy(ctx.config.LOGIN_MAX_FAILURES);
  const guards: service.LoginGuards = {
    accounts: limits.backoff('login', policy),
    knownClients: limits.backoff('login-known-client', policy),
    known: limits.marks('login-known', service.KNOWN_CLIENT_MS),
    wrong: limits.tally('login-wrong', service.ALERT_WINDOW_MS),
    onAlert: onLoginAlert,
  };
  const recoveries = createAddressLimit(limits, 'password-recovery', service.RECOVERY_LIMITS);

  app.post(
    '/auth/login',
    {
      config: {
        // Per IP and username: slows down password guessing without locking out a whole office. The
        // per-account back-off (whatever the IP) is in the service.
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (request) => {
            const body = request.body as { username?: unknown } | undefined;
            const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
            return `login:${request.ip}:${username}`;
          },
        },
      },
      schema: {
        tags,
        summary:
          'OAuth2 password grant (form-encoded or JSON): username, password, client_id, grant_type, scope; device_token of a remembered device. With two-step login on it answers a challenge for auth/two-step instead of a token',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, 400: errors[400], 401: errors[401], 429: errors[429] },
      },
    },
    async (request, reply) => {
      try {
        return await service.login(ctx, request.body, { ip: request.ip, requestId: request.id }, guards);
      } catch (err) {
        if (err instanceof service.LoginBackoffError) reply.header('retry-after', err.retryAfterSeconds);
        throw err;
      }
    },
  );

  app.post(
    '/auth/password-recover/:email',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      // Per address too, whatever the IP: nobody can flood someone's mailbox with reset links.
      preHandler: recoveries((request) => (request.params as { email: string }).email),
      schema: {
        tags,
        summary:
          'Mail a password reset link; ends older links. Same answer, at the same speed, whether or not the address exists',
        params: z.object({
          email: z
            .string()
            .trim()
            .toLowerCase()
            .pipe(z.email({ message: 'email' })),
        }),
        response: { 204: NoContent, 400: errors[400], 429: errors[429] },
      },
    },
    async (request, reply) => {
      service.requestPasswordReset(ctx, request.params.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/:id/password-reset',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary:
          "Mail the user a password reset link (platform admins; audited as user.passwordResetSent). An admin never sets a user's password",
        params: IdParamsSchema,
        response: { 204: NoContent, ...adminErrors, 404: errors[404], 409: errors[409], 429: errors[429] },
      },
    },
    async (request, reply) => {
      await service.sendResetLinkByAdmin(ctx, await requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset mail (single use, 1 hour)',
        body: PasswordResetBodySchema,
        response: { 204: NoContent, 400: errors[400], 429: errors[429] },
      },
    },
    async (request, reply) => {
      await service.resetPassword(ctx, request.body, guards.accounts);
      return reply.status(204).send(null);
    },
  );
};
