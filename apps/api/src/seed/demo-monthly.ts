import { randomUUID } from 'node:crypto';
import { platformFeeOf } from '@podpot/domain';
import type { Tx } from '../db/client.js';
import { oppTransactions, recurringTipCharges, recurringTips, tips, users } from '../db/schema/index.js';
import {
  chargeDateOf,
  chargeDayOf,
  nextChargeAfter,
  nextPeriod,
  periodOf,
} from '../modules/recurring-tips/recurring-tips.schedule.js';

/**
 * The demo's monthly tippers (names the one-off demo tips do not use, so a search finds one kind), so the "active monthly tippers" chart and the monthly tips list show
 * something: who, how much (cents), the day of the month and how many months ago they started, and
 * — for one who stopped — how many months ago the last month was paid.
 */
const TIPPERS = [
  { first: 'Wouter', last: 'Koffieleut', amount: 250, day: 8, startedAgo: 6, stoppedAgo: 3 },
  { first: 'Ilse', last: 'de Vries', amount: 500, day: 3, startedAgo: 5 },
  { first: 'Ahmed', last: 'Bakker', amount: 300, day: 12, startedAgo: 4 },
  { first: 'Femke', last: 'Jansen', amount: 1000, day: 20, startedAgo: 2 },
] as const;

/** The first day `monthsAgo` calendar months before `now`, at `day` (UTC). */
function monthsBefore(now: Date, monthsAgo: number, day: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day));
}

/** A row made, finished and last changed on the day its month was paid. */
const paidAt = (at: Date) => ({ completedAt: at, created: at, updated: at });

/**
 * Seeds monthly tips with their paid months, written as the charge run leaves them: per month one
 * `recurring_tip_charges` row (completed; the first one made the mandate, later ones debited it), its
 * tip (kind monthly, the platform fee by the domain's rule, paid on the charge day) and the provider
 * transaction that collected it — so the money check's monthly totals agree to the cent. The
 * transactions carry no provider uid: they were never at the simulator, so nobody asks it about them.
 * The active ones are charged by the charge run from their next charge day on, like any other.
 */
export async function seedDemoMonthlyTips(
  tx: Tx,
  input: { tipjarId: string; passwordHash: string; feeBps: number; merchantUid: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  for (const tipper of TIPPERS) {
    const started = monthsBefore(now, tipper.startedAgo, tipper.day);
    const chargeDay = chargeDayOf(started);
    const cadence = { interval: 'month', chargeDay, chargeMonth: 0 } as const;
    const stopped = 'stoppedAgo' in tipper ? monthsBefore(now, tipper.stoppedAgo, tipper.day) : null;
    const email = `${tipper.first.toLowerCase()}@example.org`;
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash: input.passwordHash, firstName: tipper.first, lastName: tipper.last, locale: 'nl' })
      .returning();
    const recurringTipId = randomUUID();
    // The months paid: from the first payment up to today (or the last month before stopping).
    const months: { period: string; at: Date }[] = [];
    for (let period = periodOf(started, 'month'); ; period = nextPeriod(period)) {
      const at = chargeDateOf(cadence, period);
      if (at > now || (stopped && at > stopped)) break;
      months.push({ period, at });
    }
    const lastPaid = months.at(-1)!;
    await tx.insert(recurringTips).values({
      id: recurringTipId,
      tipjarId: input.tipjarId,
      userId: user!.id,
      amount: tipper.amount,
      status: stopped ? 'cancelled' : 'active',
      mandateStatus: stopped ? 'revoked' : 'valid',
      mandateUid: `mdt_demo_${recurringTipId.slice(0, 8)}`,
      paymentMethod: 'ideal',
      chargeDay,
      nextChargeAt: stopped ? null : nextChargeAfter(cadence, lastPaid.period, now),
      displayName: tipper.first,
      locale: 'nl',
      cancelledAt: stopped ? new Date(lastPaid.at.getTime() + 24 * 60 * 60 * 1000) : null,
      created: started,
      updated: lastPaid.at,
    });
    const paid = months.map(({ period, at }, i) => {
      const via = i === 0 ? ('mandate' as const) : ('debit' as const);
      return { period, at, via, chargeId: randomUUID(), tipId: randomUUID(), transactionId: randomUUID() };
    });
    await tx.insert(tips).values(
      paid.map((m) => ({
        id: m.tipId,
        tipjarId: input.tipjarId,
        amount: tipper.amount,
        fee: platformFeeOf(tipper.amount, input.feeBps),
        status: 'completed' as const,
        displayName: tipper.first,
        email,
        locale: 'nl' as const,
        // As the charge run writes them: the first month paid with iDEAL (the mandate), then SEPA debits.
        paymentMethod: m.via === 'debit' ? 'sepa' : 'ideal',
        recurringTipId,
        ...paidAt(m.at),
      })),
    );
    await tx.insert(recurringTipCharges).values(
      paid.map((m) => ({
        id: m.chargeId,
        recurringTipId,
        period: m.period,
        amount: tipper.amount,
        via: m.via,
        status: 'completed' as const,
        tipId: m.tipId,
        oppTransactionId: m.transactionId,
        paidTransactionId: m.transactionId,
        lastAttemptAt: m.at,
        ...paidAt(m.at),
      })),
    );
    await tx.insert(oppTransactions).values(
      paid.map((m) => ({
        id: m.transactionId,
        kind: 'recurring_charge',
        ownerId: m.chargeId,
        idempotencyKey: `${m.via === 'mandate' ? 'mandate' : 'charge'}-${recurringTipId}-${m.period}-1`,
        status: 'completed',
        amount: tipper.amount,
        merchantUid: input.merchantUid,
        request: { demo: true },
        created: m.at,
        updated: m.at,
      })),
    );
  }
}
