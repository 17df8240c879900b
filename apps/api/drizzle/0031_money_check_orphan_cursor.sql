-- Issue 34.6: the money check reads the provider's transactions for strangers by date window, a lap over
-- successive runs; each run keeps the Unix second where its lap stopped.
ALTER TABLE "money_check_runs" ADD COLUMN "orphan_cursor" bigint;
