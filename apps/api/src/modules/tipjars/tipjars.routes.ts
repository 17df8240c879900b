import {
  AcceptedInvitationSchema,
  booleanQueryParam,
  type CreateTipjarBody,
  CreateTipjarBodySchema,
  CreateTipjarResponseSchema,
  IdParamsSchema,
  InvitationSchema,
  InvitationTokenParamsSchema,
  InviteTipjarAdminBodySchema,
  LeftTipjarSchema,
  listQuerySchema,
  listResponseSchema,
  PublicTipjarSchema,
  singleLine,
  TestEmailBodySchema,
  TestEmailResponseSchema,
  TestPhoneNumberBodySchema,
  TestPhoneNumberResponseSchema,
  TipjarAdminBodySchema,
  TipjarInvitationListSchema,
  TipjarInvitationSchema,
  TipjarSchema,
  UpdateTipjarBodySchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { type AddressLimit, bodyEmail } from '../../lib/address-probes.js';
import { childParams, ErrorBodySchema, errors, managedErrors, NoContent } from '../../lib/http.js';
import { jsonSerializerCompiler } from '../../lib/json-serializer.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import { strongPasswordFirst } from '../users/users.password-strength.js';
import * as admins from './tipjars.admins.js';
import * as invitations from './tipjars.invitations.js';
import type { TipjarPorts } from './tipjars.ports.js';
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
export const tipjarsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  probes: AddressLimit;
  ledger: PaymentLedger;
  ports: TipjarPorts;
}> = async (app, { ctx, probes, ledger, ports }) => {
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
      reply.status(201).send(await service.createTipjar(ctx, ledger, await request.actor(), request.body.data)),
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
    async (request) => service.listTipjars(ctx, ports.storefront, await request.actor(), request.query),
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
    async (request) =>
      service.updateTipjar(ctx, ports.feedSaved, await requireUser(request), request.params.id, request.body.data),
  );

  app.post(
    '/tipjars/:id/admins',
    {
      // Mails an address its admins typed: counted like the e-mail checks (per IP and per address).
      preHandler: probes(bodyEmail),
      schema: {
        tags,
        summary:
          'Invite an admin by e-mail (decision 062): the invitee becomes an admin only by accepting the mailed link. The same answer whether or not the address has an account; inviting again renews the invitation. 409 when the address is an admin already or too many invitations wait.',
        params: IdParamsSchema,
        body: InviteTipjarAdminBodySchema,
        response: { 202: TipjarInvitationSchema, ...managed, 409: errors[409], 429: errors[429] },
      },
    },
    async (request, reply) => {
      const invitation = await admins.inviteTipjarAdmin(
        ctx,
        await requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(202).send(invitation);
    },
  );

  app.get(
    '/tipjars/:id/invitations',
    {
      schema: {
        tags,
        summary: "A tip jar's invitations still waiting for an answer (its admins and platform admins)",
        params: IdParamsSchema,
        response: { 200: TipjarInvitationListSchema, ...managed },
      },
    },
    async (request) => admins.listTipjarInvitations(ctx, await requireUser(request), request.params.id),
  );

  app.delete(
    '/tipjars/:id/invitations/:invitationId',
    {
      schema: {
        tags,
        summary: 'Withdraw an invitation: its link stops working',
        params: childParams('invitationId'),
        response: { 204: NoContent, ...managed },
      },
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await admins.withdrawTipjarInvitation(ctx, await requireUser(request), id, invitationId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/tipjars/:id/admins/me',
    {
      schema: {
        tags,
        summary:
          'Leave the tip jar. The last admin may leave too: then platform admins manage it (`handedToPlatform`).',
        params: IdParamsSchema,
        response: { 200: LeftTipjarSchema, ...managed },
      },
    },
    async (request) => admins.leaveTipjar(ctx, await requireUser(request), request.params.id),
  );

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags,
        summary: 'The invitation behind a mailed link: the tip jar and the invited address (no login needed)',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationSchema, 400: errors[400], 404: errors[404] },
      },
    },
    async (request) => invitations.getInvitation(ctx, request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation, signed in with the invited address; 403 for another account',
        params: InvitationTokenParamsSchema,
        response: { 200: AcceptedInvitationSchema, ...managed, 403: errors[403] },
      },
    },
    async (request) => invitations.acceptInvitation(ctx, await requireUser(request), request.params.token),
  );

  app.post(
    '/invitations/:token/decline',
    {
      schema: {
        tags,
        summary: 'Decline an invitation (the link is enough, no login needed)',
        params: InvitationTokenParamsSchema,
        response: { 204: NoContent, 400: errors[400], 404: errors[404] },
      },
    },
    async (request, reply) => {
      await invitations.declineInvitation(ctx, request.params.token);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/tipjars/:id/admins',
    {
      schema: {
        tags,
        summary: 'Remove another admin by e-mail; the last admin cannot be removed (but may leave: DELETE admins/me)',
        params: IdParamsSchema,
        body: TipjarAdminBodySchema,
        response: { 200: TipjarSchema, ...managed, 409: errors[409] },
      },
    },
    async (request) => admins.removeTipjarAdmin(ctx, await requireUser(request), request.params.id, request.body.email),
  );
};
