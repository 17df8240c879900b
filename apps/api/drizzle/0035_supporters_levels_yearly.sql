-- Issue 40: levels with a perk line, bonus episodes of the private supporter feed (and who fetched it), yearly tips and the feed URL's version on a recurring tip.
CREATE TABLE "bonus_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level_id" uuid,
	"audio_key" text,
	"audio_type" text,
	"audio_bytes" bigint,
	"duration" integer,
	"artwork_key" text,
	"artwork_type" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporter_feed_fetches" (
	"recurring_tip_id" uuid NOT NULL,
	"day" date NOT NULL,
	"network" text NOT NULL,
	CONSTRAINT "supporter_feed_fetches_recurring_tip_id_day_network_pk" PRIMARY KEY("recurring_tip_id","day","network")
);
--> statement-breakpoint
CREATE TABLE "tipjar_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"name" text NOT NULL,
	"perk" text DEFAULT '' NOT NULL,
	"unlocks_feed" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tipjar_levels_amount_check" CHECK ("tipjar_levels"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "recurring_tips" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_tips" ADD COLUMN "feed_token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_tips" ADD COLUMN "feed_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_episodes" ADD CONSTRAINT "bonus_episodes_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_episodes" ADD CONSTRAINT "bonus_episodes_level_id_tipjar_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."tipjar_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_feed_fetches" ADD CONSTRAINT "supporter_feed_fetches_recurring_tip_id_recurring_tips_id_fk" FOREIGN KEY ("recurring_tip_id") REFERENCES "public"."recurring_tips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipjar_levels" ADD CONSTRAINT "tipjar_levels_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_episodes_tipjar_published_idx" ON "bonus_episodes" USING btree ("tipjar_id","published_at" desc);--> statement-breakpoint
CREATE INDEX "tipjar_levels_tipjar_amount_idx" ON "tipjar_levels" USING btree ("tipjar_id","amount");