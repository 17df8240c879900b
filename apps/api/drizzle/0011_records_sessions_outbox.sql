CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_tipjar_id_tipjars_id_fk";
--> statement-breakpoint
ALTER TABLE "recurring_tips" DROP CONSTRAINT "recurring_tips_tipjar_id_tipjars_id_fk";
--> statement-breakpoint
ALTER TABLE "recurring_tips" DROP CONSTRAINT "recurring_tips_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tips" DROP CONSTRAINT "tips_tipjar_id_tipjars_id_fk";
--> statement-breakpoint
ALTER TABLE "recurring_tips" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "tipjars" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tips" ADD CONSTRAINT "recurring_tips_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tips" ADD CONSTRAINT "recurring_tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE restrict ON UPDATE no action;