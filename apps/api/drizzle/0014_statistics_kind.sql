-- Decision 025: tip_daily_totals also splits by kind ('monthly' for a month of a monthly tip, 'one-off'
-- otherwise), for the one-off vs monthly chart and the monthly tippers per month. Tips are locked
-- against writes while the table is rebuilt from them, so no change slips between the rebuild and the
-- trigger that follows it.
LOCK TABLE "tips" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "tip_daily_totals" DROP CONSTRAINT "tip_daily_totals_tipjar_id_day_payment_method_pk";--> statement-breakpoint
DELETE FROM "tip_daily_totals";--> statement-breakpoint
ALTER TABLE "tip_daily_totals" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "tip_daily_totals" ADD CONSTRAINT "tip_daily_totals_tipjar_id_day_payment_method_kind_pk" PRIMARY KEY("tipjar_id","day","payment_method","kind");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tips_aggregates_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'select 1 as sign, * from new_rows'
    WHEN 'DELETE' THEN 'select -1 as sign, * from old_rows'
    ELSE 'select 1 as sign, * from new_rows union all select -1 as sign, * from old_rows'
  END;
  EXECUTE format($q$
    insert into tip_daily_totals as d (tipjar_id, day, payment_method, kind, count, amount, fee, refunded_amount, refunded_fee)
    select tipjar_id, (completed_at at time zone 'Europe/Amsterdam')::date, coalesce(payment_method, 'unknown'),
           case when recurring_tip_id is null then 'one-off' else 'monthly' end,
           sum(sign), sum(sign * amount), sum(sign * fee), sum(sign * refunded_amount), sum(sign * refunded_fee)
    from (%s) c
    where completed_at is not null
    group by 1, 2, 3, 4
    having sum(sign) <> 0 or sum(sign * amount) <> 0 or sum(sign * fee) <> 0
        or sum(sign * refunded_amount) <> 0 or sum(sign * refunded_fee) <> 0
    order by 1, 2, 3, 4
    on conflict (tipjar_id, day, payment_method, kind) do update set
      count = d.count + excluded.count, amount = d.amount + excluded.amount, fee = d.fee + excluded.fee,
      refunded_amount = d.refunded_amount + excluded.refunded_amount,
      refunded_fee = d.refunded_fee + excluded.refunded_fee$q$, changed);
  EXECUTE format($q$
    insert into tip_status_counts as s (tipjar_id, status, shard, count)
    select tipjar_id, status, mod(txid_current(), 8)::smallint, sum(sign)
    from (%s) c
    group by 1, 2, 3
    having sum(sign) <> 0
    order by 1, 2, 3
    on conflict (tipjar_id, status, shard) do update set count = s.count + excluded.count$q$, changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "tip_daily_totals" (tipjar_id, day, payment_method, kind, count, amount, fee, refunded_amount, refunded_fee)
SELECT tipjar_id, (completed_at at time zone 'Europe/Amsterdam')::date, coalesce(payment_method, 'unknown'),
       CASE WHEN recurring_tip_id IS NULL THEN 'one-off' ELSE 'monthly' END,
       count(*), sum(amount), sum(fee), sum(refunded_amount), sum(refunded_fee)
FROM tips WHERE completed_at IS NOT NULL GROUP BY 1, 2, 3, 4;
