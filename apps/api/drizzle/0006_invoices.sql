CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"period" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"lines" jsonb NOT NULL,
	"total_ex_vat" integer NOT NULL,
	"vat" integer NOT NULL,
	"total_incl_vat" integer NOT NULL,
	"issued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_seq_key" ON "invoices" USING btree ("year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tipjar_period_key" ON "invoices" USING btree ("tipjar_id","period");--> statement-breakpoint
CREATE INDEX "invoices_tipjar_created_idx" ON "invoices" USING btree ("tipjar_id","created");--> statement-breakpoint
CREATE INDEX "invoices_updated_idx" ON "invoices" USING btree ("updated","id");--> statement-breakpoint
CREATE INDEX "invoices_drafts_idx" ON "invoices" USING btree ("created") WHERE status = 'draft';