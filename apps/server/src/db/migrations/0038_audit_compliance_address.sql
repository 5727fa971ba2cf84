-- ==== hand-written (docs/decisions/0039, addendum): the account's compliance address ====
-- Where the daily signed checkpoint of the account's audit chain head is mailed, so a copy outside the operator's
-- storage exists with someone the account trusts; null: no mail.
ALTER TABLE "accounts" ADD COLUMN "audit_compliance_email" text;
