-- Decision 064: the codes mailed to a feed's owner address and the wrong codes entered, kept a day so
-- the limits count per owner address, per feed and per account (not only per tip jar, whose budget
-- anonymous requests spent and which a maker multiplied by opening free tip jars).
CREATE TABLE "feed_verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"tipjar_id" uuid REFERENCES "tipjars"("id") ON DELETE SET NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"feed_url" text NOT NULL,
	"email" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_verification_events_kind_check" CHECK ("kind" in ('code', 'guess'))
);
--> statement-breakpoint
CREATE INDEX "feed_verification_events_email_idx" ON "feed_verification_events" ("email", "kind", "created");
--> statement-breakpoint
CREATE INDEX "feed_verification_events_feed_idx" ON "feed_verification_events" ("feed_url", "kind", "created");
--> statement-breakpoint
CREATE INDEX "feed_verification_events_user_idx" ON "feed_verification_events" ("user_id", "kind", "created");
