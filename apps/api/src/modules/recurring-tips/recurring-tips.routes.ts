import {
  booleanQueryParam,
  CreateRecurringTipBodySchema,
  CreateRecurringTipResponseSchema,
  listQuerySchema,
  listResponseSchema,
  RECURRING_TIP_SORTABLE,
  RecurringTipSchema,
  RetryMandateBodySchema,
  SupporterFeedSchema,
  singleLine,
  UpdateRecurringTipBodySchema,
} from '@podpot/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type RecurringTipOwner, requireAdmin, requireUser } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { CsvQuerySchema } from '../../lib/csv.js';
import {
  childParams,
  ErrorBodySchema,
  errors,
  fileResponse,
  IdParams,
  managedErrors,
  requestLocale,
  sendCsvStream,
} from '../../lib/http.js';
import { idempotencyOf } from '../../lib/idempotency.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import * as bonusFeed from '../bonus/bonus.feed.js';
import { manageTokenCandidates, verifyManageToken } from './manage-token.js';
import { exportTipjarRecurringTips } from './recurring-tips.export.js';
import * as service from './recurring-tips.service.js';

const tags = ['recurringtips'];
const ListQuery = listQuerySchema(RECURRING_TIP_SORTABLE);
/** The tipper's own list, optionally of one tip jar and only the open ones (the storefront's "you already give"). */
const MyListQuery = listQuerySchema(RECURRING_TIP_SORTABLE, {
  tipjarId: z.uuid().optional(),
  open: booleanQueryParam.optional().describe('true: only active or paused monthly tips'),
});
/** The manage link's token, as an alternative to signing in (see manage-token.ts). */
const ManageQuery = z.object({ token: singleLine(z.string().max(2000)).optional() });
const ListResponse = listResponseSchema(RecurringTipSchema);
const owned = managedErrors;

/**
 * Who asks to manage recurring tip `id`: a manage token for exactly this id (query, x-manage-token
 * header or bearer), else the signed-in tipper. A valid token for ANOTHER recurring tip is a 404.
 */
async function ownerAccess(ctx: AppContext, request: FastifyRequest, id: string): Promise<RecurringTipOwner> {
  let otherToken = false;
  let bearerIsManageToken = false;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  for (const token of manageTokenCandidates(request)) {
    const subject = await verifyManageToken(ctx, token);
    if (subject === id) return { kind: 'token', recurringTipId: id };
    if (subject) {
      otherToken = true;
      if (token === bearer) bearerIsManageToken = true;
    }
  }
  if (request.headers.authorization && !bearerIsManageToken) return { kind: 'user', actor: await requireUser(request) };
  if (otherToken) throw AppError.notFound('Recurring tip');
  throw AppError.unauthorized();
}

