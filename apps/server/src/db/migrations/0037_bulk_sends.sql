-- ==== hand-written (docs/decisions/0049): sending a questionnaire to many clients ====
-- One row per bulk send (options, counts, the cursor a resumed job goes on from) and the clients chosen at its start.
CREATE TABLE "bulk_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"product_configuration_id" uuid NOT NULL REFERENCES "product_configurations"("id"),
	"options" jsonb NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"mailed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cursor" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bulk_sends_account_idx" ON "bulk_sends" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "bulk_sends_user_idx" ON "bulk_sends" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "bulk_sends_product_config_idx" ON "bulk_sends" USING btree ("product_configuration_id");
--> statement-breakpoint
CREATE TABLE "bulk_send_clients" (
	"bulk_send_id" uuid NOT NULL REFERENCES "bulk_sends"("id") ON DELETE CASCADE,
	"client_id" uuid NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	PRIMARY KEY ("bulk_send_id", "client_id")
);
--> statement-breakpoint
CREATE INDEX "bulk_send_clients_client_idx" ON "bulk_send_clients" USING btree ("client_id");
