import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { rowsOf } from '../db/client.js';
import type { MoneyViolation } from './money-violation.js';

/**
 * 8. and 9. of the money check (decision 092): a recurring tip's periods. The unique key (recurring
 * tip, period) keeps one charge row per period key; these check what the key cannot see:
 *  - period-matches-interval — a monthly tip's charges have a 'YYYY-MM' period, a yearly tip's a
 *    'YYYY' one (a yearly charge keyed by month would be a second key for a year already paid);
 *  - one-collection-per-period — at most one completed collection per recurring tip and period: per
 *    month for a monthly tip, per calendar year for a yearly one (whatever the keys of its rows).
 */
export async function periodLines(db: AppContext['db']): Promise<MoneyViolation[]> {
  const found: MoneyViolation[] = [];
  for (const r of await rowsOf<{ id: string; recurring_tip_id: string; period: string; interval: string }>(
    db,
    sql`select c.id, c.recurring_tip_id, c.period, r.interval
        from recurring_tip_charges c join recurring_tips r on r.id = c.recurring_tip_id
        where (r.interval = 'year' and c.period !~ '^[0-9]{4}$')
           or (r.interval <> 'year' and c.period !~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
        order by c.recurring_tip_id, c.period`,
  )) {
    found.push({
      invariant: 'period-matches-interval',
      subject: `recurring_tip_charges ${r.id} (recurring_tips ${r.recurring_tip_id})`,
      detail: `period ${r.period} on a ${r.interval === 'year' ? 'yearly' : 'monthly'} tip (expected ${r.interval === 'year' ? 'YYYY' : 'YYYY-MM'})`,
    });
  }
  for (const r of await rowsOf<{ recurring_tip_id: string; period: string; n: number; keys: string }>(
    db,
    sql`select c.recurring_tip_id,
               left(c.period, case when r.interval = 'year' then 4 else 7 end) as period,
               count(*)::int as n, string_agg(c.period, ', ' order by c.period) as keys
        from recurring_tip_charges c join recurring_tips r on r.id = c.recurring_tip_id
        where c.status = 'completed'
        group by 1, 2 having count(*) > 1
        order by 1, 2`,
  )) {
    found.push({
      invariant: 'one-collection-per-period',
      subject: `recurring_tips ${r.recurring_tip_id} (${r.period})`,
      detail: `${r.n} completed collections for one period (${r.keys})`,
    });
  }
  return found;
}
