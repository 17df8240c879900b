import { z } from 'zod';
import { singleLine } from './fields.js';

/*
 * Signed webhooks of a tip jar (issue 41, decision 095): up to MAX_WEBHOOKS_PER_TIPJAR endpoints, each
 * with the events it wants; every delivery is signed (docs/webhooks.md) and retried for a day.
 */

/** The events an endpoint may choose. `ping` is not among them: it is only sent by "send test event". */
export const WEBHOOK_EVENTS = [
  'tip.completed',
  'tip.refunded',
  'recurring_tip.started',
  'recurring_tip.ended',
  'payout.paid',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Every type a delivery may carry: the chosen events and the test event. */
export const WEBHOOK_DELIVERY_TYPES = [...WEBHOOK_EVENTS, 'ping'] as const;
export type WebhookDeliveryType = (typeof WEBHOOK_DELIVERY_TYPES)[number];

export const MAX_WEBHOOKS_PER_TIPJAR = 5;
export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** The delivery log shows this many of an endpoint's latest deliveries. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
/** A delivery is tried again with growing waits until this long after its event (or its "send again"). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** A receiver should refuse a signature whose timestamp is further than this from its own clock. */
export const WEBHOOK_SIGNATURE_TOLERANCE_S = 300;

/** An endpoint's address: http(s), no credentials, bounded. Whether it may be reached is the API's check. */
export const WebhookUrlSchema = singleLine(z.string().trim())
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .refine((value) => isPlainHttpUrl(value), { message: 'webhookBadUrl' });

function isPlainHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname) && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

export const WebhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, { message: 'webhookNoEvents' })
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, { message: 'invalid' });

const WebhookDataSchema = z.object({
  url: WebhookUrlSchema,
  events: WebhookEventsSchema,
  /** A note of the maker's (what the endpoint is for); line breaks allowed, as every `description`. */
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  enabled: z.boolean().optional(),
});
export const CreateWebhookBodySchema = z.object({ data: WebhookDataSchema });
export type CreateWebhookData = z.infer<typeof WebhookDataSchema>;
/** A field left out stays as it is; `rollSecret: true` replaces the secret (the answer shows the new one once). */
export const UpdateWebhookBodySchema = z.object({
  data: WebhookDataSchema.partial().extend({ rollSecret: z.boolean().optional() }),
});
export type UpdateWebhookData = z.infer<typeof UpdateWebhookBodySchema>['data'];

export const WebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  enabled: z.boolean(),
  /** The secret's last four characters, to tell which one a receiver has. */
  secretHint: z.string(),
  /** The whole signing secret: only in the answer that created or rolled it. */
  secret: z.string().optional(),
  created: z.string(),
  updated: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhookListSchema = z.object({ data: z.array(WebhookSchema), max: z.number().int() });
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  type: z.enum(WEBHOOK_DELIVERY_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, null when it never answered. */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  created: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ data: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
