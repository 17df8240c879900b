CREATE TABLE "recurring_tip_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recurring_tip_id" uuid NOT NULL,
	"period" text NOT NULL,
	"amount" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"via" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"tip_id" uuid,
	"opp_transaction_id" uuid,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"failure_reason" text,
	"claimed_until" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"next_amount" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"mandate_status" text DEFAULT 'pending' NOT NULL,
	"mandate_uid" text,
	"mandate_token" text,
	"payment_method" text,
	"charge_day" integer,
	"next_charge_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failure_reason" text,
	"pre_notified_period" text,
	"privacy" text DEFAULT 'NAME_AND_AMOUNT' NOT NULL,
	"display_name" text,
	"message" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_tips_charge_day_check" CHECK ("recurring_tips"."charge_day" between 1 and 28),
	CONSTRAINT "recurring_tips_amount_check" CHECK ("recurring_tips"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "recurring_tip_charges" ADD CONSTRAINT "recurring_tip_charges_recurring_tip_id_recurring_tips_id_fk" FOREIGN KEY ("recurring_tip_id") REFERENCES "public"."recurring_tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tip_charges" ADD CONSTRAINT "recurring_tip_charges_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tips" ADD CONSTRAINT "recurring_tips_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tips" ADD CONSTRAINT "recurring_tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_tip_charges_period_key" ON "recurring_tip_charges" USING btree ("recurring_tip_id","period");--> statement-breakpoint
CREATE INDEX "recurring_tip_charges_work_idx" ON "recurring_tip_charges" USING btree ("next_attempt_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "recurring_tips_user_created_idx" ON "recurring_tips" USING btree ("user_id","created","id");--> statement-breakpoint
CREATE INDEX "recurring_tips_tipjar_created_idx" ON "recurring_tips" USING btree ("tipjar_id","created","id");--> statement-breakpoint
CREATE INDEX "recurring_tips_created_idx" ON "recurring_tips" USING btree ("created","id");--> statement-breakpoint
CREATE INDEX "recurring_tips_due_idx" ON "recurring_tips" USING btree ("next_charge_at") WHERE status = 'active' and mandate_status = 'valid';