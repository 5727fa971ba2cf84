-- ==== hand-written (docs/decisions/0053): the account's own text in the notice before a questionnaire ====
-- The notice shown to candidates and employees before a selection, performance or self-assessment questionnaire
-- (what is assessed, how results are used, that a person decides, how long data is kept, who to contact) is the
-- platform's text in the participant's language; the account may add a contact and a text of its own. No row: none.
CREATE TABLE "account_assessment_notice" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"contact" text,
	"text" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_assessment_notice_contact_ck" CHECK (char_length("contact") <= 200),
	CONSTRAINT "account_assessment_notice_text_ck" CHECK (char_length("text") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "account_assessment_notice" ADD CONSTRAINT "account_assessment_notice_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_assessment_notice" ADD CONSTRAINT "account_assessment_notice_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "account_assessment_notice_updated_by_idx" ON "account_assessment_notice" USING btree ("updated_by");
--> statement-breakpoint
-- A change tells the response cache (migration 0017) like every account table, so no cached answer outlives it.
CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON "account_assessment_notice" FOR EACH ROW EXECUTE FUNCTION bq_notify_account_change();