export const recurringTipsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; ledger: PaymentLedger }> = async (
  app,
  { ctx, ledger },
) => {
  app.post(
    '/tipjars/:id/recurringtips',
    {
      schema: {
        tags,
        summary:
          'Start a monthly tip (signed-in tipper): the first payment sets up the mandate. Redirect to oppTransaction.redirectUrl. An Idempotency-Key header makes a resubmit answer the same recurring tip; the same key with a different request is a 422 IDEMPOTENCY_KEY_REUSED.',
        params: IdParams,
        body: CreateRecurringTipBodySchema,
        response: {
          201: CreateRecurringTipResponseSchema,
          ...owned,
          409: errors[409],
          422: errors[422],
          502: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const actor = await requireUser(request);
      const answer = await service.createRecurringTip(
        ctx,
        ledger,
        actor,
        request.params.id,
        request.body.data,
        idempotencyOf(request),
      );
      return reply.status(201).send(answer);
    },
  );

  /* ----- the tipper ----- */

  app.get(
    '/user/me/recurringtips',
    {
      schema: {
        tags,
        summary:
          'Own monthly tips, newest first. `tipjarId` and `open=true` (active or paused) answer whether the tipper already gives monthly to a tip jar.',
        querystring: MyListQuery,
        response: { 200: ListResponse, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => service.listMyRecurringTips(ctx, await requireUser(request), request.query),
  );

  app.get(
    '/user/me/recurringtips/:id',
    {
      schema: {
        tags,
        summary: 'One own monthly tip with its payment history (signed in, or with the manage link token)',
        params: IdParams,
        querystring: ManageQuery,
        response: { 200: RecurringTipSchema, ...owned },
      },
    },
    async (request) =>
      service.getMyRecurringTip(ctx, await ownerAccess(ctx, request, request.params.id), request.params.id),
  );

  app.put(
    '/user/me/recurringtips/:id',
    {
      schema: {
        tags,
        summary:
          'Change the amount (from the next month on), pause, resume (active) or cancel (final) an own monthly tip. ' +
          'With the manage link the amount can only go down: raising it is 403 LOGIN_REQUIRED.',
        params: IdParams,
        querystring: ManageQuery,
        body: UpdateRecurringTipBodySchema,
        response: {
          200: RecurringTipSchema,
          ...owned,
          403: ErrorBodySchema.describe('LOGIN_REQUIRED: the manage link cannot raise the amount; sign in for that'),
          409: errors[409],
        },
      },
    },
    async (request) =>
      service.updateMyRecurringTip(
        ctx,
        await ownerAccess(ctx, request, request.params.id),
        request.params.id,
        request.body.data,
      ),
  );

  app.post(
    '/user/me/recurringtips/:id/mandate/retry',
    {
      schema: {
        tags,
        summary:
          'Set up the payment again (a new first payment) after the mandate became invalid. Redirect to mandate.oppTransaction.redirectUrl.',
        params: IdParams,
        querystring: ManageQuery,
        body: RetryMandateBodySchema,
        response: { 200: RecurringTipSchema, ...owned, 409: errors[409], 502: ErrorBodySchema },
      },
    },
    async (request) =>
      service.retryMandate(
        ctx,
        ledger,
        await ownerAccess(ctx, request, request.params.id),
        request.params.id,
        request.body.data,
      ),
  );

  /* ----- the tipper's private supporter feed (decision 090): signed in, or with the manage link ----- */

  app.get(
    '/user/me/recurringtips/:id/feed',
    {
      schema: {
        tags: ['bonus'],
        summary:
          'The private supporter feed of an own monthly or yearly tip: its URL (with a QR code) and state (signed in, or with the manage link token)',
        params: IdParams,
        querystring: ManageQuery,
        response: { 200: SupporterFeedSchema, ...owned },
      },
    },
    async (request) => bonusFeed.getMyFeed(ctx, await ownerAccess(ctx, request, request.params.id), request.params.id),
  );

  app.post(
    '/user/me/recurringtips/:id/feed/rotate',
    {
      schema: {
        tags: ['bonus'],
        summary:
          'A new private feed URL (the old one stops working at once; clears a leak flag). Signed in, or with the manage link token.',
        params: IdParams,
        querystring: ManageQuery,
        response: { 200: SupporterFeedSchema, ...owned },
      },
    },
    async (request) =>
      bonusFeed.rotateMyFeed(ctx, await ownerAccess(ctx, request, request.params.id), request.params.id),
  );

  /* ----- makers (tip jar admins) and platform admins ----- */

  app.get(
    '/tipjars/:id/recurringtips',
    {
      schema: {
        tags,
        summary: "A tip jar's monthly tips, newest first (its admins and platform admins)",
        params: IdParams,
        querystring: ListQuery,
        response: { 200: ListResponse, ...owned },
      },
    },
    async (request) =>
      service.listTipjarRecurringTips(ctx, await requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/tipjars/:id/recurringtips/export',
    {
      schema: {
        tags,
        summary:
          "A tip jar's monthly tips as a CSV download (its admins and platform admins), oldest first, streamed: no tipper e-mail, no name for an anonymous one. `separator=semicolon` for Dutch Excel: decimal comma, Amsterdam times, headers in the Accept-Language (decision 084).",
        params: IdParams,
        querystring: CsvQuerySchema,
        ...fileResponse('CSV file', ['text/csv'], owned),
      },
    },
    async (request, reply) => {
      const file = await exportTipjarRecurringTips(ctx, await requireUser(request), request.params.id, {
        separator: request.query.separator,
        locale: requestLocale(request),
      });
      return sendCsvStream(reply, file);
    },
  );

  app.get(
    '/tipjars/:id/recurringtips/:tipId',
    { schema: { tags, params: childParams('tipId'), response: { 200: RecurringTipSchema, ...owned } } },
    async (request) =>
      service.getTipjarRecurringTip(ctx, await requireUser(request), request.params.id, request.params.tipId),
  );

  app.get(
    '/recurringtips',
    {
      schema: {
        tags,
        summary: 'All monthly tips, newest first (platform admins)',
        querystring: ListQuery,
        response: { 200: ListResponse, 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.listAllRecurringTips(ctx, request.query);
    },
  );

  app.get(
    '/recurringtips/:id',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: RecurringTipSchema, ...owned, 403: errors[403] },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return service.getRecurringTip(ctx, request.params.id);
    },
  );
};
