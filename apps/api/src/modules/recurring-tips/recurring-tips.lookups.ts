import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Metadata, OppLookup, OppMandate, OppTransaction } from '../../payments/opp-client.js';
import { findSent } from '../../payments/payments.create.js';
import { findAttemptRow } from '../../payments/payments.repository.js';
import { CHARGE_KIND } from './recurring-tips.outcomes.js';
import type * as repo from './recurring-tips.repository.js';

/*
 * Finding a month's attempt at the provider when its answer was lost (decision 071). Every attempt's
 * create — a debit, or a mandate with its first payment — carries the month (`charge_id`) and the
 * attempt in its metadata, which the provider keeps; our reference rides along as a hint. The
 * provider's lists are read back to when the attempt began.
 */

/** The Idempotency-Key and reference of a month's debit attempt. */
export function debitKey(month: { recurringTipId: string; period: string; attempt: number }): string {
  return `charge-${month.recurringTipId}-${month.period}-${month.attempt}`;
}

/** The metadata pairs that name one attempt of a month (attempts are numbered per month, debit or mandate). */
export function attemptMetadata(chargeId: string, attempt: number): Metadata {
  return { charge_id: chargeId, attempt: String(attempt) };
}

/**
 * The earliest an attempt can have reached the provider, by the database's and this process's clocks —
 * never a charge run's `now`, which a run catching up (or a test) sets: the month's row is made before
 * its first attempt, each later attempt begins after the one before was recorded, and a mandate
 * attempt is due from the moment the request that made it began.
 */
export async function attemptBegan(db: DbOrTx, charge: repo.ChargeRow, attempt = charge.attempt): Promise<Date> {
  let began = charge.created;
  const before = attempt > 1 ? await findAttemptRow(db, CHARGE_KIND, charge.id, attempt - 1) : undefined;
  if (before && before.created > began) began = before.created;
  const madeNow = charge.via === 'mandate' && charge.attempt === attempt ? charge.nextAttemptAt : null;
  if (madeNow && madeNow > began) began = madeNow;
  return began;
}

/** How a month's current debit attempt is found at the provider. */
export async function debitLookup(db: DbOrTx, charge: repo.ChargeRow): Promise<OppLookup> {
  return {
    reference: debitKey(charge),
    metadata: attemptMetadata(charge.id, charge.attempt),
    sentAfter: await attemptBegan(db, charge),
  };
}

/**
 * The provider's debit of a month's current attempt, if it holds one (findSent: two are logged, the
 * first adopted). A lookup that could not be finished throws: never "not sent".
 */
export async function findSentDebit(ctx: AppContext, charge: repo.ChargeRow): Promise<OppTransaction | undefined> {
  const lookup = await debitLookup(ctx.db, charge);
  return findSent(ctx, lookup, { chargeId: charge.id });
}

/** The provider's mandate of a month's current attempt (`key` its reference), if it holds one; oldest first. */
export async function findSentMandate(
  ctx: AppContext,
  charge: repo.ChargeRow,
  key: string,
): Promise<OppMandate | undefined> {
  const [first, ...more] = await ctx.opp.findMandates({
    reference: key,
    metadata: attemptMetadata(charge.id, charge.attempt),
    sentAfter: await attemptBegan(ctx.db, charge),
  });
  if (more.length > 0) {
    ctx.log.error({ reference: key, adopted: first!.uid, extra: more.map((m) => m.uid) }, 'two mandates for one key');
  }
  return first;
}
