-- ==== hand-written (docs/decisions/0062): the users the account's directory provisioned ====
-- SCIM manages only the users it created (or users of the account's confirmed domains), never any other user of the
-- account: set when SCIM creates (or revives) a user. Users SCIM created before this column existed are found by
-- their provisioning event in the audit trail (action scim.user_provision, the new user's id in its details).
ALTER TABLE "users" ADD COLUMN "scim_provisioned_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" u SET "scim_provisioned_at" = u."created_at"
FROM "audit_events" e
WHERE e."action" = 'scim.user_provision' AND e."outcome" = 'ALLOWED' AND e."account_id" = u."account_id"
  AND e."details"->>'userId' = u."id"::text;
