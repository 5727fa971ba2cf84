-- Issue 37 point 5 (docs/decisions/0083): a client's reply to an invitation, reminder or report reaches the adviser
-- who sent it, not the platform's no-reply address. Fixed when the mail is written, like from_name.
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;
