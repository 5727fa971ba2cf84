-- ==== hand-written (docs/decisions/0048): the client import matches rows to clients by e-mail or by the bank's own
-- client number. external_id is that number as the file gives it (optional); one client per number and account, so a
-- re-import updates instead of doubling. Partial: clients without a number (all before this migration) take no entry.
ALTER TABLE "clients" ADD COLUMN "external_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "clients_account_external_id_uq" ON "clients" USING btree ("account_id","external_id") WHERE "external_id" IS NOT NULL;
