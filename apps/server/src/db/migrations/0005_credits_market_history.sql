CREATE TABLE "market_history" (
	"date" text PRIMARY KEY NOT NULL,
	"price" double precision NOT NULL,
	"dividend" double precision,
	"cpi" double precision,
	"long_rate" double precision
);
--> statement-breakpoint
CREATE TABLE "market_history_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"row_count" integer NOT NULL,
	"first_date" text NOT NULL,
	"last_date" text NOT NULL,
	"sha256" text NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dismissed_notices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "unlocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD COLUMN "unlocked_by" uuid;--> statement-breakpoint
ALTER TABLE "market_history_imports" ADD CONSTRAINT "market_history_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_history_imports_imported_by_idx" ON "market_history_imports" USING btree ("imported_by");--> statement-breakpoint
ALTER TABLE "interaction_instances" ADD CONSTRAINT "interaction_instances_unlocked_by_users_id_fk" FOREIGN KEY ("unlocked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interaction_instances_unlocked_by_idx" ON "interaction_instances" USING btree ("unlocked_by");