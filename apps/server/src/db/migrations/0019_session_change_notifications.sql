-- Who may call is part of what every answer depends on (docs/decisions/0031, issue 22 point 3): each API process
-- keeps a session's user, permissions and active flag for AUTH_CACHE_SECONDS (plugins/sessions.ts), and that copy
-- must end on every process as soon as a user's access changes. A change to a user row (permissions, deactivation,
-- password) and the end of a session (sign-out, password change, reset) send NOTIFY bq_data_changed with
-- 'sessions:<account id>' on the channel of migration 0017; each process then reads that account's sessions afresh.
-- Session touches (UPDATE of expires_at) and new sessions change nobody's access and send nothing. The switch of
-- migration 0018 applies: with it off nothing is sent, and the processes keep sessions for at most 1 s.
CREATE FUNCTION bq_notify_sessions_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bq_data_changed', 'sessions:' || OLD.account_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bq_sessions_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_sessions_change();
--> statement-breakpoint
CREATE TRIGGER bq_sessions_changed AFTER DELETE ON sessions FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_sessions_change();
--> statement-breakpoint
CREATE TRIGGER bq_sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_global_change();
