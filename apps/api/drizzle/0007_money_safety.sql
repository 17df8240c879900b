CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_check_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"violations" integer NOT NULL,
	"details" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"refund_uid" text,
	"refund_status" text,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opp_transactions" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_tip_charges" ADD COLUMN "paid_transaction_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_incidents_transaction_key" ON "payment_incidents" USING btree ("kind","transaction_id");--> statement-breakpoint
CREATE INDEX "opp_transactions_open_checked_idx" ON "opp_transactions" USING btree ("checked_at") WHERE status is null or status in ('created', 'pending', 'planned');--> statement-breakpoint
UPDATE "recurring_tip_charges" SET "paid_transaction_id" = "opp_transaction_id" WHERE "status" IN ('completed', 'refunded', 'chargeback');
