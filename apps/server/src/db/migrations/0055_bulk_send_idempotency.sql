-- A bulk send's start taken once per Idempotency-Key (issue 36 point 14, review L13): a client that retries the
-- start after a lost answer gets the send it already started, not a second one that invites everyone again.
ALTER TABLE "bulk_sends" ADD COLUMN "idempotency_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_sends_idempotency_uq" ON "bulk_sends" ("account_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;
