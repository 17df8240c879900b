-- Empties tip_daily_totals and tip_status_counts when tips is truncated (decision 018). Run by the
-- trigger tips_aggregates_truncate on tips (migration 0013).
--
-- This file is the function's live definition (decision 073): migrating (npm run db:migrate, or a
-- start outside production) puts it into the database after the migrations if the database holds
-- anything else, and production refuses such a database (db/trigger-functions.ts);
-- test/db/trigger-functions.api.test.ts checks that the database holds exactly the statement below.
-- Change the function here, never in a migration. The statement is written as pg_get_functiondef
-- prints it, without the schema.
CREATE OR REPLACE FUNCTION tips_aggregates_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM tip_daily_totals;
  DELETE FROM tip_status_counts;
  RETURN NULL;
END
$function$;
