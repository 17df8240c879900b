CREATE TABLE "sim_idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"object_uid" text,
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
CREATE INDEX "sim_notifications_delivered_at_index" ON "sim_notifications" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "sim_objects_object_type_parent_uid_index" ON "sim_objects" USING btree ("object_type","parent_uid");