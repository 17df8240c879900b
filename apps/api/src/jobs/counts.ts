import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { recurringTipCharges, tips } from '../db/schema/index.js';

/** Tips and monthly-tip charges by status (the metrics gauges), two grouped counts. */
export async function countsByStatus(db: Db) {
  const [tipRows, chargeRows] = await Promise.all([
    db.select({ status: tips.status, n: count() }).from(tips).groupBy(tips.status),
    db
      .select({ status: recurringTipCharges.status, n: count() })
      .from(recurringTipCharges)
      .groupBy(recurringTipCharges.status),
  ]);
  return {
    tips: Object.fromEntries(tipRows.map((r) => [r.status, r.n])),
    charges: Object.fromEntries(chargeRows.map((r) => [r.status, r.n])),
  };
}
