-- ==== hand-written (audit trail, docs/decisions/0039): who saw or changed which client's data, tamper-evident ====
-- One row per event; each account's events form a chain (seq 1, 2, ...; hmac over the previous hmac and the event's
-- canonical content, keyed outside the database). The application only ever inserts: the trigger below refuses
-- UPDATE, DELETE and TRUNCATE whatever the role may do, so a change needs a deliberate DISABLE TRIGGER (superuser or
-- owner) that the verifier then exposes.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL,
  seq bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('USER', 'CREDENTIAL', 'OPERATOR', 'PARTICIPANT', 'SYSTEM')),
  actor_id text,
  action text NOT NULL,
  client_token text,
  result_token text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  outcome text NOT NULL CHECK (outcome IN ('ALLOWED', 'REFUSED')),
  request_id text,
  ip text,
  user_agent text,
  prev_hmac text NOT NULL,
  hmac text NOT NULL
);
--> statement-breakpoint
-- The chain's order, and the structural guard against a fork: two events can never share an account's seq.
CREATE UNIQUE INDEX audit_events_account_seq_uq ON audit_events (account_id, seq);
--> statement-breakpoint
-- The reading filters (newest first, keyset on id): by client and by actor within an account.
CREATE INDEX audit_events_account_client_idx ON audit_events (account_id, client_token, id) WHERE client_token IS NOT NULL;
--> statement-breakpoint
CREATE INDEX audit_events_account_actor_idx ON audit_events (account_id, actor_id, id);
--> statement-breakpoint
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_delete BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
