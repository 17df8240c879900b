-- Decision 061: an account's e-mail address counts as its owner's only once proven (a confirmation
-- link mailed there was opened, or a reset link mailed there was used). Null: not proven. Existing
-- accounts start unproven: nothing so far showed they can read their address. Only the demo seed's
-- own addresses (which no one outside can receive mail at) count as proven.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" SET "email_verified_at" = "created"
  WHERE "email" IN ('admin@podpot.local', 'maker@podpot.local', 'listener@podpot.local');
--> statement-breakpoint
-- The account that gave a tip while signed in (or whose proven address it was given with): a
-- person's data export and erasure take only tips linked so, never ones merely matching an address.
ALTER TABLE "tips" ADD COLUMN "user_id" uuid;
--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "tips_user_idx" ON "tips" ("user_id", "created", "id") WHERE "user_id" IS NOT NULL;
