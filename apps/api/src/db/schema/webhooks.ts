import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { tipjars } from './tipjars.js';

/**
 * A tip jar's webhook endpoints (decision 095): at most MAX_WEBHOOKS_PER_TIPJAR per tip jar, each with the
 * events it receives and the secret its deliveries are signed with (`whsec_…`, made by the server).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    description: text().notNull().default(''),
    created: created(),
    updated: updated(),
  },
  (t) => [index('webhook_endpoints_tipjar_idx').on(t.tipjarId)],
);

/**
 * One event for one endpoint, written in the same transaction as the change it tells about (like a
 * mail_outbox row): the worker posts it, signed, and retries with growing waits until `giveUpAt`.
 * `eventId` is the event's, the same for every endpoint and every try (a receiver's dedupe key);
 * `dedupeKey` names the cause, so one cause never queues a second delivery to an endpoint.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    dedupeKey: text(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A worker posting this delivery holds it until then; another worker takes it over after. */
    claimedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    /** No try after this (the event's day, or a day from "send again"): the delivery is failed. */
    giveUpAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().default(sql`now() + interval '1 day'`),
    lastStatusCode: integer(),
    /** Short, ours: never the secret, never the receiver's body. */
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_dedupe').on(t.endpointId, t.dedupeKey),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.created),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);
