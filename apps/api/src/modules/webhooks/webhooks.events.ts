import { randomUUID } from 'node:crypto';
import type { TipPrivacy, WebhookDeliveryType, WebhookEvent } from '@podpot/domain';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './webhooks.repository.js';

/*
 * What other modules call, in the transaction of the change an event tells about (decision 095): the
 * event exists exactly when the change committed, like a mail in the outbox. One delivery row per
 * enabled endpoint of the tip jar that chose the event, all with one event id.
 */

/** The envelope every delivery's body is: the event's id, type, time and tip jar, and its object. */
export interface WebhookPayload {
  id: string;
  type: WebhookDeliveryType;
  created: string;
  tipjar: { id: string; slug: string };
  data: Record<string, unknown>;
}

/**
 * Queues `type` for every endpoint of `tipjarId` that chose it. `cause` names what happened
 * (`tip:<id>`): the same cause never queues a second delivery to an endpoint. Returns the event id,
 * or null when no endpoint wanted it (nothing written).
 */
export async function queueWebhookEvent(
  tx: DbOrTx,
  event: { tipjarId: string; type: WebhookEvent; cause: string; data: Record<string, unknown>; at?: Date },
): Promise<string | null> {
  const endpoints = await repo.endpointsFor(tx, event.tipjarId, event.type);
  if (endpoints.length === 0) return null;
  const tipjar = { id: event.tipjarId, slug: endpoints[0]!.slug };
  const payload = payloadOf(tipjar, event.type, event.data, event.at ?? new Date());
  await repo.insertDeliveries(
    tx,
    endpoints.map((e) => ({
      endpointId: e.id,
      eventId: payload.id,
      dedupeKey: `${event.type}:${event.cause}`,
      type: event.type,
      payload: payload as unknown as Record<string, unknown>,
    })),
  );
  return payload.id;
}

/**
 * The tip jars with an enabled endpoint that chose `type`, each with when its first such endpoint was
 * made: for a job that looks for events at the provider (`payout.paid`, decision 098) and asks only
 * for the tip jars someone listens for.
 */
export function tipjarsListeningTo(db: DbOrTx, type: WebhookEvent): Promise<{ tipjarId: string; since: Date }[]> {
  return repo.tipjarsListeningTo(db, type);
}

/** A new event's envelope: a fresh event id, kept by every try and every endpoint. */
export function payloadOf(
  tipjar: { id: string; slug: string },
  type: WebhookDeliveryType,
  data: Record<string, unknown>,
  at: Date,
): WebhookPayload {
  return { id: randomUUID(), type, created: at.toISOString(), tipjar: { id: tipjar.id, slug: tipjar.slug }, data };
}

/**
 * What a delivery may say of a tip or a monthly tip: what the public wall shows (decision 032), as a
 * receiver is often public (a stream overlay, a chat channel) and is out of our hands. The name unless
 * `ANONYMOUS`; amounts only with `NAME_AND_AMOUNT`; never the e-mail address or the message.
 */
export function privateFields(
  privacy: TipPrivacy,
  row: { displayName: string | null; amounts: Record<string, number> },
): Record<string, unknown> {
  return {
    privacy,
    displayName: privacy === 'ANONYMOUS' ? null : (row.displayName ?? null),
    ...(privacy === 'NAME_AND_AMOUNT' ? { ...row.amounts, currency: 'EUR' } : {}),
  };
}

/** A paid (or refunded) tip as a delivery tells of it. */
export function tipObject(tip: {
  id: string;
  privacy: TipPrivacy;
  displayName: string | null;
  amount: number;
  refundedAmount: number;
  recurringTipId: string | null;
  episodeId: string | null;
  completedAt: Date | null;
}) {
  return {
    object: 'tip',
    id: tip.id,
    ...privateFields(tip.privacy, {
      displayName: tip.displayName,
      amounts: { amount: tip.amount, refundedAmount: tip.refundedAmount },
    }),
    recurringTipId: tip.recurringTipId,
    episodeId: tip.episodeId,
    completedAt: tip.completedAt?.toISOString() ?? null,
  };
}

/** A monthly or yearly tip as a delivery tells of it. */
export function recurringTipObject(recurringTip: {
  id: string;
  privacy: TipPrivacy;
  displayName: string | null;
  amount: number;
  interval: 'month' | 'year';
  status: string;
}) {
  return {
    object: 'recurring_tip',
    id: recurringTip.id,
    ...privateFields(recurringTip.privacy, {
      displayName: recurringTip.displayName,
      amounts: { amount: recurringTip.amount },
    }),
    interval: recurringTip.interval,
    status: recurringTip.status,
  };
}
