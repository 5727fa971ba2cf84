ALTER TABLE "interaction_instances" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "definition_version" integer;--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "results" jsonb;--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "error_key" text;