-- Devices that signed in successfully (decision 0032): the browser keeps a random token in the bq_device cookie,
-- the table its SHA-256. A known device skips the per-address sign-in backoff, so failures from other places do
-- not keep the owner out. Not account data any cached answer shows: no change-notification trigger.
CREATE TABLE "login_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "login_devices_user_idx" ON "login_devices" USING btree ("user_id");
