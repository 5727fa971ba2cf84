-- ==== hand-written (docs/decisions/0057): mails the outbox dispatcher sends without a job of their own ====
-- A bulk send's invitations get no pg-boss job each (100,000 job rows, and a queue fetch that sorts them all): they
-- carry the time from which the worker's outbox dispatcher may send them. NULL: the mail has its own delivery job.
ALTER TABLE "mail_outbox" ADD COLUMN "dispatch_after" timestamp with time zone;
--> statement-breakpoint
-- The dispatcher's claim: the accounts with due mail (a skip scan over account_id), then each account's oldest.
CREATE INDEX "mail_outbox_dispatch_idx" ON "mail_outbox" USING btree ("account_id", "dispatch_after") WHERE "status" = 'PENDING' AND "dispatch_after" IS NOT NULL;
