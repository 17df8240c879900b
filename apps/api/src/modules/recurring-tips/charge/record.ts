import { paymentOutcome, tipStatusesBefore } from '@podpot/domain';
import type { AppContext } from '../../../context.js';
import type { PaymentLedger } from '../../../payments/ledger.js';
import { applyProviderTransaction } from '../../../payments/payments.apply.js';
import { insertTransactionRows } from '../../../payments/payments.repository.js';
import { CHARGE_KIND } from '../recurring-tips.outcomes.js';
import { recordAttempt } from '../recurring-tips.payments.js';
import * as repo from '../recurring-tips.repository.js';
import type { DebitAnswer } from './debit.js';
import * as chargeRepo from './repository.js';

/**
 * The charge run records the provider's answers a batch at a time (decision 023): one transaction
 * writes the attempts' transaction rows, the months and their tips for every answer that came in
 * while the previous batch was written — instead of two transactions and about a dozen statements
 * per month. What is written is what the one-at-a-time path (recordDebitAnswer, then
 * applyProviderTransaction) writes; a month stays leased until its answer is recorded, so a run that
 * dies with answers not yet written leaves months a later run adopts by their reference (014).
 */

/** An open debit (SEPA `planned`, on its way): its month waits for it as pending. */
export function isOpenDebit(a: DebitAnswer): boolean {
  const outcome = paymentOutcome(a.answer.status);
  return outcome === 'open' || outcome === 'held';
}

/** Records one debit's answer as its attempt's transaction row, then applies it (the one-at-a-time path). */
export async function recordDebitAnswer(ctx: AppContext, ledger: PaymentLedger, a: DebitAnswer): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const row = await recordAttempt(tx, {
      charge: a.charge,
      key: a.key,
      oppUid: a.answer.uid,
      merchantUid: a.merchantUid,
      redirectUrl: null,
      request: a.request as unknown as Record<string, unknown>,
    });
    // An open answer lets the month go; any other keeps it held until applied (recordChargeAnswers).
    const letGo = isOpenDebit(a) ? { claimedUntil: null } : {};
    await repo.updateCharge(tx, a.charge.id, { oppTransactionId: row.id, ...letGo });
    return row;
  });
  await applyProviderTransaction(ctx, ledger, row.id, a.answer);
}

/** Answers written in one transaction at most. */
const MAX_RECORD_BATCH = 200;

/**
 * Records a batch of answers. Open answers (every debit just made, in practice) are written and
 * applied in one transaction: the rows with the provider's uid and status, the months (their row
 * named, no longer held, pending if still waiting for that attempt) and their tips (pending). Any
 * other status is written in that transaction without its status and then applied one at a time
 * (its consequences — a failed try, a paid month — are the owner's, with their mails). An attempt
 * another run recorded meanwhile goes the one-at-a-time way, which finds that run's row.
 */
export async function recordDebitAnswers(
  ctx: AppContext,
  ledger: PaymentLedger,
  answers: DebitAnswer[],
): Promise<void> {
  const { toApply, recordedElsewhere } = await ctx.db.transaction(async (tx) => {
    const rows = await insertTransactionRows(
      tx,
      answers.map((a) => ({
        kind: CHARGE_KIND,
        ownerId: a.charge.id,
        attempt: a.charge.attempt,
        idempotencyKey: a.key,
        oppUid: a.answer.uid,
        status: isOpenDebit(a) ? a.answer.status : null,
        amount: a.charge.amount,
        merchantUid: a.merchantUid,
        redirectUrl: isOpenDebit(a) ? a.answer.redirectUrl : null,
        request: a.request as unknown as Record<string, unknown>,
      })),
    );
    const rowOf = new Map(rows.map((r) => [r.ownerId, r]));
    const written = answers.filter((a) => rowOf.has(a.charge.id));
    await chargeRepo.recordChargeAnswers(
      tx,
      written.map((a) => ({
        id: a.charge.id,
        rowId: rowOf.get(a.charge.id)!.id,
        attempt: a.charge.attempt,
        open: isOpenDebit(a),
      })),
      tipStatusesBefore('pending'),
    );
    return {
      toApply: written.filter((a) => !isOpenDebit(a)).map((a) => ({ a, rowId: rowOf.get(a.charge.id)!.id })),
      recordedElsewhere: answers.filter((a) => !rowOf.has(a.charge.id)),
    };
  });
  for (const { a, rowId } of toApply) await applyProviderTransaction(ctx, ledger, rowId, a.answer);
  for (const a of recordedElsewhere) await recordDebitAnswer(ctx, ledger, a);
}

/**
 * Collects the answers of the sends in flight and writes them as group commits: while one batch is
 * written the next answers gather, and are written together once it is done. A sender waits only
 * when a full batch is already waiting (so answers cannot pile up without bound). A batch that fails
 * is written again one answer at a time; what still fails is kept and thrown by drain().
 */
export class DebitRecorder {
  private waiting: DebitAnswer[] = [];
  private writing: Promise<void> | null = null;
  private readonly failures: unknown[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly ledger: PaymentLedger,
  ) {}

  record = (answer: DebitAnswer): Promise<void> => {
    this.waiting.push(answer);
    if (!this.writing) this.writing = this.writeAll();
    return this.waiting.length >= MAX_RECORD_BATCH ? this.writing : Promise.resolve();
  };

  /** Waits until every answer handed in is written; throws the first failure. */
  async drain(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.failures.length > 0) throw this.failures[0];
  }

  private async writeAll() {
    // Lets the answers that arrive in the same turn join the first batch.
    await Promise.resolve();
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_RECORD_BATCH);
      try {
        await recordDebitAnswers(this.ctx, this.ledger, batch);
      } catch (err) {
        this.ctx.log.warn({ err, answers: batch.length }, 'recording a batch of answers failed; one at a time');
        for (const a of batch) {
          await recordDebitAnswer(this.ctx, this.ledger, a).catch((e: unknown) => {
            this.ctx.log.error({ err: e, chargeId: a.charge.id }, 'recording an answer failed; a later run adopts it');
            this.failures.push(e);
          });
        }
      }
    }
    // No await between the last look at `waiting` and this: an answer handed in later starts a new loop.
    this.writing = null;
  }
}
