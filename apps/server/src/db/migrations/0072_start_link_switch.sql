-- Issue 38 point 5 (docs/decisions/0092, addendum): an account-wide switch for every public start link (off: each link
-- answers as an unknown one, the links stay), and where a client came from (WEBSITE: a visitor of a start link).
ALTER TABLE "accounts" ADD COLUMN "public_links_enabled" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "source" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_source_ck" CHECK ("source" in ('WEBSITE'));
