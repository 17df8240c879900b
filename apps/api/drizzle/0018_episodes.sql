-- Decision 034 (issue 14 part 2): a podcast's episodes, read from the tip jar's feed by the refresh job,
-- tipped one by one, counted per episode. Episode rows are never deleted (a tip keeps its episode's
-- title): an episode the feed dropped is only marked removed_at.
CREATE TABLE "episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL REFERENCES "tipjars"("id") ON DELETE cascade,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"number" integer,
	"season" integer,
	"published_at" timestamp with time zone,
	"link" text,
	"duration" integer,
	"removed_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "episodes_tipjar_guid_key" ON "episodes" USING btree ("tipjar_id","guid");--> statement-breakpoint
CREATE INDEX "episodes_tipjar_newest_idx" ON "episodes" USING btree ("tipjar_id","published_at" DESC NULLS LAST,"title");--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "episode_id" uuid REFERENCES "episodes"("id") ON DELETE restrict;--> statement-breakpoint
CREATE INDEX "tips_episode_idx" ON "tips" USING btree ("episode_id","updated","id") WHERE "episode_id" is not null;--> statement-breakpoint
CREATE TABLE "feed_refreshes" (
	"tipjar_id" uuid PRIMARY KEY NOT NULL REFERENCES "tipjars"("id") ON DELETE cascade,
	"feed_url" text NOT NULL,
	"checked_at" timestamp with time zone,
	"last_fetched_at" timestamp with time zone,
	"etag" text,
	"last_modified" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"stopped_at" timestamp with time zone,
	"funding_linked" boolean,
	"leased_until" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
