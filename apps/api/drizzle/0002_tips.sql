CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"privacy" text DEFAULT 'NAME_AND_AMOUNT' NOT NULL,
	"display_name" text,
	"message" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"payment_method" text,
	"recurring_tip_id" uuid,
	"idempotency_key" text,
	"completed_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_tipjar_idempotency_key" ON "tips" USING btree ("tipjar_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "tips_tipjar_updated_idx" ON "tips" USING btree ("tipjar_id","updated","id");--> statement-breakpoint
CREATE INDEX "tips_status_idx" ON "tips" USING btree ("status");--> statement-breakpoint
CREATE INDEX "tips_updated_idx" ON "tips" USING btree ("updated","id");--> statement-breakpoint
CREATE INDEX "tips_created_idx" ON "tips" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "tips_completed_tipjar_idx" ON "tips" USING btree ("tipjar_id","completed_at","amount","fee","payment_method") WHERE status = 'completed';--> statement-breakpoint
CREATE INDEX "tips_completed_idx" ON "tips" USING btree ("completed_at","amount","fee","payment_method") WHERE status = 'completed';