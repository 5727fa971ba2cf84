CREATE TABLE "verification_resend_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_hash" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "invitation_valid_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD COLUMN "report_link_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "platform_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "verification_resend_requests_email_idx" ON "verification_resend_requests" USING btree ("email_hash","created_at");--> statement-breakpoint
CREATE INDEX "verification_resend_requests_ip_idx" ON "verification_resend_requests" USING btree ("ip","created_at");--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_invitation_valid_days_ck" CHECK ("product_configurations"."invitation_valid_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_report_link_days_ck" CHECK ("product_configurations"."report_link_days" between 1 and 365);