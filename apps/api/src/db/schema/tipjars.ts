import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { users } from './users.js';

/** A tip jar (a "Podpot"): the public page at /{slug} and its backoffice. */
export const tipjars = pgTable(
  'tipjars',
  {
    id: id(),
    slug: text().notNull(),
    name: text().notNull(),
    status: text({
      enum: ['NEW', 'AWAITING_PAYMENT', 'PAYMENT_EXPIRED', 'LIVE', 'VERIFYING', 'SUSPENDED', 'DEACTIVATED'],
    })
      .notNull()
      .default('NEW'),
    active: boolean().notNull().default(true),
    type: text({ enum: ['CONSUMER', 'BUSINESS'] })
      .notNull()
      .default('CONSUMER'),
    description: text().notNull().default(''),
    podcastUrl: text(),
    rssUrl: text(),
    imageUrl: text(),
    thankYouMessage: text().notNull().default(''),
    /** Preset tip amounts in cents, shown on the storefront. */
    presetAmounts: jsonb().$type<number[]>().notNull().default([300, 500, 1000]),
    contactEmail: text().notNull(),
    contactPhone: text(),
    companyName: text(),
    cocNumber: text(),
    vatNumber: text(),
    /** Mail the admins on every completed tip. */
    notifyOnTip: boolean().notNull().default(true),
    /**
     * Archived tip jars are hidden and no longer tippable; their tips, monthly tips, invoices and
     * settlements stay for the books (DESIGN.md §4.9). Only a NEW tip jar without a payment is deleted.
     */
    archivedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [uniqueIndex('tipjars_slug_key').on(t.slug), index().on(t.status)],
);

/** Users who administer a tip jar (its backoffice). */
export const tipjarAdmins = pgTable(
  'tipjar_admins',
  {
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.tipjarId, t.userId] }), index().on(t.userId)],
);

/** Paid add-ons of a tip jar; type TIPJAR is the Podpot itself, which unlocks the tip jar. */
export const addons = pgTable(
  'addons',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /** Price including VAT, in cents. */
    costTotalWithTax: integer().notNull(),
    orderedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    created: created(),
    updated: updated(),
  },
  (t) => [index().on(t.tipjarId, t.created)],
);
