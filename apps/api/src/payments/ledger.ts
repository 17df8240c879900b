import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.js';
import type { Db, Tx } from '../db/client.js';
import type { OppClient } from './opp-client.js';
import type { OppNotificationBody, OppTransaction } from './opp-types.js';
import type { OppTransactionRow } from './payments.repository.js';

/*
 * The payments layer's two faces (decision 072): what it takes of the app's infrastructure
 * (PaymentsContext, which the app context satisfies), and the payment ledger — the ports through which
 * it tells the modules above it what the provider said. app.ts (the composition root) builds the
 * ledger and hands it to whatever records a provider answer; nothing registers itself on import, and
 * no context travels up: each handler is bound to its app by app.ts.
 */

/** What the payments layer uses of the app's infrastructure. */
export interface PaymentsContext {
  readonly config: Config;
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  readonly opp: OppClient;
}

/**
 * Work to run once the database transaction that returned it has COMMITTED (kick the mail outbox, a
 * provider call): it never runs for a change that was rolled back, and its failure is logged without
 * undoing the payment state. A closure over what it needs.
 */
export type AfterCommit = () => Promise<void>;

/** A transaction's status as it moved: the one before (null: its first answer) and the new one. */
export interface TransactionChange {
  previous: string | null;
  current: string;
}

/**
 * What an owner (add-on, tip, …) does when its transaction changed; runs inside the same DB transaction,
 * mails included (queueMail with `tx`). It may return an effect to run after the commit.
 */
export type TransactionOwnerHandler = (
  tx: Tx,
  row: OppTransactionRow,
  change: TransactionChange,
  // biome-ignore lint/suspicious/noConfusingVoidType: most owners have nothing to do after the commit
) => Promise<void | AfterCommit>;

/**
 * What a module does with a verified notification about a non-transaction object (e.g. 'mandate'),
 * outside any DB transaction. It must read the object back from the provider and be idempotent.
 */
export type NotificationObjectHandler = (body: OppNotificationBody) => Promise<void>;

/**
 * Claims a provider transaction we hold no row for: e.g. the first payment of a mandate, whose uid
 * the mandate's answer need not carry. `awaits` says cheaply whether any such transaction is expected
 * (so a poke about a stranger's uid costs no provider read); `adopt` gets the transaction as the
 * provider answered it (read by uid with our key) and returns the row that claims it, writing nothing
 * (the caller applies the transaction to that row, which records its uid; the money check only asks).
 */
export interface TransactionAdopter {
  awaits(): Promise<boolean>;
  adopt(transaction: OppTransaction): Promise<OppTransactionRow | undefined>;
}

/**
 * Who reacts to payments, wired in ONE place (app.ts, the composition root): for each kind of
 * transaction owner what a status change means (add-on paid → tip jar LIVE, …), for each other
 * notified object (mandate, merchant, …) who reads it back, and who may claim a notified transaction
 * we hold no row for yet (a mandate's first payment). A job or test gets the ledger of the app it
 * built, so it moves exactly what the app moves.
 */
export interface PaymentLedger {
  readonly owners: Readonly<Record<string, TransactionOwnerHandler>>;
  readonly notifications: Readonly<Record<string, NotificationObjectHandler>>;
  readonly adopters: readonly TransactionAdopter[];
}
