import {
  CreateTipBodySchema,
  CreateTipResponseSchema,
  cursorListQuerySchema,
  dateQueryParam,
  IdParamsSchema,
  listResponseSchema,
  SearchParamSchema,
  TIP_STATUSES,
  TipOutcomeSchema,
  TipSchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { CsvQuerySchema } from '../../lib/csv.js';
import {
  adminErrors,
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
import { jsonSerializerCompiler } from '../../lib/json-serializer.js';
import type { PaymentLedger } from '../../payments/ledger.js';
import { BULK_DOWNLOAD_COMPRESSION } from '../../plugins/compression.js';
import { exportTipjarTips, exportTips } from './tips.export.js';
import { TIP_SORTABLE } from './tips.repository.js';
import * as service from './tips.service.js';

const tags = ['tips'];
const managed = managedErrors;
const adminOnly = adminErrors;

const FilterSchema = z.object({
  status: z.enum(TIP_STATUSES).optional(),
  from: dateQueryParam('from').optional().describe('created on or after (ISO date or date-time)'),
  to: dateQueryParam('to').optional().describe('created before; a bare date includes that day'),
  episodeId: z.uuid().optional().describe('tips for this episode (decision 034)'),
});
// Keyset paging too (`after` / `before`, decision 041).
const TipjarTipsQuerySchema = cursorListQuerySchema(TIP_SORTABLE, FilterSchema.shape);
const AllTipsQuerySchema = cursorListQuerySchema(TIP_SORTABLE, {
  ...FilterSchema.shape,
  tipjarId: z.uuid().optional(),
});
const ExportQuerySchema = FilterSchema.extend({
  tipjarId: z.uuid().optional(),
  search: SearchParamSchema.optional(),
}).extend(CsvQuerySchema.shape);

const CURSOR_PAGING =
  'Keyset paging: `after=metadata.nextCursor` gives the `limit - skip` rows right after the page, `before=metadata.prevCursor` those right before it (an index range however deep; same sort and direction).';
const invalidCursor = ErrorBodySchema.describe(
  'INVALID_CURSOR: `after`/`before` is no cursor of this sort and direction',
);

export const tipsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; ledger: PaymentLedger }> = async (
  app,
  { ctx, ledger },
) => {
  app.post(
    '/tipjars/:id/tips',
    {
      // Per client IP, against card testing; read per request so the bench can raise it.
      config: { rateLimit: { max: () => ctx.config.TIP_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Give a tip to a LIVE tip jar (anyone). Redirect the tipper to oppTransaction.redirectUrl. ' +
          'Send an Idempotency-Key header to make the call safe to repeat: the same key with the same request answers the same tip; ' +
          'the same key with a different request is a 422 IDEMPOTENCY_KEY_REUSED.',
        params: IdParams,
        body: CreateTipBodySchema,
        response: {
          201: CreateTipResponseSchema,
          400: errors[400],
          404: errors[404],
          409: errors[409],
          422: errors[422],
          429: errors[429],
          502: ErrorBodySchema.describe('The payment provider failed; the tip stays created and is retried or expires'),
        },
      },
    },
    async (request, reply) => {
      const idempotency = idempotencyOf(request);
      // Anyone may tip; a signed-in tipper's tip is also a record of their account (decision 061). A
      // token that no longer works tips as anyone would, as before.
      const tipper = request.headers.authorization ? await request.actor().catch(() => null) : null;
      return reply
        .status(201)
        .send(await service.createTip(ctx, ledger, request.params.id, request.body.data, idempotency, tipper?.userId));
    },
  );

  app.get(
    '/tips/:id/outcome',
    {
      schema: {
        tags,
        summary:
          'The status of a tip for the thank-you page (public; the outcome and, once paid, the amount — never who gave it)',
        params: IdParamsSchema,
        response: { 200: TipOutcomeSchema, 400: errors[400], 404: errors[404] },
      },
    },
    async (request) => service.getTipOutcome(ctx, request.params.id),
  );

  app.get(
    '/tipjars/:id/tips',
    {
      // A maker's busiest read: serialized from the compiled schema (decision 020); toTip builds each field.
      serializerCompiler: jsonSerializerCompiler,
      schema: {
        tags,
        summary:
          "A tip jar's tips, newest change first (its admins and platform admins). `search` looks in name and message. `limit` is the exclusive end of the window. " +
          CURSOR_PAGING,
        params: IdParams,
        querystring: TipjarTipsQuerySchema,
        response: { 200: listResponseSchema(TipSchema), ...managed, 422: invalidCursor },
      },
    },
    async (request) => service.listTipjarTips(ctx, await requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/tipjars/:id/tips/export',
    {
      compress: BULK_DOWNLOAD_COMPRESSION,
      schema: {
        tags,
        summary:
          "A tip jar's tips as a CSV download (its admins and platform admins), oldest first, streamed: no tipper e-mail, no name for an anonymous tip. `separator=semicolon` for Dutch Excel: decimal comma, Amsterdam times, headers in the Accept-Language (decision 084).",
        params: IdParams,
        querystring: CsvQuerySchema,
        ...fileResponse('CSV file', ['text/csv'], managed),
      },
    },
    async (request, reply) => {
      const file = await exportTipjarTips(ctx, await requireUser(request), request.params.id, {
        separator: request.query.separator,
        locale: requestLocale(request),
      });
      return sendCsvStream(reply, file);
    },
  );

  app.get(
    '/tipjars/:id/tips/:tipId',
    { schema: { tags, params: childParams('tipId'), response: { 200: TipSchema, ...managed } } },
    async (request) => service.getTipjarTip(ctx, await requireUser(request), request.params.id, request.params.tipId),
  );

  app.get(
    '/tips',
    {
      serializerCompiler: jsonSerializerCompiler,
      schema: {
        tags,
        summary: `All tips, with the tipper e-mail (platform admins). \`limit\` is the exclusive end of the window. ${CURSOR_PAGING}`,
        querystring: AllTipsQuerySchema,
        response: { 200: listResponseSchema(TipSchema), ...adminOnly, 422: invalidCursor },
      },
    },
    async (request) => service.listAllTips(ctx, await requireAdmin(request), request.query),
  );

  app.get(
    '/tips/export',
    {
      compress: BULK_DOWNLOAD_COMPRESSION,
      schema: {
        tags,
        summary:
          'All matching tips as a CSV download (platform admins), streamed; amounts in euros with 2 decimals. `separator=semicolon` for Dutch Excel.',
        querystring: ExportQuerySchema,
        ...fileResponse('CSV file', ['text/csv'], adminOnly),
      },
    },
    async (request, reply) => {
      const { separator, ...filter } = request.query;
      const file = exportTips(ctx, await requireAdmin(request), filter, { separator });
      return sendCsvStream(reply, file);
    },
  );

  app.get(
    '/tips/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: TipSchema, ...adminOnly, 404: errors[404] } },
    },
    async (request) => service.getTip(ctx, await requireAdmin(request), request.params.id),
  );
};
