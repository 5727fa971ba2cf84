-- ==== hand-written (docs/decisions/0042): an account may require a second factor of all its evaluators ====
-- second_factor_required_since: when the account admin switched the requirement on (null: off); grace days count from
-- it, or from a user's creation if later. Sessions carry the resulting deadline (plugins/sessions.ts), so a change of
-- these columns or of a user's confirmed factor must end the cached sessions of the account on every process: both
-- send 'sessions:<account id>' like a user row change does (migration 0019). Code use (last_used_step) sends nothing.
ALTER TABLE "accounts" ADD COLUMN "second_factor_required_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "second_factor_grace_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_second_factor_grace_days_range" CHECK ("second_factor_grace_days" BETWEEN 0 AND 30);
--> statement-breakpoint
CREATE FUNCTION bq_notify_account_sessions_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bq_data_changed', 'sessions:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bq_account_second_factor_changed AFTER UPDATE OF second_factor_required_since, second_factor_grace_days ON accounts FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_account_sessions_change();
--> statement-breakpoint
CREATE FUNCTION bq_notify_user_factor_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account uuid;
BEGIN
  SELECT account_id INTO account FROM users WHERE id = COALESCE(NEW.user_id, OLD.user_id);
  IF account IS NOT NULL THEN
    PERFORM pg_notify('bq_data_changed', 'sessions:' || account::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bq_user_factor_changed AFTER INSERT OR DELETE OR UPDATE OF confirmed_at ON user_totp FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_user_factor_change();
