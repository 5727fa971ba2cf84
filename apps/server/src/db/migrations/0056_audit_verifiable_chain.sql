-- ==== hand-written (audit trail anyone can verify, docs/decisions/0071) ====
-- Each event's hash is now SHA-256 over the RFC 8785 canonical JSON of the event as exported, prevHash included: no
-- key, so anyone holding an export recomputes it. Rows from before keep their HMAC columns as they were; their
-- prev_hash and hash are filled once, in chain order, at the first start-up (legacy-chain.ts), which is the one
-- UPDATE the append-only trigger lets through.
ALTER TABLE audit_events ADD COLUMN prev_hash text, ADD COLUMN hash text;
--> statement-breakpoint
ALTER TABLE audit_events ALTER COLUMN prev_hmac DROP NOT NULL, ALTER COLUMN hmac DROP NOT NULL;
--> statement-breakpoint
-- Every event is chained one way or the other (new ones by hash; old ones by HMAC until their hash is filled).
ALTER TABLE audit_events ADD CONSTRAINT audit_events_chained CHECK (hash IS NOT NULL OR hmac IS NOT NULL);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The transition's one update: an old row gets its prev_hash and hash, once, and nothing else of it changes.
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND OLD.prev_hash IS NULL AND NEW.hash IS NOT NULL AND NEW.prev_hash IS NOT NULL
     AND (to_jsonb(NEW) - 'hash' - 'prev_hash') = (to_jsonb(OLD) - 'hash' - 'prev_hash') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
-- Signed checkpoints of each account's chain head (Ed25519 over the JCS of the checkpoint without its signature). A
-- copy of each also goes to AUDIT_CHECKPOINT_DIR and to the account's compliance address: deleting it here and a
-- chain's tail together still leaves the copies.
CREATE TABLE audit_checkpoints (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL,
  seq bigint NOT NULL,
  head_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  key_id text NOT NULL,
  signature text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX audit_checkpoints_account_seq_key_uq ON audit_checkpoints (account_id, seq, key_id);
