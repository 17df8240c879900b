-- Keeps tip_daily_totals (completed tips per tip jar, day, payment method and kind) and
-- tip_status_counts (tips per tip jar and status, 8 shards by the writing transaction) in the same
-- transaction as every change of tips: the statistics and list counts read them (decisions 018, 025),
-- the money check compares them with tips. Plain SQL per kind of change over the transition tables,
-- planned once per session (decision 047). Run by the statement triggers tips_aggregates_insert,
-- tips_aggregates_update and tips_aggregates_delete on tips (migration 0013).
--
-- This file is the function's live definition (decision 073): migrating (npm run db:migrate, or a
-- start outside production) puts it into the database after the migrations if the database holds
-- anything else, and production refuses such a database (db/trigger-functions.ts);
-- test/db/trigger-functions.api.test.ts checks that the database holds exactly the statement below.
-- Change the function here, never in a migration. The statement is written as pg_get_functiondef
-- prints it, without the schema.
CREATE OR REPLACE FUNCTION tips_aggregates_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    insert into tip_daily_totals as d (tipjar_id, day, payment_method, kind, count, amount, fee, refunded_amount, refunded_fee)
    select tipjar_id, (completed_at at time zone 'Europe/Amsterdam')::date, coalesce(payment_method, 'unknown'),
           case when recurring_tip_id is null then 'one-off' else 'monthly' end,
           count(*), sum(amount), sum(fee), sum(refunded_amount), sum(refunded_fee)
    from new_rows
    where completed_at is not null
    group by 1, 2, 3, 4
    order by 1, 2, 3, 4
    on conflict (tipjar_id, day, payment_method, kind) do update set
      count = d.count + excluded.count, amount = d.amount + excluded.amount, fee = d.fee + excluded.fee,
      refunded_amount = d.refunded_amount + excluded.refunded_amount,
      refunded_fee = d.refunded_fee + excluded.refunded_fee;
    insert into tip_status_counts as s (tipjar_id, status, shard, count)
    select tipjar_id, status, mod(txid_current(), 8)::smallint, count(*)
    from new_rows
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (tipjar_id, status, shard) do update set count = s.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    insert into tip_daily_totals as d (tipjar_id, day, payment_method, kind, count, amount, fee, refunded_amount, refunded_fee)
    select tipjar_id, (completed_at at time zone 'Europe/Amsterdam')::date, coalesce(payment_method, 'unknown'),
           case when recurring_tip_id is null then 'one-off' else 'monthly' end,
           -count(*), -sum(amount), -sum(fee), -sum(refunded_amount), -sum(refunded_fee)
    from old_rows
    where completed_at is not null
    group by 1, 2, 3, 4
    order by 1, 2, 3, 4
    on conflict (tipjar_id, day, payment_method, kind) do update set
      count = d.count + excluded.count, amount = d.amount + excluded.amount, fee = d.fee + excluded.fee,
      refunded_amount = d.refunded_amount + excluded.refunded_amount,
      refunded_fee = d.refunded_fee + excluded.refunded_fee;
    insert into tip_status_counts as s (tipjar_id, status, shard, count)
    select tipjar_id, status, mod(txid_current(), 8)::smallint, -count(*)
    from old_rows
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (tipjar_id, status, shard) do update set count = s.count + excluded.count;
  ELSE
    -- An update: the new rows count, the old ones are taken back; a change that moves no aggregate
    -- (say, only `updated`) nets to nothing and writes nothing.
    insert into tip_daily_totals as d (tipjar_id, day, payment_method, kind, count, amount, fee, refunded_amount, refunded_fee)
    select tipjar_id, (completed_at at time zone 'Europe/Amsterdam')::date, coalesce(payment_method, 'unknown'),
           case when recurring_tip_id is null then 'one-off' else 'monthly' end,
           sum(sign), sum(sign * amount), sum(sign * fee), sum(sign * refunded_amount), sum(sign * refunded_fee)
    from (select 1 as sign, * from new_rows union all select -1 as sign, * from old_rows) c
    where completed_at is not null
    group by 1, 2, 3, 4
    having sum(sign) <> 0 or sum(sign * amount) <> 0 or sum(sign * fee) <> 0
        or sum(sign * refunded_amount) <> 0 or sum(sign * refunded_fee) <> 0
    order by 1, 2, 3, 4
    on conflict (tipjar_id, day, payment_method, kind) do update set
      count = d.count + excluded.count, amount = d.amount + excluded.amount, fee = d.fee + excluded.fee,
      refunded_amount = d.refunded_amount + excluded.refunded_amount,
      refunded_fee = d.refunded_fee + excluded.refunded_fee;
    insert into tip_status_counts as s (tipjar_id, status, shard, count)
    select tipjar_id, status, mod(txid_current(), 8)::smallint, sum(sign)
    from (select 1 as sign, * from new_rows union all select -1 as sign, * from old_rows) c
    group by 1, 2, 3
    having sum(sign) <> 0
    order by 1, 2, 3
    on conflict (tipjar_id, status, shard) do update set count = s.count + excluded.count;
  END IF;
  RETURN NULL;
END
$function$;
