-- Decision 062: adding an admin to a tip jar is an invitation the invitee accepts. One row per pending
-- invitation; accepting, declining and withdrawing delete it (the audit trail keeps what happened), and
-- an expired one is a dead row, removed when its tip jar's invitations are next touched. Only the
-- SHA-256 of the link's token is kept, as for reset links.
CREATE TABLE "tipjar_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipjar_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"locale" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tipjar_invitations_tipjar_id_tipjars_id_fk" FOREIGN KEY ("tipjar_id") REFERENCES "tipjars"("id") ON DELETE cascade,
	CONSTRAINT "tipjar_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tipjar_invitations_token_hash_key" ON "tipjar_invitations" ("token_hash");
--> statement-breakpoint
-- One invitation per address and tip jar: inviting again renews it (a new link, a new expiry).
CREATE UNIQUE INDEX "tipjar_invitations_address_key" ON "tipjar_invitations" ("tipjar_id", lower("email"));
