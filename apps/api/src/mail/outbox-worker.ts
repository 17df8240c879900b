import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Mailer, MailMessage } from '../lib/mailer.js';
import { claimDueMails, markMailAttemptFailed, markMailSent, type OutboxRow, releaseMailClaims } from './outbox.js';

/**
 * The mail outbox worker (docs/money-rules.md §10, decision 010). A mail is a row committed with the change
 * that caused it; this worker sends it, marks it sent, and on failure tries again later with a
 * growing wait, up to MAX_MAIL_ATTEMPTS. Rows are claimed with a lease (FOR UPDATE SKIP LOCKED), so
 * workers in several processes on one database never send the same mail, and a mail whose worker
 * died is taken over once the lease runs out. Every try of one mail carries the same Message-ID, so
 * the one case that can send twice (a crash after the mail server took it, before it was marked
 * sent) is recognisable to the receiving side.
 */

export const MAX_MAIL_ATTEMPTS = 12;
/** Mails claimed per round trip, then sent one after the other (a recipient gets them in order). */
const BATCH = 10;
/** A send that takes longer counts as failed (retried later). */
const SEND_TIMEOUT_MS = 20_000;
/** How long a claim holds a mail — longer than a whole batch can take; a worker that died lets go after this. */
const LEASE_MS = 5 * 60_000;
/** The wait after try n: 30 s, 1, 2, 4 … min, at most an hour (the twelve tries span about six hours). */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface OutboxRun {
  sent: number;
  /** Tries that failed and wait for a later round. */
  retrying: number;
  /** Mails given up after MAX_MAIL_ATTEMPTS (logged at error level). */
  failed: number;
}

export interface MailOutbox {
  /** After a commit that queued mail: send it now (coalesced; a no-op when this process sends no mail). */
  kick(): void;
  /** Sends every mail due now (after a round in progress); `now` moves the clock (tests, CLI). */
  drain(options?: { now?: Date }): Promise<OutboxRun>;
  /** Graceful shutdown: no new rounds; resolves when the round in progress has finished. */
  stop(): Promise<void>;
}

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** For the Message-ID's domain. */
  mailFrom: string;
  /** The brand named in the HTML part's header. */
  brand: string;
}

/** `<mail-<row id>@<the sender's domain>>`: the same for every try of one mail. */
export function messageIdOf(rowId: string, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'podpot.local';
  return `<mail-${rowId}@${domain}>`;
}

/**
 * The HTML renderer (React Email, a few MB of code) loads with the first mail a process sends, not
 * with every process (decision 040).
 */
async function drawHtml(input: Parameters<typeof import('./mail-html.js').mailHtml>[0]): Promise<string> {
  const { mailHtml } = await import('./mail-html.js');
  return mailHtml(input);
}

/**
 * The mail of a row: its plain text, and its HTML part — the row's own, or drawn from its text now
 * (mail-html.ts, decision 035): rendering at send time keeps it out of the transaction that queued it.
 */
async function messageOf(row: OutboxRow, deps: OutboxDeps): Promise<MailMessage> {
  const mailFrom = deps.mailFrom;
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html ?? (await drawHtml({ subject: row.subject, text: row.text, brand: deps.brand })),
    ...(row.attachments.length
      ? {
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        }
      : {}),
    messageId: messageIdOf(row.id, mailFrom),
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** One try of one claimed mail; records the outcome. */
async function sendOne(deps: OutboxDeps, row: OutboxRow, now: Date | undefined, run: OutboxRun) {
  try {
    await withTimeout(deps.mailer.send(await messageOf(row, deps)), SEND_TIMEOUT_MS);
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const mail = { mailId: row.id, dedupeKey: row.dedupeKey, attempts: row.attempts };
    if (row.attempts >= MAX_MAIL_ATTEMPTS) {
      await markMailAttemptFailed(deps.db, row.id, error, null, now);
      deps.log.error({ err, ...mail }, 'mail given up after its last attempt');
      run.failed += 1;
    } else {
      await markMailAttemptFailed(deps.db, row.id, error, retryDelayMs(row.attempts), now);
      deps.log.warn({ err, ...mail }, 'sending a mail failed; it is tried again later');
      run.retrying += 1;
    }
    return;
  }
  await markMailSent(deps.db, row.id, now);
  run.sent += 1;
}

/** One worker round: claims and sends batch after batch until nothing is due (or the worker stops). */
export async function sendDueMails(
  deps: OutboxDeps,
  options: { now?: Date; isStopping?: () => boolean } = {},
): Promise<OutboxRun> {
  const run: OutboxRun = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const rows = await claimDueMails(deps.db, { now: options.now, leaseMs: LEASE_MS, limit: BATCH });
    // In order: a later mail to the same person (a newer manage link) must not arrive first.
    for (const [i, row] of rows.entries()) {
      if (options.isStopping?.()) {
        // Shutting down: the rest of the batch is handed back at once, for another process.
        await releaseMailClaims(
          deps.db,
          rows.slice(i).map((r) => r.id),
        );
        return run;
      }
      await sendOne(deps, row, options.now, run);
    }
    if (rows.length < BATCH || options.isStopping?.()) return run;
  }
}

/**
 * This process's outbox worker. Rounds run one after another, never two at once; a kick while a
 * round runs queues one more round (a mail committed meanwhile may have missed the current one).
 * `enabled: false` (MAIL_WORKER=off): kicks do nothing; drain() still sends when asked (the CLI).
 */
export function createMailOutbox(deps: () => OutboxDeps, options: { enabled: boolean }): MailOutbox {
  let stopping = false;
  let tail: Promise<unknown> = Promise.resolve();
  let kickWaiting = false;

  const enqueue = (roundOptions: { now?: Date }, onStart?: () => void): Promise<OutboxRun> => {
    const round = tail.then(() => {
      onStart?.();
      if (stopping) return { sent: 0, retrying: 0, failed: 0 };
      return sendDueMails(deps(), { ...roundOptions, isStopping: () => stopping });
    });
    tail = round.catch(() => undefined);
    return round;
  };

  return {
    kick() {
      if (!options.enabled || stopping || kickWaiting) return;
      kickWaiting = true;
      enqueue({}, () => {
        kickWaiting = false;
      }).catch((err) => deps().log.error({ err }, 'the mail outbox round failed; the next round retries'));
    },
    drain: (roundOptions = {}) => enqueue(roundOptions),
    async stop() {
      stopping = true;
      await tail;
    },
  };
}
