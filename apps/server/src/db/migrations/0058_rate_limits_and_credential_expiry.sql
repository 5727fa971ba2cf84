-- Issue 36 point 14 (docs/decisions/0072). 1) The general rate limit on public writes: counts per bucket, hashed
-- caller and minute, shared by every API process. 2) API credentials expire: existing ones get 90 days from now
-- (no credential that works today stops without notice; the members page shows the date).
CREATE TABLE "rate_limit_hits" (
  "bucket" text NOT NULL,
  "key_hash" text NOT NULL,
  "window_start" timestamp with time zone NOT NULL,
  "hits" integer DEFAULT 1 NOT NULL,
  CONSTRAINT "rate_limit_hits_bucket_key_hash_window_start_pk" PRIMARY KEY ("bucket", "key_hash", "window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" ("window_start");
--> statement-breakpoint
ALTER TABLE "api_credentials" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "api_credentials" SET "expires_at" = now() + interval '90 days';
--> statement-breakpoint
ALTER TABLE "api_credentials" ALTER COLUMN "expires_at" SET NOT NULL;
