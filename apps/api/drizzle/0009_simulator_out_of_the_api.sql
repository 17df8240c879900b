-- The OPP simulator is its own app with its own migrations (apps/opp-simulator): a production
-- database never holds its tables. A development database loses its simulated provider state here
-- (delete ./data and start again for fresh demo data).
DROP TABLE IF EXISTS "sim_idempotency_keys" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "sim_notifications" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "sim_objects" CASCADE;
