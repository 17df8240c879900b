-- Empties recurring_tip_totals when recurring_tips is truncated (decision 052). Run by the trigger
-- recurring_tip_totals_truncate on recurring_tips (migration 0024).
--
-- This file is the function's live definition (decision 073): migrating (npm run db:migrate, or a
-- start outside production) puts it into the database after the migrations if the database holds
-- anything else, and production refuses such a database (db/trigger-functions.ts);
-- test/db/trigger-functions.api.test.ts checks that the database holds exactly the statement below.
-- Change the function here, never in a migration. The statement is written as pg_get_functiondef
-- prints it, without the schema.
CREATE OR REPLACE FUNCTION recurring_tip_totals_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM recurring_tip_totals;
  RETURN NULL;
END
$function$;
