import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { created, id } from './columns.js';
import { tipjars } from './tipjars.js';

/**
 * The provider's payouts (settlements) of a tip jar that the `payout.paid` job has seen paid (decision
 * 098): one row per tip jar and payout, written in the transaction that queues the event (or, for a
 * payout paid long before the tip jar's endpoint existed, without one), so a payout is announced once.
 */
export const announcedPayouts = pgTable(
  'announced_payouts',
  {
    id: id(),
    tipjarId: uuid()
      .notNull()
      .references(() => tipjars.id, { onDelete: 'cascade' }),
    /** The provider's settlement uid (set_…). */
    payoutId: text().notNull(),
    /** When the provider says it paid it; null when it names no date (the documented settlement does not). */
    paidAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** What reached the maker's bank account, in cents. */
    amountCents: integer().notNull(),
    /** Null when the payout was recorded without an event (paid long before the endpoint existed). */
    eventId: uuid(),
    created: created(),
  },
  (t) => [uniqueIndex('announced_payouts_tipjar_payout_key').on(t.tipjarId, t.payoutId)],
);
