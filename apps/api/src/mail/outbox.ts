import type { DbOrTx } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { MailMessage } from '../lib/mailer.js';

/**
 * Queues a mail in the outbox (DESIGN.md §4.10). Call it with the transaction that makes the change
 * the mail tells about: the mail exists exactly when the change committed. The outbox worker sends it.
 * `dedupeKey` names the cause (`tip-receipt:<tip id>`): queueing the same cause again does nothing.
 * Returns whether a new mail was queued.
 */
export async function queueMail(db: DbOrTx, message: MailMessage, options: { dedupeKey?: string } = {}) {
  const rows = await db
    .insert(mailOutbox)
    .values({
      dedupeKey: options.dedupeKey ?? null,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      })),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}
