import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const created = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * State of the OPP simulator (its own tables and migrations, never in the API's). Each provider object (merchant,
 * bank account, transaction, mandate, settlement) is kept as the exact JSON the simulator answers.
 */
export const simObjects = pgTable(
  'sim_objects',
  {
    uid: text().primaryKey(),
    objectType: text().notNull(),
    /** The merchant of a bank account/settlement, the mandate of a mandate transaction, … */
    parentUid: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    created: created(),
  },
  (t) => [index().on(t.objectType, t.parentUid)],
);

/**
 * Idempotency-Key → the object the first request created (same key → same object). The key is
 * reserved with the uid its object will have before the object is made, so concurrent requests
 * cannot both create; `created` is when the reservation was taken (a reservation whose object is not
 * there goes stale when its request crashed, and the taker makes the object under the same uid).
 */
export const simIdempotencyKeys = pgTable(
  'sim_idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    objectUid: text(),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** Notifications the simulator sends to notify_urls, with their delivery state. */
export const simNotifications = pgTable(
  'sim_notifications',
  {
    uid: text().primaryKey(),
    url: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    deliveredAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
  },
  (t) => [index().on(t.deliveredAt)],
);
