CREATE TABLE "bonus_audio_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"episode_id" uuid NOT NULL,
	"type" text NOT NULL,
	"total" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"completed_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_audio_uploads_received_check" CHECK ("bonus_audio_uploads"."received" >= 0 and "bonus_audio_uploads"."received" <= "bonus_audio_uploads"."total")
);
--> statement-breakpoint
ALTER TABLE "bonus_audio_uploads" ADD CONSTRAINT "bonus_audio_uploads_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "public"."tipjars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_audio_uploads" ADD CONSTRAINT "bonus_audio_uploads_episode_id_bonus_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."bonus_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_audio_uploads_episode_idx" ON "bonus_audio_uploads" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "bonus_audio_uploads_created_idx" ON "bonus_audio_uploads" USING btree ("created");