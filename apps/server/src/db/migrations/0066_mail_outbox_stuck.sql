-- Issue 37 point 5 (docs/decisions/0083 addendum): the client list tells the adviser how many of the product's clients
-- have a latest invitation or report mail that cannot leave, not only those on the page. Only stuck mails are in
-- this index (a failed attempt, or given up), so a healthy account reads nothing.
CREATE INDEX "mail_outbox_stuck_idx" ON "mail_outbox" USING btree ("account_id","created_at") WHERE "status" = 'FAILED' or ("status" <> 'SENT' and "last_error" is not null);
