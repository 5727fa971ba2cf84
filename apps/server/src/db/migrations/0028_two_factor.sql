-- The second factor (docs/decisions/0040): one TOTP secret per user, encrypted with AES-256-GCM (DATA_ENCRYPTION_KEY),
-- pending until the first code confirms it; the last time step a code was accepted for, so a code works once; and the
-- user's recovery codes, stored as keyed hashes, each marked when used. Read by no cached answer and written at sign-in:
-- no change-notification trigger (listed silent in the response-cache test).
CREATE TABLE "user_totp" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_encrypted" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "user_recovery_codes_user_idx" ON "user_recovery_codes" USING btree ("user_id");
--> statement-breakpoint
-- Wrong second-factor codes are sign-in failures of their own kind: the sign-in throttle counts them with the
-- password failures and, per user, without the known-device exemption (features/auth/login-rate-limit.ts).
ALTER TABLE "login_failures" ADD COLUMN "kind" text DEFAULT 'PASSWORD' NOT NULL;
