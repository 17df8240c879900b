-- A tip's bucket in each dimension of tip_list_positions, one row per dimension (decision 050): the
-- week of created, the week of updated, the amount, and amount x 10 000 + week of updated. Called by
-- tips_positions_apply, by the aggregates' drift check (statistics.scan.ts, the money check) and by
-- migration 0023's backfill. STABLE and one SELECT, so PostgreSQL inlines it into each caller.
--
-- This file is the function's live definition (decision 073): migrating (npm run db:migrate, or a
-- start outside production) puts it into the database after the migrations if the database holds
-- anything else, and production refuses such a database (db/trigger-functions.ts);
-- test/db/trigger-functions.api.test.ts checks that the database holds exactly the statement below.
-- Change the function here, never in a migration. The statement is written as pg_get_functiondef
-- prints it, without the schema.
CREATE OR REPLACE FUNCTION tip_list_buckets(created timestamp with time zone, updated timestamp with time zone, amount integer)
 RETURNS TABLE(dimension text, bucket bigint)
 LANGUAGE sql
 STABLE
AS $function$
  select * from (values
    ('created', floor(date_part('epoch', created))::bigint / 604800),
    ('updated', floor(date_part('epoch', updated))::bigint / 604800),
    ('amount', amount::bigint),
    ('amount_week', amount::bigint * 10000 + floor(date_part('epoch', updated))::bigint / 604800)) k
$function$;
