-- ==== hand-written (docs/decisions/0053): a client's current portfolio, dated (issue 38 point 1, decision 0091) ====
-- Each save is a new row: earlier portfolios are kept with their date, and the latest (as_of, then created_at) is the
-- client's current one. Positions are stored as entered (asset class, weight in percent or amount); portfolio_class is
-- the class on the model portfolios' 1-7 scale from the market history at the save (null without history), which the
-- client list's "portfolio above profile" filter compares with the suitable class of the latest result.
CREATE TABLE "client_portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"as_of" date NOT NULL,
	"positions" jsonb NOT NULL,
	"portfolio_class" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "client_portfolios_class_ck" CHECK ("portfolio_class" BETWEEN 1 AND 7)
);
--> statement-breakpoint
ALTER TABLE "client_portfolios" ADD CONSTRAINT "client_portfolios_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_portfolios" ADD CONSTRAINT "client_portfolios_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "client_portfolios" ADD CONSTRAINT "client_portfolios_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The client's portfolios newest first (the current one and the history list).
CREATE INDEX "client_portfolios_client_as_of_idx" ON "client_portfolios" USING btree ("client_id","as_of" DESC,"created_at" DESC);
--> statement-breakpoint
CREATE INDEX "client_portfolios_account_idx" ON "client_portfolios" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "client_portfolios_created_by_idx" ON "client_portfolios" USING btree ("created_by");
--> statement-breakpoint
-- A change tells the response cache (migration 0017) like every account table: the client list's
-- "portfolio above profile" filter reads it.
CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON "client_portfolios" FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_account_change();
--> statement-breakpoint
CREATE TRIGGER bq_data_truncated AFTER TRUNCATE ON "client_portfolios" FOR EACH STATEMENT
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_global_change();
