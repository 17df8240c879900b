import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { STATISTICS_TIME_ZONE } from './statistics.repository.js';

/**
 * The aggregates recomputed from scratch out of the tips (one scan) and the monthly tips, compared with
 * what the triggers keep: every (tip jar, day, method, kind), (tip jar, status), (tip jar, dimension,
 * status, bucket) and tip jar's active monthly tips whose kept figures differ from the rows'.
 * For the money check and tests; empty when nothing drifted.
 */
export interface AggregateDrift {
  table: 'tip_daily_totals' | 'tip_status_counts' | 'tip_list_positions' | 'recurring_tip_totals';
  key: string;
  kept: string;
  scanned: string;
}

export async function aggregateDrift(db: DbOrTx): Promise<AggregateDrift[]> {
  const figures = (r: {
    count: unknown;
    amount: unknown;
    fee: unknown;
    refunded_amount: unknown;
    refunded_fee: unknown;
  }) => [r.count, r.amount, r.fee, r.refunded_amount, r.refunded_fee].map((v) => String(v ?? 0)).join('/');
  type Side = {
    count: string | null;
    amount: string | null;
    fee: string | null;
    refunded_amount: string | null;
    refunded_fee: string | null;
  };
  const daily = await rowsOf<{ key: string; kept: Side; scanned: Side }>(
    db,
    sql`with scanned as (
          select tipjar_id, (completed_at at time zone ${STATISTICS_TIME_ZONE})::date as day,
                 coalesce(payment_method, 'unknown') as payment_method,
                 case when recurring_tip_id is null then 'one-off' else 'monthly' end as kind, count(*)::bigint as count,
                 sum(amount)::bigint as amount, sum(fee)::bigint as fee,
                 sum(refunded_amount)::bigint as refunded_amount, sum(refunded_fee)::bigint as refunded_fee
          from tips where completed_at is not null group by 1, 2, 3, 4),
        kept as (select * from tip_daily_totals where count <> 0 or amount <> 0 or fee <> 0
                   or refunded_amount <> 0 or refunded_fee <> 0)
        select concat_ws(' ', coalesce(k.tipjar_id, s.tipjar_id), coalesce(k.day, s.day), coalesce(k.payment_method, s.payment_method), coalesce(k.kind, s.kind)) as key,
               json_build_object('count', k.count, 'amount', k.amount, 'fee', k.fee, 'refunded_amount', k.refunded_amount, 'refunded_fee', k.refunded_fee) as kept,
               json_build_object('count', s.count, 'amount', s.amount, 'fee', s.fee, 'refunded_amount', s.refunded_amount, 'refunded_fee', s.refunded_fee) as scanned
        from kept k full join scanned s using (tipjar_id, day, payment_method, kind)
        where (k.count, k.amount, k.fee, k.refunded_amount, k.refunded_fee)
              is distinct from (s.count, s.amount, s.fee, s.refunded_amount, s.refunded_fee)`,
  );
  const counts = await rowsOf<{ key: string; kept: string | null; scanned: string | null }>(
    db,
    sql`with scanned as (select tipjar_id, status, count(*)::bigint as count from tips group by 1, 2),
        kept as (select tipjar_id, status, sum(count)::bigint as count from tip_status_counts group by 1, 2 having sum(count) <> 0)
        select concat_ws(' ', tipjar_id, status) as key, k.count as kept, s.count as scanned
        from kept k full join scanned s using (tipjar_id, status)
        where k.count is distinct from s.count`,
  );
  const positions = await rowsOf<{ key: string; kept: string | null; scanned: string | null }>(
    db,
    sql`with scanned as (
          select tipjar_id, k.dimension, status, k.bucket, count(*)::bigint as count
          from tips cross join lateral tip_list_buckets(created, updated, amount) k
          group by 1, 2, 3, 4),
        kept as (select tipjar_id, dimension, status, bucket, sum(count)::bigint as count from tip_list_positions
                 group by 1, 2, 3, 4 having sum(count) <> 0)
        select concat_ws(' ', tipjar_id, dimension, status, bucket) as key, k.count as kept, s.count as scanned
        from kept k full join scanned s using (tipjar_id, dimension, status, bucket)
        where k.count is distinct from s.count`,
  );
  const recurring = await rowsOf<{ key: string; kept: string | null; scanned: string | null }>(
    db,
    sql`with scanned as (
          select tipjar_id, concat(count(*), '/',
                 sum(case when "interval" = 'year' then amount / 12 else amount end)) as figures from recurring_tips
          where status = 'active' and mandate_status = 'valid' group by 1),
        kept as (select tipjar_id, concat(sum(active), '/', sum(monthly_sum)) as figures from recurring_tip_totals
                 group by 1 having sum(active) <> 0 or sum(monthly_sum) <> 0)
        select tipjar_id::text as key, k.figures as kept, s.figures as scanned
        from kept k full join scanned s using (tipjar_id)
        where k.figures is distinct from s.figures`,
  );
  return [
    ...daily.map((r) => ({
      table: 'tip_daily_totals' as const,
      key: r.key,
      kept: figures(r.kept),
      scanned: figures(r.scanned),
    })),
    ...counts.map((r) => ({
      table: 'tip_status_counts' as const,
      key: r.key,
      kept: String(r.kept ?? 0),
      scanned: String(r.scanned ?? 0),
    })),
    ...positions.map((r) => ({
      table: 'tip_list_positions' as const,
      key: r.key,
      kept: String(r.kept ?? 0),
      scanned: String(r.scanned ?? 0),
    })),
    ...recurring.map((r) => ({
      table: 'recurring_tip_totals' as const,
      key: r.key,
      kept: r.kept ?? '0/0',
      scanned: r.scanned ?? '0/0',
    })),
  ];
}
