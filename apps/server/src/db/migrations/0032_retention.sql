-- ==== retention per account (docs/decisions/0044) ====
-- The account's choices: advisory results 5 or 7 years after the relationship ends (never less than 5), selection
-- and performance data 1-36 months after the campaign or result. No row means the defaults.
CREATE TABLE "account_retention" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"advisory_years" integer DEFAULT 5 NOT NULL,
	"selection_months" integer DEFAULT 6 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_retention_advisory_years_ck" CHECK ("account_retention"."advisory_years" in (5, 7)),
	CONSTRAINT "account_retention_selection_months_ck" CHECK ("account_retention"."selection_months" between 1 and 36)
);
--> statement-breakpoint
ALTER TABLE "account_retention" ADD CONSTRAINT "account_retention_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_retention" ADD CONSTRAINT "account_retention_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "account_retention_updated_by_idx" ON "account_retention" USING btree ("updated_by");
