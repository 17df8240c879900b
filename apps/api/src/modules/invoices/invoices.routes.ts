import {
  BatchCreateInvoicesBodySchema,
  BatchResultSchema,
  CreateInvoiceBodySchema,
  CreateTipjarInvoiceBodySchema,
  IdParamsSchema,
  INVOICE_SORTABLE,
  INVOICE_STATUSES,
  InvoiceSchema,
  listQuerySchema,
  listResponseSchema,
  PeriodSchema,
  UpdateInvoiceBodySchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireAdmin, requireUser } from '../../lib/access.js';
import { CsvQuerySchema } from '../../lib/csv.js';
import {
  adminErrors,
  childParams,
  errors,
  fileResponse,
  IdParams,
  managedErrors,
  NoContent,
  requestLocale,
  sendFile,
} from '../../lib/http.js';
import * as service from './invoices.service.js';

const tags = ['invoices'];
const TipjarInvoiceParamsSchema = childParams('invoiceId');
const adminOnly = adminErrors;
const managed = managedErrors;
const FilterSchema = z.object({ status: z.enum(INVOICE_STATUSES).optional(), period: PeriodSchema.optional() });
const TipjarListQuerySchema = listQuerySchema(INVOICE_SORTABLE).and(FilterSchema);
const ListQuerySchema = listQuerySchema(INVOICE_SORTABLE).and(FilterSchema.extend({ tipjarId: z.uuid().optional() }));
/** The `{}` body of docs/product.md §7: anything else in it is a client error. */
const EmptyBodySchema = z.strictObject({});
/** Invoices: platform admins manage them; a tip jar's admins read and download their own. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/invoices',
    {
      schema: {
        tags,
        summary: 'All invoices, newest number first (platform admins). `search` looks in number and tip jar name.',
        querystring: ListQuerySchema,
        response: { 200: listResponseSchema(InvoiceSchema), ...adminOnly },
      },
    },
    async (request) => service.listInvoices(ctx, await requireAdmin(request), request.query),
  );

  app.post(
    '/invoices',
    {
      schema: {
        tags,
        summary:
          'Create a draft invoice with lines priced excluding VAT; VAT 21 % is added (platform admins). Refused (400, with the reason in the Accept-Language) when it totals €0.00 (`data.lines`: invoiceEmpty) or names a month not over yet (`data.period`: periodNotFinished).',
        body: CreateInvoiceBodySchema,
        response: { 201: InvoiceSchema, ...adminOnly, 409: errors[409] },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createInvoice(ctx, await requireAdmin(request), request.body.data)),
  );

  app.post(
    '/invoices/batch/create',
    {
      schema: {
        tags,
        summary:
          "Create the month's platform-fee draft invoices for every tip jar with completed tips in it; once per tip jar and month (platform admins). `count` is how many were made.",
        body: BatchCreateInvoicesBodySchema,
        response: { 200: BatchResultSchema, ...adminOnly },
      },
    },
    async (request) => service.batchCreateInvoices(ctx, await requireAdmin(request), request.body.data.period),
  );

  app.post(
    '/invoices/batch/send',
    {
      schema: {
        tags,
        summary: 'Send every draft invoice (platform admins). `count` is how many were sent.',
        body: EmptyBodySchema,
        response: { 200: BatchResultSchema, ...adminOnly },
      },
    },
    async (request) => service.batchSendInvoices(ctx, await requireAdmin(request)),
  );

  app.get(
    '/invoices/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: InvoiceSchema, ...adminOnly, 404: errors[404] } } },
    async (request) => service.getInvoice(ctx, await requireAdmin(request), request.params.id),
  );

  app.put(
    '/invoices/:id',
    {
      schema: {
        tags,
        summary: 'Change the lines of a draft, or mark an invoice paid (from sent) or void (from draft or sent).',
        params: IdParamsSchema,
        body: UpdateInvoiceBodySchema,
        response: { 200: InvoiceSchema, ...adminOnly, 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => service.updateInvoice(ctx, await requireAdmin(request), request.params.id, request.body.data),
  );

  app.delete(
    '/invoices/:id',
    {
      schema: {
        tags,
        summary: 'Delete a draft that holds the latest number of its year (else void it: numbers stay gap-free).',
        params: IdParamsSchema,
        response: { 204: NoContent, ...adminOnly, 404: errors[404], 409: errors[409] },
      },
    },
    async (request, reply) => {
      await service.deleteInvoice(ctx, await requireAdmin(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/invoices/:id/send',
    {
      schema: {
        tags,
        summary: "Mail a draft invoice with its PDF to the tip jar's contact address and mark it sent.",
        params: IdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: InvoiceSchema, ...adminOnly, 404: errors[404], 409: errors[409] },
      },
    },
    async (request) => service.sendInvoice(ctx, await requireAdmin(request), request.params.id),
  );

  app.get(
    '/invoices/:id/download',
    {
      schema: {
        tags,
        summary: 'The invoice as PDF (platform admins).',
        params: IdParamsSchema,
        ...fileResponse('PDF file', ['application/pdf']),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await service.downloadInvoice(ctx, await requireAdmin(request), request.params.id, { what: 'pdf' }),
      ),
  );

  app.get(
    '/invoices/:id/download/settlements',
    {
      schema: {
        tags,
        summary: "The settlement specification as CSV: the period's completed tips (platform admins).",
        params: IdParamsSchema,
        querystring: CsvQuerySchema,
        ...fileResponse('CSV file', ['text/csv']),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await service.downloadInvoice(ctx, await requireAdmin(request), request.params.id, {
          what: 'settlements',
          separator: request.query.separator,
          locale: requestLocale(request),
        }),
      ),
  );

  app.get(
    '/tipjars/:id/invoices',
    {
      schema: {
        tags,
        summary: "A tip jar's invoices (its admins and platform admins).",
        params: IdParams,
        querystring: TipjarListQuerySchema,
        response: { 200: listResponseSchema(InvoiceSchema), ...managed },
      },
    },
    async (request) => service.listTipjarInvoices(ctx, await requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/tipjars/:id/invoices',
    {
      schema: {
        tags,
        summary:
          "Create a tip jar's draft invoice (platform admins): with lines, those; with only a period, that month's platform-fee invoice. Refused (400, with the reason in the Accept-Language) for a month not over yet (`data.period`: periodNotFinished) and for €0.00 (invoiceEmpty: on `data.lines`, or on `data.period` for a month without fees).",
        params: IdParams,
        body: CreateTipjarInvoiceBodySchema,
        response: { 201: InvoiceSchema, ...managed, 403: errors[403], 409: errors[409] },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createTipjarInvoice(ctx, await requireUser(request), request.params.id, request.body.data)),
  );

  app.get(
    '/tipjars/:id/invoices/:invoiceId',
    { schema: { tags, params: TipjarInvoiceParamsSchema, response: { 200: InvoiceSchema, ...managed } } },
    async (request) =>
      service.getTipjarInvoice(ctx, await requireUser(request), request.params.id, request.params.invoiceId),
  );

  app.get(
    '/tipjars/:id/invoices/:invoiceId/download',
    { schema: { tags, params: TipjarInvoiceParamsSchema, ...fileResponse('PDF file', ['application/pdf']) } },
    async (request, reply) =>
      sendFile(
        reply,
        await service.downloadTipjarInvoice(
          ctx,
          await requireUser(request),
          request.params.id,
          request.params.invoiceId,
          { what: 'pdf' },
        ),
      ),
  );

  app.get(
    '/tipjars/:id/invoices/:invoiceId/download/settlements',
    {
      schema: {
        tags,
        params: TipjarInvoiceParamsSchema,
        querystring: CsvQuerySchema,
        ...fileResponse('CSV file', ['text/csv']),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await service.downloadTipjarInvoice(
          ctx,
          await requireUser(request),
          request.params.id,
          request.params.invoiceId,
          {
            what: 'settlements',
            separator: request.query.separator,
            locale: requestLocale(request),
          },
        ),
      ),
  );
};
