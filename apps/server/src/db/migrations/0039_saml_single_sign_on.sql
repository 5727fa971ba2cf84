-- ==== hand-written (docs/decisions/0050): SAML 2.0 single sign-on per account ====
-- sso_connections keeps the account's sign-in rules (domains, sign-on required, break-glass admin) and now says which
-- protocol its provider speaks; the OpenID Connect fields are empty for an account that signs in with SAML.
ALTER TABLE "sso_connections" ADD COLUMN "protocol" text DEFAULT 'OIDC' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "issuer" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "sso_connections" ALTER COLUMN "client_id" DROP NOT NULL;
--> statement-breakpoint
-- The account's SAML identity provider: its entity id, its single sign-on URL (HTTP-Redirect binding) and the
-- certificate whose key signs its assertions (PEM; public, shown to the admin).
CREATE TABLE "saml_connections" (
  "account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "idp_entity_id" text NOT NULL,
  "sso_url" text NOT NULL,
  "idp_certificate" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The AuthnRequests sent and not yet answered: an answer must name one of them (InResponseTo), and spends it.
CREATE TABLE "saml_requests" (
  "id" text PRIMARY KEY NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "redirect_url" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saml_requests_account_idx" ON "saml_requests" ("account_id");
--> statement-breakpoint
CREATE INDEX "saml_requests_expires_idx" ON "saml_requests" ("expires_at");
