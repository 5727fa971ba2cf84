-- The mail scope beside the account's (docs/decisions/0096): a client mail whose shown state moves (migration 0066)
-- now also notifies 'mail:<account id>', so what an API process keeps of the account's mail states (the client list's
-- notice of mail that cannot leave, db/account-memo.ts) ends with it, and not with every answer a participant saves.
CREATE OR REPLACE FUNCTION bq_notify_mail_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.instance_id IS NOT NULL THEN
      PERFORM pg_notify('bq_data_changed', coalesce(OLD.account_id::text, 'global'));
      PERFORM pg_notify('bq_data_changed', 'mail:' || coalesce(OLD.account_id::text, 'global'));
    END IF;
  ELSIF NEW.instance_id IS NOT NULL AND (TG_OP = 'INSERT'
      OR NEW.status IN ('SENT', 'FAILED') AND NEW.status IS DISTINCT FROM OLD.status
      OR NEW.last_error IS DISTINCT FROM OLD.last_error
      OR NEW.attempts IS DISTINCT FROM OLD.attempts AND NEW.last_error IS NOT NULL) THEN
    PERFORM pg_notify('bq_data_changed', coalesce(NEW.account_id::text, 'global'));
    PERFORM pg_notify('bq_data_changed', 'mail:' || coalesce(NEW.account_id::text, 'global'));
  END IF;
  RETURN NULL;
END $$;
