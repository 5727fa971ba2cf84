-- ==== hand-written (docs/decisions/0051, 0052): selection you can defend ====
-- Voluntary self-identification of candidates, kept apart from answers and results: one row per submitted instance,
-- never joined into a result, an export or a report; read only by the adverse-impact report as aggregates.
CREATE TABLE "self_identifications" (
	"instance_id" uuid PRIMARY KEY NOT NULL REFERENCES "interaction_instances"("id") ON DELETE CASCADE,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"client_id" uuid NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"sex" text,
	"age_band" text,
	"ethnic_group" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "self_identifications_account_idx" ON "self_identifications" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "self_identifications_client_idx" ON "self_identifications" USING btree ("client_id");
--> statement-breakpoint
-- Which categories an account asks, with which options (null: the US EEO-1 defaults).
CREATE TABLE "account_self_identification_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id"),
	"categories" jsonb NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_self_identification_settings_updated_by_idx" ON "account_self_identification_settings" USING btree ("updated_by");
--> statement-breakpoint
-- A person's decision on a selection result: append-only, the latest counts.
CREATE TABLE "result_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"instance_id" uuid NOT NULL REFERENCES "interaction_instances"("id") ON DELETE CASCADE,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"author_name" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_decisions_decision_ck" CHECK ("decision" IN ('advance', 'hold', 'reject'))
);
--> statement-breakpoint
CREATE INDEX "result_decisions_instance_idx" ON "result_decisions" USING btree ("instance_id","created_at");
--> statement-breakpoint
CREATE INDEX "result_decisions_account_idx" ON "result_decisions" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "result_decisions_user_idx" ON "result_decisions" USING btree ("user_id");
--> statement-breakpoint
-- The cells each adverse-impact report has shown (per cell: the people in it and whether each was selected), so a
-- later report never shows a cell that differs from a shown one by fewer than k people (docs/decisions/0051).
CREATE TABLE "fairness_report_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id"),
	"product_type" text NOT NULL,
	"cells" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fairness_report_releases_account_product_idx" ON "fairness_report_releases" USING btree ("account_id","product_type");
--> statement-breakpoint
-- The dashboard (cached, docs/decisions/0027) shows the decisions: a new one ends the account's cached answers.
CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON result_decisions FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_account_change();
--> statement-breakpoint
CREATE TRIGGER bq_data_truncated AFTER TRUNCATE ON result_decisions FOR EACH STATEMENT
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_global_change();
