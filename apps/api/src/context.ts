import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import type { BackgroundWork } from './lib/background.js';
import type { Mailer } from './lib/mailer.js';
import type { SessionCache } from './lib/session-cache.js';
import type { MailOutbox } from './mail/outbox-worker.js';
import type { OppClient } from './payments/opp-client.js';

export type { Actor } from './lib/access.js';

/**
 * The app's infrastructure, built once in app.ts and passed down: what services need from the outside
 * world, and nothing of the modules (decision 072). What a lower layer needs from the modules above it
 * is a port of its own, wired in app.ts: the payment ledger (payments/ledger.ts), the storefront's
 * extras and the feed reset (tipjars.ports.ts).
 */
export interface AppContext {
  /** Frozen when loaded (config/env.ts): a process never changes its settings while it runs. */
  readonly config: Config;
  readonly db: Db;
  /** Sends through `mailer`. Services never send directly: they queueMail() in their transaction. */
  readonly mailer: Mailer;
  /** This process's mail outbox worker: kick() it after a commit that queued mail. */
  readonly outbox: MailOutbox;
  /** Work that runs after the answer (see lib/background.ts). */
  readonly background: BackgroundWork;
  readonly opp: OppClient;
  /** What authenticated requests read about their user, cached per process (lib/session-cache.ts). */
  readonly sessions: SessionCache;
  readonly log: FastifyBaseLogger;
}
