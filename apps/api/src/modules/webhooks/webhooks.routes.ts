import {
  CreateWebhookBodySchema,
  IdParamsSchema,
  UpdateWebhookBodySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
} from '@podpot/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../lib/access.js';
import { childParams, errors, managedErrors, NoContent } from '../../lib/http.js';
import * as service from './webhooks.service.js';

const tags = ['webhooks'];
const managed = managedErrors;
const WebhookParams = childParams('webhookId');
const DeliveryParams = WebhookParams.extend({ deliveryId: z.uuid({ message: 'invalid' }) });

/** A tip jar's signed webhooks (decision 095, docs/webhooks.md): its admins and platform admins; 404 for anyone else. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/tipjars/:id/webhooks',
    {
      schema: {
        tags,
        summary: "A tip jar's webhook endpoints (secrets only as their last four characters)",
        params: IdParamsSchema,
        response: { 200: WebhookListSchema, ...managed },
      },
    },
    async (request) => service.listWebhooks(ctx, await requireUser(request), request.params.id),
  );

  app.post(
    '/tipjars/:id/webhooks',
    {
      schema: {
        tags,
        summary:
          'Add an endpoint (at most 5; 409 beyond). The address must be public (https in production). The answer holds the signing secret: the only time it is shown until rolled.',
        params: IdParamsSchema,
        body: CreateWebhookBodySchema,
        response: { 201: WebhookSchema, ...managed, 409: errors[409] },
      },
    },
    async (request, reply) => {
      const webhook = await service.createWebhook(
        ctx,
        await requireUser(request),
        request.params.id,
        request.body.data,
      );
      return reply.status(201).send(webhook);
    },
  );

  app.put(
    '/tipjars/:id/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: 'Change an endpoint; `rollSecret: true` makes a new secret, shown in this answer only',
        params: WebhookParams,
        body: UpdateWebhookBodySchema,
        response: { 200: WebhookSchema, ...managed },
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      return service.updateWebhook(ctx, await requireUser(request), id, webhookId, request.body.data);
    },
  );

  app.delete(
    '/tipjars/:id/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log; deliveries still waiting are not sent',
        params: WebhookParams,
        response: { 204: NoContent, ...managed },
      },
    },
    async (request, reply) => {
      const { id, webhookId } = request.params;
      await service.deleteWebhook(ctx, await requireUser(request), id, webhookId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/tipjars/:id/webhooks/:webhookId/test',
    {
      schema: {
        tags,
        summary:
          'Send a test event (`ping`) to this endpoint, whatever events it chose; posted by the next worker round',
        params: WebhookParams,
        response: { 202: WebhookDeliverySchema, ...managed },
      },
    },
    async (request, reply) => {
      const { id, webhookId } = request.params;
      const delivery = await service.sendTestEvent(ctx, await requireUser(request), id, webhookId);
      return reply.status(202).send(delivery);
    },
  );

  app.get(
    '/tipjars/:id/webhooks/:webhookId/deliveries',
    {
      schema: {
        tags,
        summary: "An endpoint's last 50 deliveries, newest first",
        params: WebhookParams,
        response: { 200: WebhookDeliveryListSchema, ...managed },
      },
    },
    async (request) => {
      const { id, webhookId } = request.params;
      return service.listWebhookDeliveries(ctx, await requireUser(request), id, webhookId);
    },
  );

  app.post(
    '/tipjars/:id/webhooks/:webhookId/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        summary: 'Send a delivery again: the same event id and body, due at once and tried for another day',
        params: DeliveryParams,
        response: { 202: WebhookDeliverySchema, ...managed, 409: errors[409] },
      },
    },
    async (request, reply) => {
      const { id, webhookId, deliveryId } = request.params;
      const delivery = await service.resendDelivery(ctx, await requireUser(request), id, webhookId, deliveryId);
      return reply.status(202).send(delivery);
    },
  );
};
