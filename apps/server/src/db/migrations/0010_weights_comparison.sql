CREATE TABLE "client_weight_profiles" (
	"client_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weight_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"name" text NOT NULL,
	"weights" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_weight_profiles" ADD CONSTRAINT "client_weight_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_weight_profiles" ADD CONSTRAINT "client_weight_profiles_profile_id_weight_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."weight_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_weight_profiles" ADD CONSTRAINT "client_weight_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_weight_profiles" ADD CONSTRAINT "client_weight_profiles_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_profiles" ADD CONSTRAINT "weight_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_profiles" ADD CONSTRAINT "weight_profiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_weight_profiles_client_product_uq" ON "client_weight_profiles" USING btree ("client_id","product_type");--> statement-breakpoint
CREATE INDEX "client_weight_profiles_profile_idx" ON "client_weight_profiles" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "client_weight_profiles_account_idx" ON "client_weight_profiles" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "client_weight_profiles_assigned_by_idx" ON "client_weight_profiles" USING btree ("assigned_by");--> statement-breakpoint
CREATE UNIQUE INDEX "weight_profiles_account_product_name_uq" ON "weight_profiles" USING btree ("account_id","product_type","name");--> statement-breakpoint
CREATE INDEX "weight_profiles_created_by_idx" ON "weight_profiles" USING btree ("created_by");

-- Hand-written SQL (re-append at renumbering): none; every index of this migration is declared in schema/weights.ts.
