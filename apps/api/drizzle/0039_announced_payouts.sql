CREATE TABLE "announced_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"payout_id" text NOT NULL,
	"paid_at" timestamp with time zone,
	"amount_cents" integer NOT NULL,
	"event_id" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announced_payouts" ADD CONSTRAINT "announced_payouts_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announced_payouts_tipjar_payout_key" ON "announced_payouts" USING btree ("tipjar_id","payout_id");