-- Issue 34.6: the money check compares our transactions with the provider in a walk over successive runs
-- (oldest first, from where the last run stopped), so every row is compared within a lap of runs. Each run
-- keeps where it stopped and how much of the whole it covered.
ALTER TABLE "money_check_runs" ADD COLUMN "provider_cursor" jsonb;
--> statement-breakpoint
ALTER TABLE "money_check_runs" ADD COLUMN "coverage" jsonb;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opp_transactions_created_id_idx" ON "opp_transactions" ("created", "id") WHERE "opp_uid" IS NOT NULL;
