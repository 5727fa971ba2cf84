-- ==== hand-written (docs/decisions/0045): passkeys (WebAuthn) as a second factor, and step-up ====
-- user_passkeys: a user's registered credentials; webauthn_challenges: each challenge handed out, taken once with a
-- DELETE ... RETURNING and refused after its expiry. sessions.second_factor_verified_at: when the session last proved
-- a factor (sign-in or POST /api/user/2fa/step-up); routes marked stepUp want it younger than 10 minutes.
-- Sessions carry "has a factor" and that time (plugins/sessions.ts), so adding or removing a passkey and a step-up must
-- end the cached sessions of the account on every process, like a TOTP factor's change (migration 0030). A passkey's
-- use (counter, last_used_at, name) sends nothing. Both tables stay silent for the response cache.
CREATE TABLE "user_passkeys" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "credential_id" text NOT NULL,
  "public_key" text NOT NULL,
  "counter" bigint DEFAULT 0 NOT NULL,
  "transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "device_type" text NOT NULL,
  "backed_up" boolean DEFAULT false NOT NULL,
  "name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  CONSTRAINT "user_passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
CREATE INDEX "user_passkeys_user_idx" ON "user_passkeys" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
  "challenge" text PRIMARY KEY NOT NULL,
  "purpose" text NOT NULL,
  "user_id" uuid REFERENCES "users"("id") ON DELETE cascade,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webauthn_challenges_user_idx" ON "webauthn_challenges" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_verified_at" timestamp with time zone;
--> statement-breakpoint
CREATE TRIGGER bq_user_passkey_changed AFTER INSERT OR DELETE ON user_passkeys FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_user_factor_change();
--> statement-breakpoint
CREATE TRIGGER bq_session_step_up AFTER UPDATE OF second_factor_verified_at ON sessions FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_sessions_change();
