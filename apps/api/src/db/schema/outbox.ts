import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, id, updated } from './columns.js';

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}

/**
 * Mails waiting to go out (docs/money-rules.md §10). A row is written in the same transaction as the change
 * that causes the mail; the outbox worker sends it with retries and marks it sent, so a crash between
 * the commit and the send loses nothing, and `dedupeKey` keeps a repeated cause from mailing twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** What caused the mail, e.g. `tip-receipt:<tip id>`: the same cause never queues a second mail. */
    dedupeKey: text(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    /** When the next try is due (now for a new mail; later after a failed try). */
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A worker sending this mail holds it until then; another worker takes it over after. */
    claimedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** When the retention job blanked the address and content (decision 057); the row stays for its dedupe key. */
    purgedAt: timestamp({ withTimezone: true, mode: 'date' }),
    created: created(),
    updated: updated(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('mail_outbox_purge_idx')
      .on(sql`coalesce(${t.sentAt}, ${t.updated})`)
      .where(sql`purged_at is null and status <> 'pending'`),
  ],
);
