-- The viewer's anonymisation settings ride with the cached session (plugins/sessions.ts ViewerSettings), so lists,
-- dashboards and reports do not read them again per request. Like the users rows of migration 0019, a change of
-- them must end every process's cached sessions of the account at once: the user's allow-list switch
-- (anonymisation_user_settings) and the account's k (account_anonymisation; not its client-number counter, which
-- every new client moves). The switch of migration 0018 applies.
CREATE FUNCTION bq_notify_viewer_settings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bq_data_changed', 'sessions:' || coalesce(NEW.account_id, OLD.account_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bq_viewer_settings_changed AFTER INSERT OR UPDATE OR DELETE ON anonymisation_user_settings FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_viewer_settings_change();
--> statement-breakpoint
CREATE TRIGGER bq_viewer_settings_changed AFTER INSERT OR DELETE ON account_anonymisation FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_viewer_settings_change();
--> statement-breakpoint
CREATE TRIGGER bq_viewer_settings_k_changed AFTER UPDATE OF anonymity_k ON account_anonymisation FOR EACH ROW
  WHEN (OLD.anonymity_k IS DISTINCT FROM NEW.anonymity_k AND current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_viewer_settings_change();
