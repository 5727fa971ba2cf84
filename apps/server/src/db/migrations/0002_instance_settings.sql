ALTER TABLE "interaction_instances" ADD COLUMN "auto_reminder" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "auto_send_report" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "filled_at" timestamp with time zone;