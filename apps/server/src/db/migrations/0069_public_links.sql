-- Issue 38 point 5 (docs/decisions/0092): public start links. A link per product configuration that a firm puts on its
-- website or embeds, and the visitors' starts until their e-mail address is confirmed.
CREATE TABLE "public_links" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id"),
  "product_configuration_id" uuid NOT NULL REFERENCES "product_configurations"("id"),
  "public_id" text NOT NULL UNIQUE,
  "active" boolean DEFAULT true NOT NULL,
  "embed_origins" text[] DEFAULT '{}' NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "public_links_account_idx" ON "public_links" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "public_links_product_config_idx" ON "public_links" USING btree ("product_configuration_id");
--> statement-breakpoint
CREATE INDEX "public_links_created_by_idx" ON "public_links" USING btree ("created_by");
--> statement-breakpoint
CREATE TABLE "public_link_starts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "link_id" uuid NOT NULL REFERENCES "public_links"("id") ON DELETE cascade,
  "account_id" uuid NOT NULL REFERENCES "accounts"("id"),
  "first_name" text NOT NULL,
  "last_name" text NOT NULL,
  "email" text NOT NULL,
  "email_hash" text NOT NULL,
  "locale" text NOT NULL,
  "token_hash" text NOT NULL UNIQUE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "verified_at" timestamp with time zone,
  "client_id" uuid REFERENCES "clients"("id") ON DELETE set null,
  "instance_id" uuid REFERENCES "interaction_instances"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "public_link_starts_link_created_idx" ON "public_link_starts" USING btree ("link_id","created_at");
--> statement-breakpoint
CREATE INDEX "public_link_starts_email_hash_idx" ON "public_link_starts" USING btree ("email_hash","created_at");
--> statement-breakpoint
CREATE INDEX "public_link_starts_account_idx" ON "public_link_starts" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "public_link_starts_client_idx" ON "public_link_starts" USING btree ("client_id");
--> statement-breakpoint
CREATE INDEX "public_link_starts_instance_idx" ON "public_link_starts" USING btree ("instance_id");
--> statement-breakpoint
-- The worker's purge of unconfirmed starts whose link has expired reads only these.
CREATE INDEX "public_link_starts_pending_expiry_idx" ON "public_link_starts" USING btree ("expires_at") WHERE "verified_at" is null;
