-- Issue 37 point 5 (docs/decisions/0083 addendum): the firm's own reply address. A client's reply to an invitation,
-- reminder or report whose adviser is unknown or deactivated goes there instead of nowhere.
ALTER TABLE "account_branding" ADD COLUMN "reply_to" text;
