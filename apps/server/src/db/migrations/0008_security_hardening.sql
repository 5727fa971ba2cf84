ALTER TABLE "product_configurations" ADD COLUMN "invitation_valid_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "report_link_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_invitation_valid_days_ck" CHECK ("product_configurations"."invitation_valid_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_report_link_days_ck" CHECK ("product_configurations"."report_link_days" between 1 and 365);