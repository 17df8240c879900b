-- Two-step login (issue 15, decision 036). The flag on users is what every authenticated request reads
-- (the session's actor); the secrets live in a table of their own that no user answer ever selects.
ALTER TABLE "users" ADD COLUMN "two_step_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "user_two_step" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	-- AES-256-GCM of the base32 TOTP secret, once confirmed; null while only a setup is pending.
	"secret" text,
	-- A setup started but not yet confirmed with a code (encrypted like "secret").
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	-- The last TOTP time step (30 s) that was accepted: a code of that step or older is refused.
	"last_step" bigint,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	-- SHA-256 (hex) of the code; the code itself is shown once and never stored.
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_recovery_codes_user_idx" ON "user_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	-- SHA-256 (hex) of the device token the browser keeps.
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_devices_token_hash_key" ON "trusted_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "trusted_devices_user_idx" ON "trusted_devices" USING btree ("user_id");
