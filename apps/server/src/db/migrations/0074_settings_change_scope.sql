-- A narrower change scope beside the account's (docs/decisions/0096): 'settings:<account id>' for the rows that
-- configure an account and change rarely (its product configurations, its privacy policy). The account's own scope
-- moves with every answer a participant saves (interaction_instances notifies it), so what is kept per account under
-- that scope is dropped many times a second during a yearly review; kept under this one it lasts until the settings
-- change. Same switch as every notification (migration 0018): off, nothing is kept.
CREATE FUNCTION bq_notify_settings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('bq_data_changed', 'settings:' || OLD.account_id::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.account_id IS DISTINCT FROM OLD.account_id) THEN
    PERFORM pg_notify('bq_data_changed', 'settings:' || NEW.account_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bq_settings_changed AFTER INSERT OR UPDATE OR DELETE ON product_configurations FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_settings_change();
--> statement-breakpoint
CREATE TRIGGER bq_settings_changed AFTER INSERT OR UPDATE OR DELETE ON privacy_policies FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_settings_change();
