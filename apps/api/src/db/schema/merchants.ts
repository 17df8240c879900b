import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';
import { tipjars } from './tipjars.js';

export interface RequirementColumn {
  type: string;
  status: string;
  redirectUrl: string | null;
}

/**
 * The payment-provider merchant that receives a tip jar's money (one per tip jar). A copy of the
 * provider's state, refreshed on notifications and when the backoffice asks.
 */
export const oppMerchants = pgTable(
  'opp_merchants',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    merchantUid: text().notNull(),
    type: text().notNull(),
    merchantStatus: text().notNull(),
    complianceStatus: text().notNull(),
    complianceLevel: integer(),
    overviewUrl: text(),
    requirements: jsonb().$type<RequirementColumn[]>().notNull().default([]),
    bankAccountUid: text(),
    bankAccountStatus: text(),
    bankAccountVerificationUrl: text(),
    bankAccountIban: text(),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('opp_merchants_tipjar_key').on(t.tipjarId),
    uniqueIndex('opp_merchants_uid_key').on(t.merchantUid),
  ],
);
