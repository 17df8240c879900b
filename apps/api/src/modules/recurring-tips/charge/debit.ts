import type { AppContext } from '../../../context.js';
import {
  type CreateMandateTransactionInput,
  isIdempotencyKeyUsed,
  OppError,
  type OppTransaction,
} from '../../../payments/opp-client.js';
import { findSentDebit } from '../recurring-tips.lookups.js';
import { recordDebitFailure } from '../recurring-tips.outcomes.js';
import * as repo from '../recurring-tips.repository.js';
import type { DebitToSend } from './prepare.js';
import type { ClaimedCharge } from './repository.js';

/**
 * The charge run's provider call (decisions 019 and 023): each debit sent with its Idempotency-Key
 * (looked up and adopted when an earlier run may have sent it), and its answer handed to the recorder
 * (record.ts).
 */

/** A debit the provider answered, to be recorded (record.ts: one at a time, or a batch). */
export interface DebitAnswer extends DebitToSend {
  answer: OppTransaction;
}

/**
 * Sends a prepared debit: `POST /mandates/{uid}/transactions`; an attempt an earlier run claimed is
 * looked up before it is sent again (sendOrAdoptDebit), so a crash or a lost answer can never collect
 * twice, whatever the provider does with the key. The answer is handed to `record` (the charge run
 * records a batch at once; until it is recorded the month stays leased, and a run after a crash looks
 * the debit up and adopts it). Returns false when the provider could not be reached (the claim is
 * released and the next run tries again).
 */
export async function sendDebit(
  ctx: AppContext,
  debit: DebitToSend,
  record: (answer: DebitAnswer) => Promise<void>,
): Promise<boolean> {
  const { charge } = debit;
  let answer: OppTransaction;
  try {
    answer = await sendOrAdoptDebit(ctx, charge, debit.mandateUid, debit.request, debit.key);
  } catch (err) {
    if (isRefusal(err)) {
      // The provider refused this charge (e.g. the mandate is no longer usable): a failed try.
      ctx.log.warn({ err, chargeId: charge.id }, 'the provider refused a mandate charge');
      const effect = await ctx.db.transaction(async (tx) => {
        const locked = (await repo.lockMonth(tx, charge.id))?.charge;
        if (locked?.status !== 'scheduled' || locked.attempt !== charge.attempt) return undefined;
        return recordDebitFailure(ctx, tx, locked, 'rejected');
      });
      if (effect) {
        await effect().catch((e: unknown) =>
          ctx.log.error({ err: e, chargeId: charge.id }, 'after-commit effect of a refused charge failed'),
        );
      }
      return true;
    }
    ctx.log.error({ err, chargeId: charge.id }, 'sending a mandate charge failed; the next run retries it');
    await repo.releaseCharge(ctx.db, charge.id);
    return false;
  }
  await record({ ...debit, answer });
  return true;
}

/**
 * The provider's debit for this attempt. Adopt before you create (docs/money-rules.md §8): when an earlier run
 * claimed the attempt (it may have sent it and lost the answer, or died) it is looked up first, by the
 * month and attempt in its metadata (decision 071), so a provider that ignores the Idempotency-Key
 * cannot collect the month twice; a create refused because its key was used is looked up too. A
 * failed or unfinished lookup is no answer (status 0, never a refusal): the claim is released and the
 * next run tries again.
 */
async function sendOrAdoptDebit(
  ctx: AppContext,
  charge: ClaimedCharge,
  mandateUid: string,
  request: CreateMandateTransactionInput,
  key: string,
): Promise<OppTransaction> {
  const find = () =>
    findSentDebit(ctx, charge).catch((err: Error) => {
      throw new OppError(0, undefined, `looking up the debit ${key} failed: ${err.message}`);
    });
  const sentBefore = charge.claimedBefore ? await find() : undefined;
  if (sentBefore) return sentBefore;
  try {
    return await ctx.opp.createMandateTransaction(mandateUid, request, key);
  } catch (err) {
    const adopted = isIdempotencyKeyUsed(err) ? await find() : undefined;
    if (adopted) return adopted;
    throw err;
  }
}

/** The provider refused this charge (e.g. the mandate is no longer usable) — not busy, not "key used". */
function isRefusal(err: unknown): boolean {
  return (
    err instanceof OppError &&
    err.status >= 400 &&
    err.status < 500 &&
    ![408, 409, 429].includes(err.status) &&
    !isIdempotencyKeyUsed(err)
  );
}
