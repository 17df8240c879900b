import type { PublicTipjar, TipjarGoal } from '@podpot/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Db, DbOrTx, Tx } from './db/client.js';
import type { BackgroundWork } from './lib/background.js';
import type { Mailer } from './lib/mailer.js';
import type { SessionCache } from './lib/session-cache.js';
import type { MailOutbox } from './mail/outbox-worker.js';
import type { OppClient } from './payments/opp-client.js';
import type { OppNotificationBody, OppTransaction } from './payments/opp-types.js';
import type { OppTransactionRow } from './payments/payments.repository.js';

/** What services need from the outside world; built once in app.ts and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Sends through `mailer`. Services never send directly: they queueMail() in their transaction. */
  mailer: Mailer;
  /** This process's mail outbox worker: kick() it after a commit that queued mail. */
  outbox: MailOutbox;
  /** Work that runs after the answer (see lib/background.ts). */
  background: BackgroundWork;
  opp: OppClient;
  /** Who reacts to payments and provider notifications (wired in app.ts). */
  payments: PaymentLedger;
  /** What authenticated requests read about their user, cached per process (lib/session-cache.ts). */
  sessions: SessionCache;
  /** What the storefront's answer adds to a public tip jar from the modules above it (wired in app.ts). */
  storefront: StorefrontExtras;
  /**
   * A tip jar's feed address was set, changed or verified: its episode refresh starts over (decision
   * 034). Wired in app.ts to the episodes module, which sits above tip jars and feeds.
   */
  feedSaved: (db: DbOrTx, tipjarId: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * A public tip jar's goal progress and supporter wall (decision 032) and recent episodes (decision 034):
 * read by the supporters and episodes modules, which sit above tip jars, so the tip jars' public answer gets it handed in rather than importing it.
 */
export type StorefrontExtras = (
  db: DbOrTx,
  tipjar: { id: string; goal: TipjarGoal | null },
) => Promise<Required<Pick<PublicTipjar, 'goalProgress' | 'supporters' | 'recentEpisodes'>>>;

/** Who is asking: null for anonymous. */
export interface Actor {
  userId: string;
  role: 'ADMIN' | 'USER';
  /** The request the actor made, when it came over HTTP: recorded in the audit trail. */
  request?: { id: string; ip: string };
}

/* ---------- the payment ledger: the modules' side of payments, wired in app.ts ---------- */

/**
 * What an owner (add-on, tip, …) does when its transaction changed; runs inside the same DB transaction,
 * mails included (queueMail with `tx`). It may return an effect to run once that transaction has
 * COMMITTED (kick the outbox, a provider call): an effect never runs for a change that was rolled back,
 * and its failure is logged without undoing the payment state.
 */
export type TransactionOwnerHandler = (
  tx: Tx,
  row: OppTransactionRow,
  change: { previous: string | null; current: string },
  ctx: AppContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: most owners have nothing to do after the commit
) => Promise<void | AfterCommit>;

/** Gets the context of the app that applied the change (handlers are registered once per process). */
export type AfterCommit = (ctx: AppContext) => Promise<void>;

/**
 * What the payments layer needs from the modules, wired in ONE place (app.ts, the composition root):
 * for each kind of transaction owner what a status change means (add-on paid → tip jar LIVE, …), and
 * for each other notified object (mandate, merchant, …) who reads it back. Nothing registers itself
 * on import, so a job or test built with buildApp moves exactly what the app moves.
 */
export interface PaymentLedger {
  owners: Readonly<Record<string, TransactionOwnerHandler>>;
  notifications: Readonly<Record<string, NotificationObjectHandler>>;
  /** Who may claim a notified transaction we hold no row for yet (a mandate's first payment). */
  adopters: readonly TransactionAdopter[];
}

/**
 * Claims a provider transaction we hold no row for: e.g. the first payment of a mandate, whose uid
 * the mandate's answer need not carry. `awaits` says cheaply whether any such transaction is expected
 * (so a poke about a stranger's uid costs no provider read); `adopt` gets the transaction as the
 * provider answered it (read by uid with our key) and returns the row that claims it, writing nothing
 * (the caller applies the transaction to that row, which records its uid; the money check only asks).
 */
export interface TransactionAdopter {
  awaits(db: Db): Promise<boolean>;
  adopt(ctx: AppContext, transaction: OppTransaction): Promise<OppTransactionRow | undefined>;
}

/**
 * What a module does with a verified notification about a non-transaction object (e.g. 'mandate'),
 * outside any DB transaction. It must read the object back from the provider and be idempotent.
 */
export type NotificationObjectHandler = (ctx: AppContext, body: OppNotificationBody) => Promise<void>;
