-- Issue 38 point 2 (docs/decisions/0093 addendum): a bulk send that starts each client's questionnaire from their
-- previous answers counts the clients who had none and so start from an empty questionnaire (said in its summary).
ALTER TABLE "bulk_sends" ADD COLUMN "started_empty" integer DEFAULT 0 NOT NULL;
