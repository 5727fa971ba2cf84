-- Wrong second-factor codes in a row, and when the code factor locked (issue 36 point 12, NIST SP 800-63B 5.2.2,
-- docs/decisions/0069): the throttle alone let an attacker who holds the password try about 1,400 codes a day for ever.
ALTER TABLE "user_totp" ADD COLUMN "failed_codes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_totp" ADD COLUMN "locked_at" timestamp with time zone;
