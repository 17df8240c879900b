import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { recurringTips, users } from '../../src/db/schema/index.js';
import { type MonthlyWorld, query } from '../money/monthly-support.js';

/** A monthly tip due now and the provider mandate it is charged through. */
export interface DueMonthlyTip {
  recurringTipId: string;
  mandateUid: string;
}

/**
 * `count` monthly tips of the world's tip jar whose mandate is valid (an imported mandate, usable at
 * once at the simulator) and whose month was due a minute ago: what the charge run claims and sends.
 */
export async function addDueMonthlyTips(
  w: MonthlyWorld,
  count: number,
  prefix: string,
  /** The day of the month they are charged on (the next month's charge falls on it). */
  chargeDay = 1,
): Promise<DueMonthlyTip[]> {
  const [merchant] = await query<{ merchant_uid: string }>(
    w.t,
    sql`select merchant_uid from opp_merchants where tipjar_id = ${w.jar.id}`,
  );
  const due: DueMonthlyTip[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await w.t.database.db
      .insert(users)
      .values({
        email: `${prefix}-${i}-${Date.now()}@example.test`,
        passwordHash: 'x',
        firstName: 'P',
        lastName: `${i}`,
      })
      .returning();
    const mandate = await w.t.ctx.opp.createMandate(
      {
        merchant_uid: merchant!.merchant_uid,
        mandate_method: 'import',
        mandate_type: 'consumer',
        reference: `${prefix}-${i}`,
      } as never,
      `${prefix}-mandate-${i}`,
    );
    const [tip] = await w.t.database.db
      .insert(recurringTips)
      .values({
        tipjarId: w.jar.id,
        userId: user!.id,
        amount: 300 + i,
        status: 'active',
        mandateStatus: 'valid',
        mandateUid: mandate.uid,
        mandateToken: mandate.token,
        paymentMethod: 'ideal',
        chargeDay,
        nextChargeAt: new Date(Date.now() - 60_000),
      })
      .returning();
    due.push({ recurringTipId: tip!.id, mandateUid: mandate.uid });
  }
  return due;
}

/**
 * Every monthly tip was charged exactly once: the provider holds one debit per mandate, and the
 * monthly tip has one month whose provider transaction is that debit.
 */
export async function expectOneDebitEach(w: MonthlyWorld, due: DueMonthlyTip[]) {
  const provider = await query<{ mandate_uid: string; n: number; uids: string[] }>(
    w.t,
    sql`select data->>'mandate_uid' as mandate_uid, count(*)::int as n, array_agg(uid) as uids from sim_objects
        where object_type = 'transaction' and data->>'mandate_uid' is not null group by 1`,
  );
  const byMandate = new Map(provider.map((p) => [p.mandate_uid, p]));
  const ours = await query<{ recurring_tip_id: string; months: number; opp_uids: string[] }>(
    w.t,
    sql`select c.recurring_tip_id, count(distinct c.id)::int as months,
               array_agg(o.opp_uid) filter (where o.opp_uid is not null) as opp_uids
        from recurring_tip_charges c
        left join opp_transactions o on o.kind = 'recurring_charge' and o.owner_id = c.id
        where c.via = 'debit' group by 1`,
  );
  const oursByTip = new Map(ours.map((o) => [o.recurring_tip_id, o]));
  for (const { recurringTipId, mandateUid } of due) {
    expect(byMandate.get(mandateUid)?.n, `debits at the provider for ${mandateUid}`).toBe(1);
    const mine = oursByTip.get(recurringTipId);
    expect(mine?.months).toBe(1);
    expect(mine?.opp_uids).toEqual(byMandate.get(mandateUid)!.uids);
  }
}
