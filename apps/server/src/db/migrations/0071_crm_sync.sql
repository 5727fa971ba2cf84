-- Issue 38 point 4 (docs/decisions/0094): CRM sync. An account's connection per CRM (OAuth tokens encrypted), the
-- OAuth attempts waiting for their callback (single use, ten minutes), and each client's sync state per connection.
CREATE TABLE "crm_connections" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id"),
  "provider" text NOT NULL,
  "status" text DEFAULT 'CONNECTED' NOT NULL,
  "access_token_encrypted" text NOT NULL,
  "refresh_token_encrypted" text,
  "access_expires_at" timestamp with time zone,
  "instance_url" text,
  "field_mapping" jsonb,
  "connected_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "connected_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_full_sync_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "crm_connections_account_provider_uq" ON "crm_connections" USING btree ("account_id","provider");
--> statement-breakpoint
CREATE INDEX "crm_connections_connected_by_idx" ON "crm_connections" USING btree ("connected_by");
--> statement-breakpoint
CREATE TABLE "crm_oauth_states" (
  "state_hash" text PRIMARY KEY NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id"),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "provider" text NOT NULL,
  "code_verifier" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "crm_oauth_states_account_idx" ON "crm_oauth_states" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "crm_oauth_states_user_idx" ON "crm_oauth_states" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "crm_sync_states" (
  "client_id" uuid NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
  "connection_id" uuid NOT NULL REFERENCES "crm_connections"("id") ON DELETE cascade,
  "account_id" uuid NOT NULL,
  "status" text DEFAULT 'PENDING' NOT NULL,
  "external_contact_id" text,
  "last_synced_at" timestamp with time zone,
  "last_error_key" text,
  "last_error" text,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now(),
  PRIMARY KEY ("client_id", "connection_id")
);
--> statement-breakpoint
CREATE INDEX "crm_sync_states_due_idx" ON "crm_sync_states" USING btree ("next_attempt_at") WHERE "next_attempt_at" is not null;
--> statement-breakpoint
CREATE INDEX "crm_sync_states_connection_idx" ON "crm_sync_states" USING btree ("connection_id","status");
