-- A participant's or visitor's IP address and browser no longer go into the 7-year, undeletable audit trail (issue 36
-- point 13, docs/decisions/0068): they are kept here for PARTICIPANT_ACCESS_LOG_DAYS days (the retention job deletes
-- older rows) and deleted with the client at erasure. Rows the trail already holds stay, as the trail cannot change.
CREATE TABLE "participant_access_log" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "account_id" uuid NOT NULL,
  "occurred_at" timestamp with time zone NOT NULL,
  "action" text NOT NULL,
  "result_token" text,
  "request_id" text,
  "ip" text,
  "user_agent" text
);
--> statement-breakpoint
CREATE INDEX "participant_access_log_occurred_idx" ON "participant_access_log" ("occurred_at");
--> statement-breakpoint
CREATE INDEX "participant_access_log_result_idx" ON "participant_access_log" ("account_id", "result_token");
