import { randomBytes } from 'node:crypto';
import {
  type CreateWebhookData,
  ErrorCode,
  MAX_WEBHOOKS_PER_TIPJAR,
  type UpdateWebhookData,
  WEBHOOK_DELIVERIES_SHOWN,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookList,
} from '@podpot/domain';
import type { AppContext } from '../../context.js';
import { type Actor, loadManagedTipjar } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { assertWebhookUrl } from './webhooks.address.js';
import { payloadOf } from './webhooks.events.js';
import * as repo from './webhooks.repository.js';

/*
 * A tip jar's webhook endpoints and their delivery log (decision 095): its admins and platform admins
 * only; anyone else gets the same 404 as for a tip jar that does not exist (lib/access.ts).
 */

/** `whsec_` and 32 random bytes, base64url: made here, never chosen by the maker. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function toWebhook(row: repo.EndpointRow, options: { withSecret?: boolean } = {}): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as Webhook['events'],
    description: row.description,
    enabled: row.enabled,
    secretHint: row.secret.slice(-4),
    ...(options.withSecret ? { secret: row.secret } : {}),
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as WebhookDelivery['type'],
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    created: row.created.toISOString(),
  };
}

function urlRules(ctx: AppContext) {
  return { production: ctx.config.NODE_ENV === 'production', allowLoopback: ctx.config.feedAllowLoopback };
}

async function loadEndpoint(ctx: AppContext, actor: Actor, tipjarId: string, webhookId: string) {
  const tipjar = await loadManagedTipjar(ctx, actor, tipjarId);
  const endpoint = await repo.findEndpoint(ctx.db, tipjar.id, webhookId);
  if (!endpoint) throw AppError.notFound('Webhook');
  return { tipjar, endpoint };
}

export async function listWebhooks(ctx: AppContext, actor: Actor, tipjarId: string): Promise<WebhookList> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  const rows = await repo.listEndpoints(ctx.db, tipjarId);
  return { data: rows.map((r) => toWebhook(r)), max: MAX_WEBHOOKS_PER_TIPJAR };
}

/** A new endpoint; the answer holds its whole secret, the only time it is shown (until rolled). */
export async function createWebhook(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  data: CreateWebhookData,
): Promise<Webhook> {
  await loadManagedTipjar(ctx, actor, tipjarId);
  await assertWebhookUrl(data.url, urlRules(ctx));
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockTipjar(tx, tipjarId);
    if ((await repo.countEndpoints(tx, tipjarId)) >= MAX_WEBHOOKS_PER_TIPJAR) {
      throw AppError.field(
        ErrorCode.Conflict,
        'data.url',
        { key: 'webhookLimit', params: { max: MAX_WEBHOOKS_PER_TIPJAR } },
        `A tip jar has at most ${MAX_WEBHOOKS_PER_TIPJAR} webhooks`,
      );
    }
    return repo.insertEndpoint(tx, {
      tipjarId,
      url: data.url,
      events: data.events,
      description: data.description ?? '',
      enabled: data.enabled ?? true,
      secret: newSecret(),
    });
  });
  return toWebhook(row, { withSecret: true });
}

export async function updateWebhook(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  webhookId: string,
  data: UpdateWebhookData,
): Promise<Webhook> {
  const { endpoint } = await loadEndpoint(ctx, actor, tipjarId, webhookId);
  if (data.url !== undefined && data.url !== endpoint.url) await assertWebhookUrl(data.url, urlRules(ctx));
  const row = await repo.updateEndpoint(ctx.db, endpoint.id, {
    ...(data.url !== undefined ? { url: data.url } : {}),
    ...(data.events !== undefined ? { events: data.events } : {}),
    ...(data.description !== undefined ? { description: data.description } : {}),
    ...(data.enabled !== undefined ? { enabled: data.enabled } : {}),
    ...(data.rollSecret ? { secret: newSecret() } : {}),
  });
  if (!row) throw AppError.notFound('Webhook');
  return toWebhook(row, { withSecret: data.rollSecret === true });
}

export async function deleteWebhook(ctx: AppContext, actor: Actor, tipjarId: string, webhookId: string) {
  const { endpoint } = await loadEndpoint(ctx, actor, tipjarId, webhookId);
  await repo.deleteEndpoint(ctx.db, endpoint.id);
}

/** "Send test event": a `ping` to this endpoint only, whatever events it chose; posted by the next round. */
export async function sendTestEvent(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  webhookId: string,
): Promise<WebhookDelivery> {
  const { tipjar, endpoint } = await loadEndpoint(ctx, actor, tipjarId, webhookId);
  const payload = payloadOf(tipjar, 'ping', { object: 'ping', webhookId: endpoint.id }, new Date());
  const row = await repo.insertDelivery(ctx.db, {
    endpointId: endpoint.id,
    eventId: payload.id,
    type: 'ping',
    payload: { ...payload },
  });
  return toDelivery(row);
}

export async function listWebhookDeliveries(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  webhookId: string,
): Promise<WebhookDeliveryList> {
  const { endpoint } = await loadEndpoint(ctx, actor, tipjarId, webhookId);
  const rows = await repo.listDeliveries(ctx.db, endpoint.id, WEBHOOK_DELIVERIES_SHOWN);
  return { data: rows.map(toDelivery) };
}

/** "Send again": the same event (same id and body) is due at once and tried for another day. */
export async function resendDelivery(
  ctx: AppContext,
  actor: Actor,
  tipjarId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const { endpoint } = await loadEndpoint(ctx, actor, tipjarId, webhookId);
  const found = await repo.findDelivery(ctx.db, endpoint.id, deliveryId);
  if (!found) throw AppError.notFound('Delivery');
  const row = await repo.requeueDelivery(ctx.db, found.id);
  if (!row) throw new AppError(ErrorCode.Conflict, 'This delivery is being sent right now');
  return toDelivery(row);
}
