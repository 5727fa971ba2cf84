-- Data change notifications (docs/decisions/0027): every committed write to data that a cached response may show
-- sends NOTIFY bq_data_changed with the account it belongs to ('global' for data shared by all accounts). Each API
-- process listens and drops its cached responses of that account (plugins/response-cache.ts). PostgreSQL delivers a
-- notification only after the writer's commit, and one per distinct payload per transaction.
-- Tables left out on purpose (high churn, read by no cached response) are listed in data-changes.test.ts, which fails
-- for a table that is neither here nor there.
CREATE FUNCTION bq_notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('bq_data_changed', coalesce(OLD.account_id::text, 'global'));
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.account_id IS DISTINCT FROM OLD.account_id) THEN
    PERFORM pg_notify('bq_data_changed', coalesce(NEW.account_id::text, 'global'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION bq_notify_account_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bq_data_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows that name a user only (the Google identity, the e-mail verification): the user's account.
CREATE FUNCTION bq_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_account uuid;
BEGIN
  SELECT account_id INTO changed_account FROM users
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  PERFORM pg_notify('bq_data_changed', coalesce(changed_account::text, 'global'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION bq_notify_global_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bq_data_changed', 'global');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'account_anonymisation', 'anonymisation_user_settings', 'anonymization_allow_list', 'certificates',
    'client_numbers', 'client_products', 'client_weight_profiles', 'clients', 'consistency_resolutions',
    'credit_ledger', 'interaction_instances', 'payment_checkouts', 'privacy_policies', 'product_configurations',
    'repeated_measurement_instances', 'repeated_measurements', 'report_download_tokens', 'team_members', 'teams',
    'users', 'weight_profiles'
  ] LOOP
    EXECUTE format('CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION bq_notify_account_change()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['email_verifications', 'external_identities'] LOOP
    EXECUTE format('CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION bq_notify_user_change()', t);
  END LOOP;
  EXECUTE 'CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION bq_notify_account_row_change()';
  FOREACH t IN ARRAY ARRAY['translations', 'market_history', 'payment_configurations'] LOOP
    EXECUTE format('CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bq_notify_global_change()', t);
  END LOOP;
  -- TRUNCATE names no rows: everything cached may be gone.
  FOREACH t IN ARRAY ARRAY[
    'account_anonymisation', 'anonymisation_user_settings', 'anonymization_allow_list', 'certificates',
    'client_numbers', 'client_products', 'client_weight_profiles', 'clients', 'consistency_resolutions',
    'credit_ledger', 'interaction_instances', 'payment_checkouts', 'privacy_policies', 'product_configurations',
    'repeated_measurement_instances', 'repeated_measurements', 'report_download_tokens', 'team_members', 'teams',
    'users', 'weight_profiles', 'email_verifications', 'external_identities', 'accounts', 'translations',
    'market_history', 'payment_configurations'
  ] LOOP
    EXECUTE format('CREATE TRIGGER bq_data_truncated AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bq_notify_global_change()', t);
  END LOOP;
END $$;
