-- The switch for migration 0017's change notifications (docs/decisions/0027, "What writers pay"): a notifying
-- commit takes PostgreSQL's notify-queue lock until its commit record is flushed, so under many concurrent writers
-- those commits queue one behind the other (`npm run bench -- notify`). An operator who runs without the response
-- cache stops paying for it with
--   ALTER DATABASE <name> SET bq.change_notifications = 'off';
-- (read by new sessions: restart every process). The triggers are recreated with a WHEN condition, so with the
-- switch off they are not even queued. An API process that reads 'off' never answers from its cache
-- (db/data-changes.ts), because writers no longer tell it what changed.
DO $$
DECLARE
  t text;
  fn text;
  switch_on constant text := $w$WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')$w$;
BEGIN
  FOR t, fn IN
    SELECT c.relname, p.proname
      FROM pg_trigger g
      JOIN pg_class c ON c.oid = g.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      JOIN pg_proc p ON p.oid = g.tgfoid
     WHERE g.tgname = 'bq_data_changed'
  LOOP
    EXECUTE format('DROP TRIGGER bq_data_changed ON %I', t);
    IF fn = 'bq_notify_global_change' THEN
      EXECUTE format('CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT %s EXECUTE FUNCTION bq_notify_global_change()', t, switch_on);
    ELSE
      EXECUTE format('CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW %s EXECUTE FUNCTION %I()', t, switch_on, fn);
    END IF;
  END LOOP;
  FOR t IN
    SELECT c.relname FROM pg_trigger g
      JOIN pg_class c ON c.oid = g.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
     WHERE g.tgname = 'bq_data_truncated'
  LOOP
    EXECUTE format('DROP TRIGGER bq_data_truncated ON %I', t);
    EXECUTE format('CREATE TRIGGER bq_data_truncated AFTER TRUNCATE ON %I FOR EACH STATEMENT %s EXECUTE FUNCTION bq_notify_global_change()', t, switch_on);
  END LOOP;
END $$;
