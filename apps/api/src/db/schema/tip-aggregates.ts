import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Aggregates of `tips`, kept by statement-level triggers on tips in the same transaction as every
 * change of a tip (migration 0013, decision 018), so statistics and list counts never scan a
 * million tips; last, one of `recurring_tips`, kept by a row trigger (decision 052). The money check
 * compares them with the rows they summarise.
 */

/**
 * Paid tips (completed_at set) per tip jar, local day (Europe/Amsterdam) of completed_at, method and
 * kind: 'monthly' for a month of a monthly tip (recurring_tip_id set), 'one-off' otherwise (0014).
 */
export const tipDailyTotals = pgTable(
  'tip_daily_totals',
  {
    tipjarId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** coalesce(payment_method, 'unknown'), as the statistics name it. */
    paymentMethod: text().notNull(),
    kind: text({ enum: ['one-off', 'monthly'] }).notNull(),
    count: integer().notNull().default(0),
    /** Cents, summed: amount, fee, refunded_amount, refunded_fee of those tips. */
    amount: bigint({ mode: 'number' }).notNull().default(0),
    fee: bigint({ mode: 'number' }).notNull().default(0),
    refundedAmount: bigint({ mode: 'number' }).notNull().default(0),
    refundedFee: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tipjarId, t.day, t.paymentMethod, t.kind] }),
    index('tip_daily_totals_day_idx').on(t.day),
  ],
);

/**
 * Tips per tip jar and status, spread over 8 shards (by the writing transaction, decision 018) so
 * concurrent new tips of one jar do not queue on one counter row, and one transaction writing many
 * tips takes one row per jar and status; a count is the sum of the shards (a shard may be negative).
 */
export const tipStatusCounts = pgTable(
  'tip_status_counts',
  {
    tipjarId: uuid().notNull(),
    status: text().notNull(),
    shard: smallint().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tipjarId, t.status, t.shard] })],
);

/**
 * Tips per tip jar, status and bucket of a list order's leading column (migration 0023, decision
 * 050): `dimension` 'created' and 'updated' count by week (whole seconds since the epoch / 604 800),
 * 'amount' by the amount in cents, 'amount_week' by amount × 10 000 + week of updated (the amount
 * sort's order within one amount). Sharded like tip_status_counts; the key puts the bucket before the
 * status so one amount's weeks are one index range. A page at a deep offset sums them to find the
 * bucket its first row is in, then walks from that bucket's edge (tips.positions.ts).
 */
export const tipListPositions = pgTable(
  'tip_list_positions',
  {
    tipjarId: uuid().notNull(),
    dimension: text({ enum: ['created', 'updated', 'amount', 'amount_week'] }).notNull(),
    status: text().notNull(),
    bucket: bigint({ mode: 'number' }).notNull(),
    shard: smallint().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'tip_list_positions_pk', columns: [t.tipjarId, t.dimension, t.bucket, t.status, t.shard] }),
  ],
);

/**
 * Chargeable monthly tips (status active, mandate valid) per tip jar and their monthly sum in cents
 * (migration 0024, decision 052): what the statistics show as active monthly tips. Kept by a row
 * trigger on recurring_tips that fires only when a monthly tip starts or stops counting or changes
 * amount or tip jar while it counts; sharded like tip_status_counts, the figure is the sum of the shards.
 */
export const recurringTipTotals = pgTable(
  'recurring_tip_totals',
  {
    tipjarId: uuid().notNull(),
    shard: smallint().notNull(),
    active: integer().notNull().default(0),
    monthlySum: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'recurring_tip_totals_pk', columns: [t.tipjarId, t.shard] })],
);
