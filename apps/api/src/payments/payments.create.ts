import { ErrorCode } from '@podpot/domain';
import { AppError } from '../lib/app-error.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import type { PaymentLedger, PaymentsContext } from './ledger.js';
import {
  type CreateTransactionInput,
  isIdempotencyKeyUsed,
  type Metadata,
  type OppLookup,
  type OppTransaction,
} from './opp-client.js';
import { applyProviderTransaction } from './payments.apply.js';
import * as repo from './payments.repository.js';
import { providerUnavailable } from './payments.service.js';

/*
 * Asking the provider to create a transaction: our row is written and committed before the
 * provider is called, the Idempotency-Key comes from our ids, one process at a time sends a create
 * (a lease), and a create sent before is looked up (by the metadata it carried) before it is sent again.
 */

export interface StartPaymentInput {
  kind: string;
  ownerId: string;
  attempt: number;
  idempotencyKey: string;
  request: CreateTransactionInput;
}

/**
 * Starts a provider transaction for an owner. Retrying with the same idempotency key (after a
 * provider failure) reuses our row and the key, so the provider answers the same transaction.
 */
export async function startPayment(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  input: StartPaymentInput,
): Promise<repo.OppTransactionRow> {
  const existing = await repo.findLatestForOwner(ctx.db, input.kind, input.ownerId);
  let row: repo.OppTransactionRow;
  if (existing && existing.idempotencyKey === input.idempotencyKey) {
    row = existing;
  } else {
    try {
      row = await repo.insertTransactionRow(ctx.db, {
        kind: input.kind,
        ownerId: input.ownerId,
        attempt: input.attempt,
        idempotencyKey: input.idempotencyKey,
        amount: input.request.total_price,
        merchantUid: input.request.merchant_uid,
        request: input.request as unknown as Record<string, unknown>,
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw AppError.because(ErrorCode.Conflict, 'paymentStartedElsewhere');
      }
      throw err;
    }
  }
  if (row.oppUid) return row;
  return sendCreate(ctx, ledger, row);
}

/**
 * How a create's answer is recorded: applyProviderTransaction, or an owner's shortcut that records
 * some answers in one statement and hands every other to applyProviderTransaction (decision 047).
 */
export type RecordAnswer = (
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  rowId: string,
  answer: OppTransaction,
) => Promise<repo.OppTransactionRow>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the create of a row the provider has not answered yet — from ONE process at a time: the row
 * is leased first (issue: two app servers both sent the same create and the provider made a second
 * transaction nobody saw). A request that finds the row leased waits briefly for the other's answer.
 */
export async function sendCreate(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  row: repo.OppTransactionRow,
): Promise<repo.OppTransactionRow> {
  const lease = await repo.leaseForCreate(ctx.db, row.id, repo.CREATE_LEASE_MS);
  if (!lease) {
    for (let waited = 0; waited < 5000; waited += 100) {
      const current = await repo.findTransactionRow(ctx.db, row.id);
      if (current?.oppUid) return current;
      await sleep(100);
    }
    throw AppError.because(ErrorCode.Conflict, 'paymentBeingStarted');
  }
  return sendLeasedCreate(ctx, ledger, row, lease);
}

/**
 * sendCreate for a row whose create lease is held already: taken in the statement that wrote it
 * (payments.repository ownerWithLeasedTransactionInsert, a 'first' lease) or just now. `record` is how
 * the answer is recorded (an owner's shortcut, decision 047; by default applyProviderTransaction).
 */
export async function sendLeasedCreate(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  row: repo.OppTransactionRow,
  lease: 'first' | 'again' = 'first',
  record: RecordAnswer = applyProviderTransaction,
): Promise<repo.OppTransactionRow> {
  try {
    return await sendLeased(ctx, ledger, row, lease, record);
  } catch (err) {
    // Our row stays (without a provider uid): a retry or the reconcile job re-sends it with the same key.
    ctx.log.error({ err, transactionRowId: row.id }, 'creating the provider transaction failed');
    throw providerUnavailable(err);
  }
}

/**
 * The reconcile job's repair of a create whose answer we never recorded: the transaction is looked up
 * (findSent) and adopted, or (not there) sent under its original key — unless another process
 * is sending it right now.
 */
export async function resendCreate(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  row: repo.OppTransactionRow,
): Promise<boolean> {
  const lease = await repo.leaseForCreate(ctx.db, row.id, repo.CREATE_LEASE_MS);
  if (!lease) return false;
  await sendLeased(ctx, ledger, row, lease);
  return true;
}

/**
 * Adopt before you create (docs/money-rules.md §8): a row whose create was sent before may already have its
 * transaction at the provider (the answer was lost, or the process died), and a provider that ignores
 * the Idempotency-Key would make a second one — so it is looked up first (findSent). A create
 * refused because its key was used is looked up as well (the provider has it). The answer is applied
 * through the one apply path; on any failure the lease is given back, marked as sent.
 */
async function sendLeased(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  row: repo.OppTransactionRow,
  lease: 'first' | 'again',
  record: RecordAnswer = applyProviderTransaction,
): Promise<repo.OppTransactionRow> {
  const request = row.request as unknown as CreateTransactionInput;
  try {
    let answer = lease === 'again' ? await findSentTransaction(ctx, row) : undefined;
    if (!answer) {
      try {
        answer = await ctx.opp.createTransaction(request, row.idempotencyKey);
      } catch (err) {
        answer = isIdempotencyKeyUsed(err) ? await findSentTransaction(ctx, row) : undefined;
        if (!answer) throw err;
      }
    }
    return await record(ctx, ledger, row.id, answer);
  } catch (err) {
    await repo.releaseCreateLease(ctx.db, row.id);
    throw err;
  }
}

/** The provider's transaction for our row, by what its stored create carried (decision 071). */
function findSentTransaction(ctx: PaymentsContext, row: repo.OppTransactionRow): Promise<OppTransaction | undefined> {
  const lookup = lookupOf(row);
  // A row whose create carried neither (one from before decision 014) has nothing to be found by.
  if (!lookup.reference && Object.keys(lookup.metadata).length === 0) return Promise.resolve(undefined);
  return findSent(ctx, lookup, { transactionRowId: row.id });
}

/**
 * What identifies a row's create at the provider: its reference, and the metadata it carried, which
 * the provider keeps. Metadata that names the owner but not the attempt (an order's, before `attempt`
 * was sent) fits every attempt's transaction, so it counts only for a first attempt: a later one is
 * made only once the one before has its transaction, so a first attempt without a uid has no sibling.
 */
function lookupOf(row: repo.OppTransactionRow): OppLookup {
  const request = row.request as { reference?: unknown; metadata?: unknown };
  const metadata: Metadata = {};
  if (request.metadata && typeof request.metadata === 'object') {
    for (const [key, value] of Object.entries(request.metadata)) metadata[key] = String(value ?? '');
  }
  const namesAttempt = metadata.attempt === String(row.attempt) || row.attempt === 1;
  return {
    reference: typeof request.reference === 'string' && request.reference ? request.reference : undefined,
    metadata: namesAttempt ? metadata : {},
    sentAfter: row.created,
  };
}

/**
 * The provider's transaction made by one create of ours, if there is one. Two found means a provider
 * made a second one for a re-sent create: the first is ours, the others are logged for a person to
 * refund. A lookup that could not be finished throws (never "not found", which would send it again).
 */
export async function findSent(
  ctx: PaymentsContext,
  lookup: OppLookup,
  about: Record<string, string>,
): Promise<OppTransaction | undefined> {
  const [first, ...more] = await ctx.opp.findTransactions(lookup);
  const { reference } = lookup;
  if (more.length > 0) {
    const extra = more.map((tx) => tx.uid);
    ctx.log.error({ ...about, reference, adopted: first!.uid, extra }, 'the provider holds one create twice');
  }
  if (first) ctx.log.info({ ...about, reference, oppUid: first.uid }, 'adopted a transaction sent before');
  return first;
}
