-- ==== hand-written (docs/decisions/0038): a trial has an end date ====
-- A configuration on the TRIAL plan runs until trial_ends_at; from then on new questionnaires start LOCKED. Trials
-- that run today get their full trial period from this migration on, so nobody's trial ends the day it is deployed.
ALTER TABLE "product_configurations" ADD COLUMN "trial_ends_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "product_configurations" SET "trial_ends_at" = now() + interval '30 days' WHERE "plan_type" = 'TRIAL';
