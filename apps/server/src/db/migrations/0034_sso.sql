-- ==== hand-written (docs/decisions/0046): single sign-on per account with OpenID Connect ====
-- sso_connections: one provider per account; the client secret only encrypted (plugins/data-encryption.ts, bound to
-- the account id). sso_domains: an e-mail domain belongs to at most one account (the primary key); nobody is routed by
-- it until a platform operator confirmed the claim.
CREATE TABLE "sso_connections" (
  "account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "issuer" text NOT NULL,
  "client_id" text NOT NULL,
  "client_secret_encrypted" text,
  "sign_on_required" boolean DEFAULT false NOT NULL,
  "break_glass_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_connections_break_glass_idx" ON "sso_connections" ("break_glass_user_id");
--> statement-breakpoint
CREATE TABLE "sso_domains" (
  "domain" text PRIMARY KEY NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "confirmed_at" timestamp with time zone,
  "confirmed_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_domains_account_idx" ON "sso_domains" ("account_id");
--> statement-breakpoint
CREATE INDEX "sso_domains_confirmed_by_idx" ON "sso_domains" ("confirmed_by");
