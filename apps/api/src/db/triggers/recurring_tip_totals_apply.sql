-- Keeps recurring_tip_totals: a tip jar's active monthly tips (status active, mandate valid) and their
-- monthly sum, 8 shards by the writing transaction (decision 052); a yearly tip counts a twelfth of
-- its amount, rounded down (monthlyEquivalent in packages/domain, decision 092). What left the figure is taken back,
-- what came in is added. Run by the row triggers recurring_tip_totals_insert, _update (of status,
-- mandate_status, amount, tipjar_id) and _delete on recurring_tips (migration 0024), each only WHEN
-- the monthly tip starts or stops counting or changes its amount or tip jar while it counts.
--
-- This file is the function's live definition (decision 073): migrating (npm run db:migrate, or a
-- start outside production) puts it into the database after the migrations if the database holds
-- anything else, and production refuses such a database (db/trigger-functions.ts);
-- test/db/trigger-functions.api.test.ts checks that the database holds exactly the statement below.
-- Change the function here, never in a migration. The statement is written as pg_get_functiondef
-- prints it, without the schema.
CREATE OR REPLACE FUNCTION recurring_tip_totals_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' AND OLD.mandate_status = 'valid' THEN
    insert into recurring_tip_totals as r (tipjar_id, shard, active, monthly_sum)
    values (OLD.tipjar_id, mod(txid_current(), 8)::smallint, -1,
      -(CASE WHEN OLD."interval" = 'year' THEN OLD.amount / 12 ELSE OLD.amount END))
    on conflict (tipjar_id, shard) do update
      set active = r.active + excluded.active, monthly_sum = r.monthly_sum + excluded.monthly_sum;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'active' AND NEW.mandate_status = 'valid' THEN
    insert into recurring_tip_totals as r (tipjar_id, shard, active, monthly_sum)
    values (NEW.tipjar_id, mod(txid_current(), 8)::smallint, 1,
      CASE WHEN NEW."interval" = 'year' THEN NEW.amount / 12 ELSE NEW.amount END)
    on conflict (tipjar_id, shard) do update
      set active = r.active + excluded.active, monthly_sum = r.monthly_sum + excluded.monthly_sum;
  END IF;
  RETURN NULL;
END
$function$;
