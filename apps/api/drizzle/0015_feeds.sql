-- Decision 030 (issue 14): a tip jar's podcast feed. Artwork fetched from the feed is stored here (resized,
-- served from our URL, never hot-linked); a feed's ownership is confirmed by a code mailed to its owner
-- address, and a unique index keeps two tip jars from verifying one feed.
CREATE TABLE "artworks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"source_url" text,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tipjars" ADD COLUMN "artwork_id" uuid REFERENCES "artworks"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "tipjars" ADD COLUMN "feed_verified_url" text;--> statement-breakpoint
ALTER TABLE "tipjars" ADD COLUMN "feed_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "tipjars_feed_verified_url_key" ON "tipjars" USING btree ("feed_verified_url");--> statement-breakpoint
CREATE TABLE "feed_verifications" (
	"tipjar_id" uuid PRIMARY KEY NOT NULL REFERENCES "tipjars"("id") ON DELETE cascade,
	"feed_url" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
