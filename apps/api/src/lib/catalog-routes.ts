import { IdParamsSchema, listQuerySchema, listResponseSchema } from '@podpot/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Actor, requireAdmin } from './access.js';
import { errors, NoContent } from './http.js';
import { jsonSerializerCompiler } from './json-serializer.js';
import type { ParsedListQuery } from './list-query.js';

type DataBody = z.ZodObject<{ data: z.ZodType }>;

/** What a catalog feature's service offers: public reads (active items), admin writes; `Ctx` is what the module's services take. */
export interface CatalogService<Ctx, Item, Create, Update, Sort extends string> {
  list(
    ctx: Ctx,
    actor: Actor | null,
    query: ParsedListQuery<Sort>,
  ): Promise<{ data: Item[]; metadata: { count: number } }>;
  get(ctx: Ctx, actor: Actor | null, id: string): Promise<Item>;
  /** Writes get the platform admin who asks (the audit trail names them). */
  create(ctx: Ctx, data: Create, actor: Actor): Promise<Item>;
  update(ctx: Ctx, id: string, data: Update, actor: Actor): Promise<Item>;
  remove(ctx: Ctx, id: string, actor: Actor): Promise<void>;
}

export interface CatalogRoutesOptions<
  Ctx,
  TItem extends z.ZodType,
  TCreate extends DataBody,
  TUpdate extends DataBody,
  S extends readonly [string, ...string[]],
> {
  /** URL segment, e.g. 'faqitems'. */
  path: string;
  /** What the list shows to whom, for the OpenAPI summary. */
  listSummary: string;
  item: TItem;
  createBody: TCreate;
  updateBody: TUpdate;
  sortable: S;
  service: CatalogService<Ctx, z.infer<TItem>, z.infer<TCreate>['data'], z.infer<TUpdate>['data'], S[number]>;
}

/**
 * The five routes of an admin-managed catalog (FAQ items, payment methods): list and read for
 * everyone (the service decides what non-admins see), create/change/delete for platform admins.
 */
export function registerCatalogRoutes<
  Ctx,
  TItem extends z.ZodType,
  TCreate extends DataBody,
  TUpdate extends DataBody,
  S extends readonly [string, ...string[]],
>(parent: FastifyInstance, ctx: Ctx, options: CatalogRoutesOptions<Ctx, TItem, TCreate, TUpdate, S>) {
  // Generic over the schemas, so the handlers read the (already validated) input through casts.
  const app = parent;
  type IdParams = { id: string };
  const { path, item, service } = options;
  const tags = [path];
  const admin = { 400: errors[400], 401: errors[401], 403: errors[403] };

  app.get(
    `/${path}`,
    {
      // Read by every checkout and FAQ page: answers serialized from the compiled schema (decision 020).
      serializerCompiler: jsonSerializerCompiler,
      schema: {
        tags,
        summary: options.listSummary,
        querystring: listQuerySchema(options.sortable),
        response: { 200: listResponseSchema(item), 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => service.list(ctx, await request.actor(), request.query as ParsedListQuery<S[number]>),
  );

  app.get(
    `/${path}/:id`,
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: item, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => service.get(ctx, await request.actor(), (request.params as IdParams).id),
  );

  app.post(
    `/${path}`,
    { schema: { tags, summary: 'Create (admin)', body: options.createBody, response: { 201: item, ...admin } } },
    async (request, reply) => {
      const actor = await requireAdmin(request);
      const body = request.body as z.infer<TCreate>;
      return reply.status(201).send(await service.create(ctx, body.data, actor));
    },
  );

  app.put(
    `/${path}/:id`,
    {
      schema: {
        tags,
        summary: 'Change (admin); fields left out stay as they are',
        params: IdParamsSchema,
        body: options.updateBody,
        response: { 200: item, ...admin, 404: errors[404] },
      },
    },
    async (request) => {
      const actor = await requireAdmin(request);
      const body = request.body as z.infer<TUpdate>;
      return service.update(ctx, (request.params as IdParams).id, body.data, actor);
    },
  );

  app.delete(
    `/${path}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete (admin)',
        params: IdParamsSchema,
        response: { 204: NoContent, ...admin, 404: errors[404] },
      },
    },
    async (request, reply) => {
      const actor = await requireAdmin(request);
      await service.remove(ctx, (request.params as IdParams).id, actor);
      return reply.status(204).send(null);
    },
  );
}
