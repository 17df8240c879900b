-- Keeps tip_list_positions: tips per tip jar, status and bucket of each list order's leading columns
-- (tip_list_buckets), 8 shards by the writing transaction, from which a deep page finds where it
-- starts (decision 050). Run by the statement triggers tips_positions_insert, tips_positions_update
-- and tips_positions_delete on tips (migration 0023), after tips_aggregates_* (triggers of one event
-- fire in name order, so every writer locks the aggregates' rows in the same order).
--
-- This file is the function's live definition (decision 073): migrating (npm run db:migrate, or a
-- start outside production) puts it into the database after the migrations if the database holds
-- anything else, and production refuses such a database (db/trigger-functions.ts);
-- test/db/trigger-functions.api.test.ts checks that the database holds exactly the statement below.
-- Change the function here, never in a migration. The statement is written as pg_get_functiondef
-- prints it, without the schema.
CREATE OR REPLACE FUNCTION tips_positions_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    insert into tip_list_positions as p (tipjar_id, dimension, status, bucket, shard, count)
    select tipjar_id, k.dimension, status, k.bucket, mod(txid_current(), 8)::smallint, count(*)
    from new_rows cross join lateral tip_list_buckets(created, updated, amount) k
    group by 1, 2, 3, 4, 5
    order by 1, 2, 4, 3, 5
    on conflict (tipjar_id, dimension, bucket, status, shard) do update set count = p.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    insert into tip_list_positions as p (tipjar_id, dimension, status, bucket, shard, count)
    select tipjar_id, k.dimension, status, k.bucket, mod(txid_current(), 8)::smallint, -count(*)
    from old_rows cross join lateral tip_list_buckets(created, updated, amount) k
    group by 1, 2, 3, 4, 5
    order by 1, 2, 4, 3, 5
    on conflict (tipjar_id, dimension, bucket, status, shard) do update set count = p.count + excluded.count;
  ELSE
    -- An update: the new rows count, the old ones are taken back; a change that moves no bucket (a
    -- refund within the week, say) nets to nothing and writes nothing.
    insert into tip_list_positions as p (tipjar_id, dimension, status, bucket, shard, count)
    select tipjar_id, k.dimension, status, k.bucket, mod(txid_current(), 8)::smallint, sum(sign)
    from (select 1 as sign, tipjar_id, status, created, updated, amount from new_rows
          union all select -1, tipjar_id, status, created, updated, amount from old_rows) c
    cross join lateral tip_list_buckets(created, updated, amount) k
    group by 1, 2, 3, 4, 5
    having sum(sign) <> 0
    order by 1, 2, 4, 3, 5
    on conflict (tipjar_id, dimension, bucket, status, shard) do update set count = p.count + excluded.count;
  END IF;
  RETURN NULL;
END
$function$;
