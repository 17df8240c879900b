CREATE TABLE "tip_daily_totals" (
	"tipjar_id" uuid NOT NULL,
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tip_daily_totals_tipjar_id_day_payment_method_pk" PRIMARY KEY("tipjar_id","day","payment_method")
);
--> statement-breakpoint
CREATE TABLE "tip_status_counts" (
	"tipjar_id" uuid NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tip_status_counts_tipjar_id_status_shard_pk" PRIMARY KEY("tipjar_id","status","shard")
);
--> statement-breakpoint
DROP INDEX "tips_status_idx";--> statement-breakpoint
CREATE INDEX "tip_daily_totals_day_idx" ON "tip_daily_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "recurring_tips_chargeable_tipjar_idx" ON "recurring_tips" USING btree ("tipjar_id","amount") WHERE status = 'active' and mandate_status = 'valid';--> statement-breakpoint
CREATE INDEX "tips_tipjar_created_idx" ON "tips" USING btree ("tipjar_id","created","id","updated","amount","status");--> statement-breakpoint
CREATE INDEX "tips_tipjar_amount_idx" ON "tips" USING btree ("tipjar_id","amount","updated","id");--> statement-breakpoint
CREATE INDEX "tips_tipjar_status_idx" ON "tips" USING btree ("tipjar_id","status","updated","id");--> statement-breakpoint
CREATE INDEX "tips_tipjar_status_created_idx" ON "tips" USING btree ("tipjar_id","status","created","id","updated","amount");--> statement-breakpoint
CREATE INDEX "tips_tipjar_status_amount_idx" ON "tips" USING btree ("tipjar_id","status","amount","updated","id");--> statement-breakpoint
CREATE INDEX "tips_amount_idx" ON "tips" USING btree ("amount","updated","id");--> statement-breakpoint
CREATE INDEX "tips_status_updated_idx" ON "tips" USING btree ("status","updated","id");--> statement-breakpoint
-- Decision 018: the aggregates follow every change of tips in the same transaction, by one
-- statement-level trigger per kind of change over its transition tables (a bulk insert is aggregated
-- once, not row by row). A change that moves no aggregate (say, only `updated`) writes nothing, and the
-- rows are written in key order, so two transactions take their locks in the same order.
CREATE FUNCTION "tips_aggregates_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'select 1 as sign, * from new_rows'
    WHEN 'DELETE' THEN 'select -1 as sign, * from old_rows'
    ELSE 'select 1 as sign, * from new_rows union all select -1 as sign, * from old_rows'
  END;
  EXECUTE format($q$
    insert into tip_daily_totals as d (tipjar_id, day, payment_method, count, amount, fee, refunded_amount, refunded_fee)
    select tipjar_id, (completed_at at time zone 'Europe/Amsterdam')::date, coalesce(payment_method, 'unknown'),
           sum(sign), sum(sign * amount), sum(sign * fee), sum(sign * refunded_amount), sum(sign * refunded_fee)
    from (%s) c
    where completed_at is not null
    group by 1, 2, 3
    having sum(sign) <> 0 or sum(sign * amount) <> 0 or sum(sign * fee) <> 0
        or sum(sign * refunded_amount) <> 0 or sum(sign * refunded_fee) <> 0
    order by 1, 2, 3
    on conflict (tipjar_id, day, payment_method) do update set
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
CREATE FUNCTION "tips_aggregates_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tip_daily_totals;
  DELETE FROM tip_status_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tips_aggregates_insert" AFTER INSERT ON "tips" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tips_aggregates_apply"();
--> statement-breakpoint
CREATE TRIGGER "tips_aggregates_update" AFTER UPDATE ON "tips" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tips_aggregates_apply"();
--> statement-breakpoint
CREATE TRIGGER "tips_aggregates_delete" AFTER DELETE ON "tips" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tips_aggregates_apply"();
--> statement-breakpoint
CREATE TRIGGER "tips_aggregates_truncate" AFTER TRUNCATE ON "tips"
  FOR EACH STATEMENT EXECUTE FUNCTION "tips_aggregates_truncate"();
--> statement-breakpoint
-- Backfill, after the triggers exist: creating them locked tips against writes until this commits.
INSERT INTO "tip_daily_totals" (tipjar_id, day, payment_method, count, amount, fee, refunded_amount, refunded_fee)
SELECT tipjar_id, (completed_at at time zone 'Europe/Amsterdam')::date, coalesce(payment_method, 'unknown'),
       count(*), sum(amount), sum(fee), sum(refunded_amount), sum(refunded_fee)
FROM tips WHERE completed_at IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "tip_status_counts" (tipjar_id, status, shard, count)
SELECT tipjar_id, status, hashtext(id::text) & 7, count(*) FROM tips GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Search: trigram indexes where the pg_trgm extension is available (PostgreSQL contrib; PGlite when
-- loaded). Without them search still works, by scanning.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created: search without trigram indexes';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "tips_display_name_trgm_idx" ON "tips" USING gin ("display_name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "tips_message_trgm_idx" ON "tips" USING gin ("message" gin_trgm_ops);
  END IF;
END
$$;
