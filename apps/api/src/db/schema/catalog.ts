import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';

/** Payment methods offered at checkout (iDEAL, Bancontact), ordered by priority descending. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    name: text().notNull(),
    type: text({ enum: ['ideal', 'bcmc'] }).notNull(),
    active: boolean().notNull().default(true),
    priority: integer().notNull().default(0),
    created: created(),
    updated: updated(),
  },
  (t) => [index().on(t.active, t.priority)],
);

/** Banks (issuers) of a payment method, refreshed from the payment provider. */
export const paymentIssuers = pgTable(
  'payment_issuers',
  {
    paymentMethodId: uuid()
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    bic: text().notNull(),
    name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentMethodId, t.bic] })],
);

export interface LocalizedText {
  en: string;
  nl: string;
}

export const faqItems = pgTable(
  'faq_items',
  {
    id: id(),
    active: boolean().notNull().default(true),
    priority: integer().notNull().default(0),
    question: jsonb().$type<LocalizedText>().notNull(),
    answer: jsonb().$type<LocalizedText>().notNull(),
    created: created(),
    updated: updated(),
  },
  (t) => [index().on(t.active, t.priority)],
);
