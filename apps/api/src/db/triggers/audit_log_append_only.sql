-- Refuses every UPDATE, DELETE and TRUNCATE of audit_log, whoever asks (decision 033). Run by the
-- triggers audit_log_no_update (before update or delete, per row) and audit_log_no_truncate on
-- audit_log (migration 0017).
--
-- This file is the function's live definition (decision 073): migrating (npm run db:migrate, or a
-- start outside production) puts it into the database after the migrations if the database holds
-- anything else, and production refuses such a database (db/trigger-functions.ts);
-- test/db/trigger-functions.api.test.ts checks that the database holds exactly the statement below.
-- Change the function here, never in a migration. The statement is written as pg_get_functiondef
-- prints it, without the schema.
CREATE OR REPLACE FUNCTION audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$function$;
