import { canAdvanceTransaction } from '@podpot/domain';
import type { AfterCommit, AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { OppTransaction } from './opp-client.js';
import * as repo from './payments.repository.js';

/*
 * Recording the provider's answers: the one path by which a transaction's status changes
 * (DESIGN.md §4). Each answer is applied in one database transaction that also runs the owner's
 * consequences; statuses only move forward (domain `canAdvanceTransaction`); effects run after commit.
 */

/**
 * Applies what the provider says about a transaction, in ONE database transaction: records the uid
 * and redirect URL (first answer only), moves the status forward only, and lets the owner react.
 * A repeated or stale answer changes nothing.
 */
export function applyProviderTransaction(
  ctx: AppContext,
  rowId: string,
  answer: OppTransaction,
): Promise<repo.OppTransactionRow> {
  return applyStatus(ctx, rowId, { uid: answer.uid, status: answer.status, redirectUrl: answer.redirectUrl });
}

/**
 * Applies a status we learnt without the transaction itself — a mandate's first payment whose uid the
 * provider has not told us, judged by the mandate's status (recurring tips). The same forward-only
 * rule and owner reaction; once the transaction's uid is known, its own answers take over.
 */
export function applyStatusOfUnknownTransaction(
  ctx: AppContext,
  rowId: string,
  status: string,
): Promise<repo.OppTransactionRow> {
  return applyStatus(ctx, rowId, { uid: null, status, redirectUrl: null });
}

async function applyStatus(
  ctx: AppContext,
  rowId: string,
  seen: { uid: string | null; status: string; redirectUrl: string | null },
): Promise<repo.OppTransactionRow> {
  let afterCommit: AfterCommit | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    // The common case, a create's answer: one conditional UPDATE records it on a row nobody answered.
    const first = seen.uid
      ? await repo.recordFirstAnswer(tx, rowId, {
          oppUid: seen.uid,
          status: seen.status,
          redirectUrl: seen.redirectUrl,
        })
      : undefined;
    if (first) {
      afterCommit = await letOwnerReact(ctx, tx, first, null);
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
    afterCommit = await letOwnerReact(ctx, tx, row, previous);
    return row;
  });
  if (afterCommit) {
    try {
      await afterCommit(ctx);
    } catch (err) {
      ctx.log.error({ err, transactionRowId: result.id }, 'after-commit effect of a payment failed');
    }
  }
  return result;
}

/** The owner of the row's kind reacts to its new status, in the same database transaction. */
async function letOwnerReact(
  ctx: AppContext,
  tx: Tx,
  row: repo.OppTransactionRow,
  previous: string | null,
): Promise<AfterCommit | undefined> {
  const owner = ctx.payments.owners[row.kind];
  if (!owner) ctx.log.error({ rowId: row.id, kind: row.kind }, 'no owner is wired for this kind of transaction');
  return (await owner?.(tx, row, { previous, current: row.status! }, ctx)) ?? undefined;
}
