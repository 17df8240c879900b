-- Decision 052: the statistics' active monthly tips of a tip jar (status active, mandate valid) and
-- their monthly sum, kept per tip jar instead of counted over the chargeable monthly tips on every read
-- (an index-only scan of every one of them: 21 ms for 100 000, and 77-110 ms after a charge run had
-- touched them all and no vacuum had run yet). Sharded by the writing transaction like
-- tip_status_counts (decision 018); the figure is the sum of the shards.
CREATE TABLE "recurring_tip_totals" (
	"tipjar_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"monthly_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "recurring_tip_totals_pk" PRIMARY KEY("tipjar_id","shard")
);
--> statement-breakpoint
-- A row trigger, fired only when a monthly tip starts or stops counting, or changes its amount or tip
-- jar while it counts: the charge run's many updates of other columns (next charge, notices) do not
-- fire it at all. What left the figure is taken back, what came in is added.
CREATE FUNCTION "recurring_tip_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' AND OLD.mandate_status = 'valid' THEN
    insert into recurring_tip_totals as r (tipjar_id, shard, active, monthly_sum)
    values (OLD.tipjar_id, mod(txid_current(), 8)::smallint, -1, -OLD.amount)
    on conflict (tipjar_id, shard) do update
      set active = r.active + excluded.active, monthly_sum = r.monthly_sum + excluded.monthly_sum;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'active' AND NEW.mandate_status = 'valid' THEN
    insert into recurring_tip_totals as r (tipjar_id, shard, active, monthly_sum)
    values (NEW.tipjar_id, mod(txid_current(), 8)::smallint, 1, NEW.amount)
    on conflict (tipjar_id, shard) do update
      set active = r.active + excluded.active, monthly_sum = r.monthly_sum + excluded.monthly_sum;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "recurring_tip_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM recurring_tip_totals;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "recurring_tip_totals_insert" AFTER INSERT ON "recurring_tips" FOR EACH ROW
  WHEN (NEW.status = 'active' AND NEW.mandate_status = 'valid')
  EXECUTE FUNCTION "recurring_tip_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "recurring_tip_totals_update" AFTER UPDATE OF status, mandate_status, amount, tipjar_id ON "recurring_tips"
  FOR EACH ROW
  WHEN ((OLD.status = 'active' AND OLD.mandate_status = 'valid') IS DISTINCT FROM (NEW.status = 'active' AND NEW.mandate_status = 'valid')
        OR (NEW.status = 'active' AND NEW.mandate_status = 'valid' AND (OLD.amount <> NEW.amount OR OLD.tipjar_id <> NEW.tipjar_id)))
  EXECUTE FUNCTION "recurring_tip_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "recurring_tip_totals_delete" AFTER DELETE ON "recurring_tips" FOR EACH ROW
  WHEN (OLD.status = 'active' AND OLD.mandate_status = 'valid')
  EXECUTE FUNCTION "recurring_tip_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "recurring_tip_totals_truncate" AFTER TRUNCATE ON "recurring_tips"
  FOR EACH STATEMENT EXECUTE FUNCTION "recurring_tip_totals_truncate"();
--> statement-breakpoint
INSERT INTO "recurring_tip_totals" (tipjar_id, shard, active, monthly_sum)
SELECT tipjar_id, 0, count(*), sum(amount) FROM recurring_tips
WHERE status = 'active' AND mandate_status = 'valid'
GROUP BY tipjar_id;
--> statement-breakpoint
-- The statistics no longer count over this index; nothing else reads by it.
DROP INDEX "recurring_tips_chargeable_tipjar_idx";
