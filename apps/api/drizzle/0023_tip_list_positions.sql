-- Decision 050: where a page at a deep offset starts. Tips per tip jar, status and bucket of each
-- list order's leading columns — the week of `created`, the week of `updated`, the amount, and the
-- amount with the week of `updated` (amount × 10 000 + week, to place a row within one amount) — kept like
-- tip_status_counts (statement-level triggers over the transition tables, 8 shards by the writing
-- transaction). A page at skip N sums these buckets to find the bucket row N is in and how many rows
-- come before it, and walks only from that bucket's edge instead of past N index entries.
CREATE TABLE "tip_list_positions" (
	"tipjar_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"status" text NOT NULL,
	"bucket" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tip_list_positions_pk" PRIMARY KEY("tipjar_id","dimension","bucket","status","shard")
);
--> statement-breakpoint
-- A tip's bucket in each dimension: one row per dimension. The week is the whole seconds since the
-- epoch divided by 604 800 (integer division: floor for times after 1970, as every tip's are;
-- date_part's double is ~5× cheaper than extract's numeric); the lists' query finds a week's edges as
-- to_timestamp(week * 604800). STABLE and one SELECT, so PostgreSQL inlines it into each caller.
CREATE FUNCTION "tip_list_buckets"(created timestamptz, updated timestamptz, amount integer)
  RETURNS TABLE (dimension text, bucket bigint) LANGUAGE sql STABLE AS $$
  select * from (values
    ('created', floor(date_part('epoch', created))::bigint / 604800),
    ('updated', floor(date_part('epoch', updated))::bigint / 604800),
    ('amount', amount::bigint),
    ('amount_week', amount::bigint * 10000 + floor(date_part('epoch', updated))::bigint / 604800)) k
$$;
--> statement-breakpoint
CREATE FUNCTION "tips_positions_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE FUNCTION "tips_positions_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tip_list_positions;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named after tips_aggregates_*: triggers of one event fire in name order, so every writer locks the
-- aggregates' rows in the same order (daily totals, status counts, positions) and none waits in a circle.
CREATE TRIGGER "tips_positions_insert" AFTER INSERT ON "tips" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tips_positions_apply"();
--> statement-breakpoint
CREATE TRIGGER "tips_positions_update" AFTER UPDATE ON "tips" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tips_positions_apply"();
--> statement-breakpoint
CREATE TRIGGER "tips_positions_delete" AFTER DELETE ON "tips" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tips_positions_apply"();
--> statement-breakpoint
CREATE TRIGGER "tips_positions_truncate" AFTER TRUNCATE ON "tips"
  FOR EACH STATEMENT EXECUTE FUNCTION "tips_positions_truncate"();
--> statement-breakpoint
-- Backfill, after the triggers exist: creating them locked tips against writes until this commits.
INSERT INTO "tip_list_positions" (tipjar_id, dimension, status, bucket, shard, count)
SELECT tipjar_id, k.dimension, status, k.bucket, hashtext(id::text) & 7, count(*)
FROM tips CROSS JOIN LATERAL tip_list_buckets(created, updated, amount) k
GROUP BY 1, 2, 3, 4, 5;
