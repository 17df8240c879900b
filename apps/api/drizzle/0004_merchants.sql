CREATE TABLE "opp_merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"merchant_uid" text NOT NULL,
	"type" text NOT NULL,
	"merchant_status" text NOT NULL,
	"compliance_status" text NOT NULL,
	"compliance_level" integer,
	"overview_url" text,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bank_account_uid" text,
	"bank_account_status" text,
	"bank_account_verification_url" text,
	"bank_account_iban" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opp_merchants" ADD CONSTRAINT "opp_merchants_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opp_merchants_tipjar_key" ON "opp_merchants" USING btree ("tipjar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opp_merchants_uid_key" ON "opp_merchants" USING btree ("merchant_uid");