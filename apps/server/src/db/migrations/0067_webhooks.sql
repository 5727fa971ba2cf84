-- Issue 38 point 3 (docs/decisions/0090): signed webhooks. An account's endpoints, and one delivery row per event and
-- endpoint, written in the transaction of the change that caused the event and sent by the worker.
CREATE TABLE "webhook_endpoints" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id"),
  "url" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "events" text[] NOT NULL,
  "include_personal_data" boolean DEFAULT false NOT NULL,
  "secret_encrypted" text NOT NULL,
  "previous_secret_encrypted" text,
  "previous_secret_until" timestamp with time zone,
  "status" text DEFAULT 'ACTIVE' NOT NULL,
  "paused_reason" text,
  "failures_in_row" integer DEFAULT 0 NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "webhook_endpoints" USING btree ("account_id");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
  "account_id" uuid NOT NULL,
  "message_id" text NOT NULL,
  "event" text NOT NULL,
  "body" text NOT NULL,
  "status" text DEFAULT 'PENDING' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "give_up_at" timestamp with time zone DEFAULT now() + interval '3 days' NOT NULL,
  "last_attempt_at" timestamp with time zone,
  "response_code" integer,
  "last_error" text,
  "delivered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The worker's claim reads only what is due: pending deliveries and leases that ran out.
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "status" in ('PENDING', 'SENDING');
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");
--> statement-breakpoint
-- interaction.expired has no write that causes it (time does): the worker's sweep marks each expired questionnaire once.
CREATE TABLE "webhook_expiry_marks" (
  "instance_id" uuid PRIMARY KEY NOT NULL REFERENCES "interaction_instances"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
