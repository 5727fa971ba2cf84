-- The firm's branding now feeds a cached answer (issue 37 point 8, docs/decisions/0076): the public report's content
-- names the firm by its brand (features/branding/firm-name.ts), so a change of the firm name must drop that account's
-- cached answers like any other data they show (docs/decisions/0027, with the switch of 0018).
CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON account_branding FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_account_change();
--> statement-breakpoint
CREATE TRIGGER bq_data_truncated AFTER TRUNCATE ON account_branding FOR EACH STATEMENT EXECUTE FUNCTION bq_notify_global_change();
