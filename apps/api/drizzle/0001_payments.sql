CREATE TABLE "opp_notifications" (
	"uid" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_type" text NOT NULL,
	"object_uid" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opp_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text NOT NULL,
	"opp_uid" text,
	"status" text,
	"amount" integer NOT NULL,
	"merchant_uid" text NOT NULL,
	"redirect_url" text,
	"request" jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"object_uid" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "sim_notifications" (
	"uid" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_objects" (
	"uid" text PRIMARY KEY NOT NULL,
	"object_type" text NOT NULL,
	"parent_uid" text,
	"data" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "opp_transactions_opp_uid_key" ON "opp_transactions" USING btree ("opp_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "opp_transactions_idempotency_key" ON "opp_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "opp_transactions_owner_attempt_key" ON "opp_transactions" USING btree ("kind","owner_id","attempt");--> statement-breakpoint
CREATE INDEX "opp_transactions_status_updated_index" ON "opp_transactions" USING btree ("status","updated");--> statement-breakpoint
CREATE INDEX "sim_notifications_delivered_at_index" ON "sim_notifications" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "sim_objects_object_type_parent_uid_index" ON "sim_objects" USING btree ("object_type","parent_uid");