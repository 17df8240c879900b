-- Decision 032: a tip jar's monthly goal (an amount in cents a month, or a number of monthly tippers)
-- and, per tip, whether its maker shows the tip's message on the storefront's supporter wall.
ALTER TABLE "tipjars" ADD COLUMN "goal_kind" text;--> statement-breakpoint
ALTER TABLE "tipjars" ADD COLUMN "goal_target" integer;--> statement-breakpoint
ALTER TABLE "tipjars" ADD CONSTRAINT "tipjars_goal_check" CHECK (("goal_kind" IS NULL AND "goal_target" IS NULL) OR ("goal_kind" IN ('AMOUNT', 'TIPPERS') AND "goal_target" > 0));--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "message_shown" boolean DEFAULT false NOT NULL;
