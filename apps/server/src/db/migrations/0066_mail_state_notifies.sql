-- Issue 37 point 5 (docs/decisions/0083 addendum): a client mail's delivery state is shown by cached answers (the
-- client list's rows and its notice, the client page), so a change of what the adviser reads (sent, failed, another
-- failed attempt, its reason) must drop that account's cached answers like any other data they show (docs/decisions/
-- 0027, with the switch of 0018). Only client mails (with an instance) notify, and only when their shown state moves:
-- the claim for sending (PENDING to SENDING) and the platform's own mails change nothing a cached answer shows.
CREATE FUNCTION bq_notify_mail_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.instance_id IS NOT NULL THEN PERFORM pg_notify('bq_data_changed', coalesce(OLD.account_id::text, 'global')); END IF;
  ELSIF NEW.instance_id IS NOT NULL AND (TG_OP = 'INSERT'
      OR NEW.status IN ('SENT', 'FAILED') AND NEW.status IS DISTINCT FROM OLD.status
      OR NEW.last_error IS DISTINCT FROM OLD.last_error
      OR NEW.attempts IS DISTINCT FROM OLD.attempts AND NEW.last_error IS NOT NULL) THEN
    PERFORM pg_notify('bq_data_changed', coalesce(NEW.account_id::text, 'global'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON mail_outbox FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_mail_change();
--> statement-breakpoint
CREATE TRIGGER bq_data_truncated AFTER TRUNCATE ON mail_outbox FOR EACH STATEMENT EXECUTE FUNCTION bq_notify_global_change();
--> statement-breakpoint
-- The client list's notice counts the product's clients whose latest client mail cannot leave, on every page. Only
-- stuck mails are in this index (a failed attempt, or given up), so an account whose mail flows reads nothing.
CREATE INDEX "mail_outbox_stuck_idx" ON "mail_outbox" USING btree ("account_id","created_at") WHERE "status" = 'FAILED' or ("status" <> 'SENT' and "last_error" is not null);
--> statement-breakpoint
-- A late bounce (a delivery report mailed back, POST /api/mail/bounces) names its mail by the Message-ID.
CREATE INDEX "mail_outbox_message_id_idx" ON "mail_outbox" USING btree ("message_id");
