import { canAdvanceTransaction, paymentOutcome } from '@podpot/domain';
import type { Tx } from '../db/client.js';
import { recordAmountMismatch } from './incidents.js';
import type { AfterCommit, PaymentLedger, PaymentsContext } from './ledger.js';
import type { OppTransaction } from './opp-client.js';
import * as repo from './payments.repository.js';

/*
 * Recording the provider's answers: the one path by which a transaction's status changes
 * (docs/money-rules.md). Each answer is applied in one database transaction that also runs the owner's
 * consequences; statuses only move forward (domain `canAdvanceTransaction`); effects run after commit.
 */

/**
 * Applies what the provider says about a transaction, in ONE database transaction: records the uid
 * and redirect URL (first answer only), moves the status forward only, and lets the owner react (its
 * handler in `ledger`). A repeated or stale answer changes nothing.
 */
export function applyProviderTransaction(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  rowId: string,
  answer: OppTransaction,
): Promise<repo.OppTransactionRow> {
  return applyStatus(ctx, ledger, rowId, {
    uid: answer.uid,
    status: answer.status,
    redirectUrl: answer.redirectUrl,
    amount: answer.amount,
  });
}

/**
 * Applies a status we learnt without the transaction itself — a mandate's first payment whose uid the
 * provider has not told us, judged by the mandate's status (recurring tips). The same forward-only
 * rule and owner reaction; once the transaction's uid is known, its own answers take over.
 */
export function applyStatusOfUnknownTransaction(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  rowId: string,
  status: string,
): Promise<repo.OppTransactionRow> {
  return applyStatus(ctx, ledger, rowId, { uid: null, status, redirectUrl: null, amount: null });
}

/**
 * A status that moves money for us (held, paid, reversed) counts only for the amount we asked: an
 * answer that names another amount is held back (decision 065). Open and unpaid statuses move no money.
 */
function countsMoney(status: string): boolean {
  const outcome = paymentOutcome(status);
  return outcome === 'held' || outcome === 'paid' || outcome === 'reversed';
}

async function applyStatus(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  rowId: string,
  seen: { uid: string | null; status: string; redirectUrl: string | null; amount: number | null },
): Promise<repo.OppTransactionRow> {
  let afterCommit: AfterCommit | undefined;
  // An answer about money with an amount to compare goes the locked path, where the row's amount is read.
  const compareAmount = seen.amount !== null && countsMoney(seen.status);
  const result = await ctx.db.transaction(async (tx) => {
    // The common case, a create's answer: one conditional UPDATE records it on a row nobody answered.
    const first =
      seen.uid && !compareAmount
        ? await repo.recordFirstAnswer(tx, rowId, {
            oppUid: seen.uid,
            status: seen.status,
            redirectUrl: seen.redirectUrl,
          })
        : undefined;
    if (first) {
      afterCommit = await letOwnerReact(ctx, ledger, tx, first, null);
      return first;
    }
    let row = (await repo.lockTransactionRow(tx, rowId))!;
    if (row.oppUid && row.oppUid !== seen.uid) {
      // Without a uid the status is second-hand: the transaction we know answers for itself.
      if (seen.uid)
        ctx.log.error({ rowId, expected: row.oppUid, got: seen.uid }, 'provider answered another transaction');
      return row;
    }
    const previous = row.status;
    if (compareAmount && seen.amount !== row.amount) {
      // Not the payment we asked for: its status never counts; an admin looks at it (an incident).
      if (seen.uid && !row.oppUid) {
        row = (await repo.recordProviderAnswer(tx, row.id, {
          oppUid: seen.uid,
          status: previous,
          redirectUrl: row.redirectUrl ?? seen.redirectUrl,
        }))!;
      }
      const incident = await recordAmountMismatch(tx, {
        transactionId: row.id,
        ownerKind: row.kind,
        ownerId: row.ownerId,
        amount: seen.amount!,
      });
      if (incident) {
        ctx.log.error(
          { rowId, oppUid: seen.uid, status: seen.status, ours: row.amount, provider: seen.amount },
          'the provider answered another amount than we asked: its status is not applied',
        );
      }
      return row;
    }
    const advances = previous === null || canAdvanceTransaction(previous, seen.status);
    if (seen.uid && !row.oppUid) {
      // The first answer naming the transaction: its uid sticks, its status only if it is news.
      row = (await repo.recordProviderAnswer(tx, row.id, {
        oppUid: seen.uid,
        status: advances ? seen.status : previous,
        redirectUrl: row.redirectUrl ?? seen.redirectUrl,
      }))!;
      if (!advances) return row;
    } else if (advances) {
      row = await repo.updateTransactionStatus(tx, row.id, seen.status);
    } else {
      if (row.status !== seen.status) {
        ctx.log.info({ rowId, current: row.status, ignored: seen.status }, 'stale provider status ignored');
      }
      return row;
    }
    afterCommit = await letOwnerReact(ctx, ledger, tx, row, previous);
    return row;
  });
  if (afterCommit) {
    try {
      await afterCommit();
    } catch (err) {
      ctx.log.error({ err, transactionRowId: result.id }, 'after-commit effect of a payment failed');
    }
  }
  return result;
}

/** The owner of the row's kind reacts to its new status, in the same database transaction. */
async function letOwnerReact(
  ctx: PaymentsContext,
  ledger: PaymentLedger,
  tx: Tx,
  row: repo.OppTransactionRow,
  previous: string | null,
): Promise<AfterCommit | undefined> {
  const owner = ledger.owners[row.kind];
  if (!owner) ctx.log.error({ rowId: row.id, kind: row.kind }, 'no owner is wired for this kind of transaction');
  return (await owner?.(tx, row, { previous, current: row.status! })) ?? undefined;
}
