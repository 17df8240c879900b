import type { AppContext } from '../../../context.js';
import { findSentDebit } from '../recurring-tips.lookups.js';
import { recordLateTry } from '../recurring-tips.outcomes.js';
import { isLeased } from '../recurring-tips.payments.js';
import * as repo from '../recurring-tips.repository.js';
import { graceStart, isPastGrace } from '../recurring-tips.schedule.js';
import * as chargeRepo from './repository.js';
import { BATCH, lastWalkKey, MAX_BATCHES, type WalkCursor } from './walk.js';

/**
 * Step 1b of the charge run (issue 34.5): the grace rule of the claim applies to every try. A month's
 * try due more than CHARGE_GRACE_DAYS ago (the job or the provider was down past its day) is not
 * made: a first debit is skipped as a missed month, a dunning retry ends as the last failure
 * (recordLateTry). One transaction per month, the monthly tip locked before its month; the mails go
 * after its commit.
 */
export async function endLateTries(ctx: AppContext, now: Date): Promise<number> {
  const before = graceStart(now);
  let ended = 0;
  let cursor: WalkCursor | undefined;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const late = await chargeRepo.listLateTries(ctx.db, before, BATCH, cursor);
    for (const { id, ...month } of late) {
      // A try a run may have sent (its answer lost) is left to the send, which looks it up and adopts it.
      if (month.claimedBefore && !(await isKnownNotSent(ctx, id, month))) continue;
      const effect = await ctx.db.transaction(async (tx) => {
        const locked = (await repo.lockMonth(tx, id))?.charge;
        if (locked?.status !== 'scheduled' || locked.via !== 'debit' || isLeased(locked)) return undefined;
        if (!locked.nextAttemptAt || !isPastGrace(locked.nextAttemptAt, now)) return undefined;
        ended += 1;
        return recordLateTry(ctx, tx, locked);
      });
      if (effect) await effect().catch((err: unknown) => ctx.log.error({ err, chargeId: id }, 'mail of a late try'));
    }
    if (late.length < BATCH) break;
    cursor = lastWalkKey(late, cursor);
  }
  if (ended) ctx.log.warn({ late: ended }, 'charge: tries whose day passed more than the grace ago were not made');
  return ended;
}

/**
 * Whether the provider holds no debit for a try an earlier run claimed: false when it cannot be asked
 * or the lookup could not read back far enough (decision 071), and for a try that moved on meanwhile.
 */
async function isKnownNotSent(ctx: AppContext, chargeId: string, month: { attempt: number }): Promise<boolean> {
  try {
    const charge = await repo.findCharge(ctx.db, chargeId);
    if (charge?.attempt !== month.attempt) return false;
    return (await findSentDebit(ctx, charge)) === undefined;
  } catch (err) {
    ctx.log.warn({ err, chargeId }, 'could not look up a late try; the next run does');
    return false;
  }
}
