import { and, asc, count, eq, inArray, isNull, lte, min, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { MailMessage } from '../lib/mailer.js';

/**
 * Queues a mail in the outbox (docs/money-rules.md §10). Call it with the transaction that makes the change
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

/**
 * The after-commit effect of a transaction that queued mail: this process's worker sends it now
 * rather than at its next round. Losing it (a crash) only delays the mail: the row is committed.
 */
export const sendQueuedMail = async (ctx: { outbox: { kick(): void } }): Promise<void> => ctx.outbox.kick();

/* ---------- the worker's side (mail/outbox-worker.ts) ---------- */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The clock of a worker round: the database's, unless a test or the CLI names one. */
function clockOf(now: Date | undefined): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

function plus(at: SQL, ms: number): SQL {
  return sql`${at} + make_interval(secs => ${ms / 1000})`;
}

/**
 * Claims up to `limit` due mails for one worker: pending, due, and not held by another worker (or its
 * hold ran out: that worker died). Locked rows are skipped, so workers on one database never take the
 * same mail; the claim counts as an attempt, so a mail that crashes its sender cannot loop for ever.
 */
export async function claimDueMails(db: DbOrTx, options: { now?: Date; leaseMs: number; limit: number }) {
  const at = clockOf(options.now);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, at),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, at)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.created))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ claimedUntil: plus(at, options.leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // RETURNING keeps no order: oldest due first again.
  const time = (d: Date) => d.getTime();
  return claimed.sort((a, b) => time(a.nextAttemptAt) - time(b.nextAttemptAt) || time(a.created) - time(b.created));
}

/** Hands claimed mails back untried (a worker shutting down): due again at once, the claim not counted. */
export async function releaseMailClaims(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ claimedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
}

/**
 * A mail went out. Only its envelope stays (recipient, subject, cause, times): the body held links that
 * open accounts (password reset, manage a monthly tip) and personal data, the attachments the bulk.
 */
export async function markMailSent(db: DbOrTx, id: string, now?: Date) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: clockOf(now), claimedUntil: null, text: '', html: null, attachments: [] })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** A try failed: tried again after `retryInMs`, or given up (`failed`) when `retryInMs` is null. */
export async function markMailAttemptFailed(
  db: DbOrTx,
  id: string,
  error: string,
  retryInMs: number | null,
  now?: Date,
) {
  const at = clockOf(now);
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 1000),
      claimedUntil: null,
      ...(retryInMs === null ? { status: 'failed' as const } : { nextAttemptAt: plus(at, retryInMs) }),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** The outbox's depth for the metrics: mails waiting, and how long the oldest has waited. */
export async function outboxDepth(db: DbOrTx): Promise<{ pending: number; oldestPendingSeconds: number }> {
  const [row] = await db
    .select({ pending: count(), oldest: min(mailOutbox.created) })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    pending: row?.pending ?? 0,
    oldestPendingSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
  };
}

/* ---------- retention (decision 057) ---------- */

/** How many mails one purge statement blanks: short locks, short transactions. */
export const PURGE_BATCH = 500;

/**
 * Blanks the address, subject, text, HTML and attachments of the mails done with (sent, or failed for
 * good) before `before`, oldest first, at most `limit`, and sets their purged_at. The rows stay, with
 * their dedupe key, status and times. Locked rows are skipped: two processes purging at once never
 * take the same mail. Returns how many were purged.
 */
export async function purgeMailsBefore(db: DbOrTx, before: Date, limit = PURGE_BATCH): Promise<number> {
  const purged = await rowsOf<{ id: string }>(
    db,
    sql`
    with batch as (
      select id from mail_outbox
      where purged_at is null and status <> 'pending' and coalesce(sent_at, updated) < ${before.toISOString()}::timestamptz
      order by coalesce(sent_at, updated)
      limit ${limit}
      for update skip locked
    )
    update mail_outbox m
    set recipient = '', subject = '', text = '', html = null, attachments = '[]'::jsonb, last_error = null,
        purged_at = now()
    from batch where m.id = batch.id
    returning m.id`,
  );
  return purged.length;
}
