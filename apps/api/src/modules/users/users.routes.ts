import {
  booleanQueryParam,
  CreateUserBodySchema,
  IdParamsSchema,
  listQuerySchema,
  listResponseSchema,
  PasswordStrengthBodySchema,
  PasswordStrengthSchema,
  type RegisterBody,
  RegisterBodySchema,
  TestEmailBodySchema,
  TestEmailResponseSchema,
  TokenResponseSchema,
  UpdatePasswordBodySchema,
  UpdateProfileBodySchema,
  UpdateUserBodySchema,
  UserSchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { tokenResponse } from '../../lib/access-token.js';
import { type AddressLimit, bodyEmail } from '../../lib/address-probes.js';
import { AppError } from '../../lib/app-error.js';
import { ErrorBodySchema, errors } from '../../lib/http.js';
import { jsonSerializerCompiler } from '../../lib/json-serializer.js';
import { passwordStrength, strongPasswordFirst } from './users.password-strength.js';
import { USER_SORTABLE } from './users.repository.js';
import * as service from './users.service.js';

const tags = ['users'];
const UserListQuerySchema = listQuerySchema(USER_SORTABLE).and(
  z.object({
    archived: booleanQueryParam.optional().describe('true: only archived users; otherwise archived ones are hidden'),
  }),
);

/** `probes`: the shared limit on questions about e-mail addresses (lib/address-probes.ts). */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; probes: AddressLimit }> = async (
  app,
  { ctx, probes },
) => {
  app.get(
    '/users/me',
    {
      // Read after every page load: serialized from the compiled schema (decision 020).
      serializerCompiler: jsonSerializerCompiler,
      schema: { tags, summary: 'The signed-in user', response: { 200: UserSchema, 401: errors[401] } },
    },
    async (request) => {
      // The user the token names is read once, with their tip jars, and the session is checked on that
      // very row by the auth plugin's rule: one round trip instead of two.
      const claimed = await request.claimedUserId();
      const me = claimed ? await service.getMe(ctx, claimed) : undefined;
      if (!(await request.actorFrom(me?.actor)) || !me) throw AppError.unauthorized();
      return me.user;
    },
  );

  app.put(
    '/users/me/profile',
    {
      schema: {
        tags,
        summary: 'Change own profile (and address, language)',
        body: UpdateProfileBodySchema,
        response: { 200: UserSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => service.updateMyProfile(ctx, await requireUser(request), request.body.data),
  );

  app.put(
    '/users/me/password',
    {
      schema: {
        tags,
        summary:
          'Change own password (needs the current one). Signs out every session of the user; answers a new access token for this one',
        body: UpdatePasswordBodySchema,
        response: { 200: TokenResponseSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => {
      const user = await service.updateMyPassword(ctx, await requireUser(request), request.body.data);
      return tokenResponse(ctx.config, user);
    },
  );

  app.post(
    '/users/register',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      // EMAIL_TAKEN tells that an address has an account: only as often as the probe budget allows.
      preHandler: [
        strongPasswordFirst<RegisterBody>(ctx, 'data.password', ({ data }) => ({
          password: data.password,
          owner: data,
        })),
        probes((request) => (request.body as RegisterBody).data.email),
      ],
      schema: {
        tags,
        summary: 'Create an account; answers with an access token so the new user is signed in',
        body: RegisterBodySchema,
        response: { 201: TokenResponseSchema, 400: errors[400], 409: errors[409], 429: errors[429] },
      },
    },
    async (request, reply) => {
      const user = await service.registerUser(ctx, request.body.data);
      return reply.status(201).send(await tokenResponse(ctx.config, user));
    },
  );

  app.post(
    '/users/register/test-email',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      preHandler: probes(bodyEmail),
      schema: {
        tags,
        summary: 'Is this e-mail address still free for a new account? (shares a per-IP and per-address budget)',
        body: TestEmailBodySchema,
        response: { 200: TestEmailResponseSchema, 400: errors[400], 429: errors[429] },
      },
    },
    async (request) => ({ available: await service.isEmailAvailable(ctx, request.body.email) }),
  );

  app.post(
    '/users/password-strength',
    {
      // Asked as a new password is typed (a few times per password): per client, small bodies only.
      bodyLimit: 8192,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'How strong is this new password? `ok`, or the validation key of why not (passwordCommon, passwordPersonal, passwordBrand, passwordGuessable). Anyone; the same rule every password-setting operation applies (decision 082).',
        body: PasswordStrengthBodySchema,
        response: {
          200: PasswordStrengthSchema,
          400: errors[400],
          413: ErrorBodySchema.describe('Body over 8 kB'),
          429: errors[429],
        },
      },
    },
    async (request) => passwordStrength(ctx, request.body),
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'List users (admin). `limit` is the exclusive end of the window: rows skip … limit-1.',
        querystring: UserListQuerySchema,
        response: { 200: listResponseSchema(UserSchema), 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.listUsers(ctx, request.query);
    },
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Create a user (admin)',
        body: CreateUserBodySchema,
        response: { 201: UserSchema, 400: errors[400], 401: errors[401], 403: errors[403], 409: errors[409] },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(request);
      return reply.status(201).send(await service.createUser(ctx, actor, request.body.data));
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'One user (admin)',
        params: IdParamsSchema,
        response: { 200: UserSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.getUser(ctx, request.params.id);
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change a user (admin)',
        params: IdParamsSchema,
        body: UpdateUserBodySchema,
        response: {
          200: UserSchema,
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (request) => service.updateUser(ctx, await requireAdmin(request), request.params.id, request.body.data),
  );
};
