-- ==== hand-written (docs/decisions/0055, 0056): the firm's own branding, sender and host names ====
-- account_branding: one row per account that set any of it (logo, colours, firm name, address, footer line, the
-- operator's "powered by" switch, the account's own SMTP server with its password encrypted at rest). Read by uncached
-- routes, the mail outbox and the PDF renderer only, so it sends no change notifications (plugins/response-cache.test.ts).
CREATE TABLE "account_branding" (
  "account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "firm_name" text,
  "address" text,
  "footer_line" text,
  "primary_color" text,
  "accent_color" text,
  "logo" bytea,
  "logo_type" text,
  "logo_hash" text,
  "powered_by_hidden" boolean DEFAULT false NOT NULL,
  "smtp_host" text,
  "smtp_port" integer,
  "smtp_user" text,
  "smtp_password_encrypted" text,
  "smtp_from" text,
  "updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_branding_updated_by_idx" ON "account_branding" ("updated_by");
--> statement-breakpoint
-- Host names an operator assigned to an account: the sign-in page shows its branding there, and Caddy's on-demand
-- TLS asks GET /api/system/tls-allowed before it requests a certificate for one.
CREATE TABLE "account_hosts" (
  "host" text PRIMARY KEY NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_hosts_account_idx" ON "account_hosts" ("account_id");
--> statement-breakpoint
-- The sender's display name fixed when the mail is written ("<firm> via <platform>"); null: MAIL_FROM's own name.
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;
