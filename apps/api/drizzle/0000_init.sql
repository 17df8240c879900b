CREATE TABLE "faq_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"question" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_issuers" (
	"payment_method_id" uuid NOT NULL,
	"bic" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "payment_issuers_payment_method_id_bic_pk" PRIMARY KEY("payment_method_id","bic")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"type" text NOT NULL,
	"cost_total_with_tax" integer NOT NULL,
	"ordered_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipjar_admins" (
	"tipjar_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tipjar_admins_tipjar_id_user_id_pk" PRIMARY KEY("tipjar_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tipjars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"type" text DEFAULT 'CONSUMER' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"podcast_url" text,
	"rss_url" text,
	"image_url" text,
	"thank_you_message" text DEFAULT '' NOT NULL,
	"preset_amounts" jsonb DEFAULT '[300,500,1000]'::jsonb NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"company_name" text,
	"coc_number" text,
	"vat_number" text,
	"notify_on_tip" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'USER' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text,
	"address" jsonb,
	"locale" text DEFAULT 'en' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_issuers" ADD CONSTRAINT "payment_issuers_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipjar_admins" ADD CONSTRAINT "tipjar_admins_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipjar_admins" ADD CONSTRAINT "tipjar_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_items_active_priority_index" ON "faq_items" USING btree ("active","priority");--> statement-breakpoint
CREATE INDEX "payment_methods_active_priority_index" ON "payment_methods" USING btree ("active","priority");--> statement-breakpoint
CREATE INDEX "addons_tipjar_id_created_index" ON "addons" USING btree ("tipjar_id","created");--> statement-breakpoint
CREATE INDEX "tipjar_admins_user_id_index" ON "tipjar_admins" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tipjars_slug_key" ON "tipjars" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tipjars_status_index" ON "tipjars" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_index" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"));