-- ==== hand-written (docs/decisions/0047): SCIM 2.0 provisioning of evaluators from the company's directory ====
-- scim_tokens: one bearer token per account, stored as its SHA-256 (looked up by it on every SCIM call). Read only by
-- uncached routes, so it sends no change notifications (plugins/response-cache.test.ts lists it as silent).
CREATE TABLE "scim_tokens" (
  "account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scim_tokens_token_hash_uq" ON "scim_tokens" ("token_hash");
--> statement-breakpoint
-- The directory's id of a user (externalId) and the moment it deleted the user (the row stays, deactivated).
ALTER TABLE "users" ADD COLUMN "scim_external_id" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_deleted_at" timestamp with time zone;
