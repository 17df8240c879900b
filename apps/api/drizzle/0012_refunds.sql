CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tip_id" uuid NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"charge_id" uuid,
	"opp_transaction_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"fee_credit" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"idempotency_key" text,
	"idempotency_fingerprint" text,
	"provider_uid" text,
	"provider_status" text,
	"last_error" text,
	"invoice_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "tips_completed_tipjar_idx";--> statement-breakpoint
DROP INDEX "tips_completed_idx";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "refunded_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_tip_idempotency_key" ON "refunds" USING btree ("tip_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_uid_key" ON "refunds" USING btree ("provider_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_reversal_key" ON "refunds" USING btree ("opp_transaction_id","kind") WHERE source = 'provider';--> statement-breakpoint
CREATE INDEX "refunds_tip_idx" ON "refunds" USING btree ("tip_id","created");--> statement-breakpoint
CREATE INDEX "refunds_uninvoiced_idx" ON "refunds" USING btree ("tipjar_id","created") WHERE invoice_id is null and status = 'completed';--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "tips_paid_tipjar_idx" ON "tips" USING btree ("tipjar_id","completed_at","amount","fee","refunded_amount","refunded_fee","payment_method") WHERE completed_at is not null;--> statement-breakpoint
CREATE INDEX "tips_paid_idx" ON "tips" USING btree ("completed_at","amount","fee","refunded_amount","refunded_fee","payment_method") WHERE completed_at is not null;--> statement-breakpoint
-- Tips reversed before this migration: one provider reversal record each (wholly returned, its fee
-- credited by the next invoice), and counted as paid on the day they were.
INSERT INTO "refunds" ("tip_id", "tipjar_id", "charge_id", "opp_transaction_id", "kind", "source", "status", "amount", "fee_credit", "provider_status")
SELECT t."id", t."tipjar_id", c."id", coalesce(c."paid_transaction_id", o."id"),
       CASE WHEN t."status" = 'chargeback' THEN 'chargeback' ELSE 'refund' END, 'provider', 'completed', t."amount", t."fee", t."status"
FROM "tips" t
LEFT JOIN "recurring_tip_charges" c ON c."tip_id" = t."id"
LEFT JOIN LATERAL (SELECT "id" FROM "opp_transactions" WHERE "kind" = 'tip' AND "owner_id" = t."id" ORDER BY "attempt" DESC LIMIT 1) o ON true
WHERE t."status" IN ('refunded', 'chargeback') AND coalesce(c."paid_transaction_id", o."id") IS NOT NULL;--> statement-breakpoint
UPDATE "tips" SET "refunded_amount" = "amount", "refunded_fee" = "fee", "completed_at" = coalesce("completed_at", "updated")
WHERE "id" IN (SELECT "tip_id" FROM "refunds");
