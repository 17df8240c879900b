ALTER TABLE "tips" ADD COLUMN "read_on_air" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "boost_moment" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "read_on_air_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tips_episode_boosts_idx" ON "tips" USING btree ("episode_id","boost_moment","created") WHERE read_on_air;