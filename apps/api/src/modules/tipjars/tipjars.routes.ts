import {
  booleanQueryParam,
  type CreateTipjarBody,
  CreateTipjarBodySchema,
  CreateTipjarResponseSchema,
  IdParamsSchema,
  listQuerySchema,
  listResponseSchema,
  PublicTipjarSchema,
  singleLine,
  TestEmailBodySchema,
  TestEmailResponseSchema,
  TestPhoneNumberBodySchema,
  TestPhoneNumberResponseSchema,
  TipjarAdminBodySchema,
  TipjarSchema,
  UpdateTipjarBodySchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { type AddressLimit, bodyEmail } from '../../lib/address-probes.js';
import { ErrorBodySchema, errors, managedErrors } from '../../lib/http.js';
import { jsonSerializerCompiler } from '../../lib/json-serializer.js';
import { strongPasswordFirst } from '../users/users.password-strength.js';
import * as admins from './tipjars.admins.js';
import { TIPJAR_SORTABLE } from './tipjars.repository.js';
import * as service from './tipjars.service.js';

const tags = ['tipjars'];
const TipjarListQuerySchema = listQuerySchema(TIPJAR_SORTABLE, {
  slug: singleLine(z.string().trim().toLowerCase().min(1).max(60)).optional(),
  archived: booleanQueryParam
    .optional()
    .describe('true: only archived tip jars (platform admins); otherwise archived ones are hidden'),
  managed: booleanQueryParam
    .optional()
    .describe(
      "with `slug`: only a tip jar you manage (its admins, platform admins), the backoffice's lookup; otherwise an empty list (401 without a session)",
    ),
});
const managed = managedErrors;

/** `probes`: the shared limit on questions about e-mail addresses (lib/address-probes.ts). */
export const tipjarsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; probes: AddressLimit }> = async (
  app,
  { ctx, probes },
) => {
  app.post(
    '/tipjars',
    {
      // Anonymous orders register an account: limit them like registration; signed-in users less strictly.
      config: {
        rateLimit: { max: (request) => (request.headers.authorization ? 120 : 20), timeWindow: '1 minute' },
      },
      // A new account's EMAIL_TAKEN tells that the address has one: counted like the e-mail checks.
      preHandler: [
        strongPasswordFirst<CreateTipjarBody>(ctx, 'data.account.password', ({ data }) =>
          data.account ? { password: data.account.password, owner: data.account } : undefined,
        ),
        probes((request) => (request.body as CreateTipjarBody).data.account?.email),
      ],
      schema: {
        tags,
        summary:
          'Order a tip jar and its Podpot add-on. Signed in, or anonymous with `account` (the answer then carries an access_token). Answers the payment redirect.',
        body: CreateTipjarBodySchema,
        response: {
          201: CreateTipjarResponseSchema,
          400: errors[400],
          401: errors[401],
          409: errors[409],
          429: errors[429],
          502: ErrorBodySchema.describe(
            'The payment provider failed; the tip jar stays NEW and the payment can be retried',
          ),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTipjar(ctx, await request.actor(), request.body.data)),
  );

  app.post(
    '/tipjars/create/test-email',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      preHandler: probes(bodyEmail),
      schema: {
        tags,
        summary: 'Is this e-mail address still free for a new account? (shares a per-IP and per-address budget)',
        body: TestEmailBodySchema,
        response: { 200: TestEmailResponseSchema, 400: errors[400], 429: errors[429] },
      },
    },
    async (request) => ({ available: await service.isOrderEmailAvailable(ctx, request.body.email) }),
  );

  app.post(
    '/tipjars/create/test-phonenumber',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Is this a valid mobile number?',
        body: TestPhoneNumberBodySchema,
        response: { 200: TestPhoneNumberResponseSchema, 400: errors[400], 429: errors[429] },
      },
    },
    async (request) => ({ valid: service.isOrderPhoneNumberValid(request.body.phoneNumber) }),
  );

  app.get(
    '/tipjars',
    {
      // `?slug=` is the storefront's lookup: serialized from the compiled schema (decision 020).
      serializerCompiler: jsonSerializerCompiler,
      schema: {
        tags,
        summary:
          '`?slug=`: a LIVE tip jar (public fields) for anyone, the full tip jar for its admins; with `managed=true` only for its admins. Without a session, `?search=` finds LIVE tip jars by name or address (public fields, by name, at most 20). Otherwise: all tip jars (ADMIN) or your own. `limit` is the exclusive end of the window.',
        querystring: TipjarListQuerySchema,
        response: {
          200: listResponseSchema(z.union([TipjarSchema, PublicTipjarSchema])),
          400: errors[400],
          401: errors[401],
        },
      },
    },
    async (request) => service.listTipjars(ctx, await request.actor(), request.query),
  );

  app.get(
    '/tipjars/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: TipjarSchema, ...managed } } },
    async (request) => service.getTipjar(ctx, await requireUser(request), request.params.id),
  );

  app.put(
    '/tipjars/:id',
    {
      schema: {
        tags,
        summary: 'Change settings (its admins); status and active only by platform admins, along the status machine',
        params: IdParamsSchema,
        body: UpdateTipjarBodySchema,
        response: { 200: TipjarSchema, ...managed, 403: errors[403], 409: errors[409] },
      },
    },
    async (request) => service.updateTipjar(ctx, await requireUser(request), request.params.id, request.body.data),
  );

  app.post(
    '/tipjars/:id/admins',
    {
      // 404 for an unknown user tells whether an address has an account: counted like the e-mail checks.
      preHandler: probes(bodyEmail),
      schema: {
        tags,
        summary: 'Add an admin by e-mail (the user must exist; shares the per-IP and per-address e-mail budget)',
        params: IdParamsSchema,
        body: TipjarAdminBodySchema,
        response: { 200: TipjarSchema, ...managed, 429: errors[429] },
      },
    },
    async (request) => admins.addTipjarAdmin(ctx, await requireUser(request), request.params.id, request.body.email),
  );

  app.delete(
    '/tipjars/:id/admins',
    {
      schema: {
        tags,
        summary: 'Remove an admin by e-mail; the last admin cannot be removed',
        params: IdParamsSchema,
        body: TipjarAdminBodySchema,
        response: { 200: TipjarSchema, ...managed, 409: errors[409] },
      },
    },
    async (request) => admins.removeTipjarAdmin(ctx, await requireUser(request), request.params.id, request.body.email),
  );
};
