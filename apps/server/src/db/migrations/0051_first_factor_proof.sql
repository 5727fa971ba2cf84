-- ==== hand-written (docs/decisions/0064): the session's first-factor proof ====
-- sessions.first_factor_verified_at: when the session last proved the first factor (its sign-in, or the password given
-- again at POST /api/user/2fa/step-up). Routes that add or remove a second factor want it younger than ten minutes
-- from a user who has no factor yet. Sessions carry it (plugins/sessions.ts), so a change ends the account's cached
-- sessions on every process, as migration 0033 does for second_factor_verified_at. Sessions open before this
-- migration have none: their user gives the password (or signs in again) before adding a first factor.
ALTER TABLE "sessions" ADD COLUMN "first_factor_verified_at" timestamp with time zone;
--> statement-breakpoint
CREATE TRIGGER bq_session_first_factor AFTER UPDATE OF first_factor_verified_at ON sessions FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_sessions_change();
