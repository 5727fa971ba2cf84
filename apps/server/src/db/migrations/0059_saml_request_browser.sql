-- The SAML AuthnRequest bound to the browser that started it (docs/decisions/0073): the SHA-256 of the bq_saml cookie
-- value. Requests open at the upgrade were started without the cookie and could not be finished any more: dropped.
DELETE FROM "saml_requests";
--> statement-breakpoint
ALTER TABLE "saml_requests" ADD COLUMN "browser_hash" text NOT NULL;
