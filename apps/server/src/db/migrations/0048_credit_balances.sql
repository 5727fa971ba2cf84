-- The credit balance of an account, kept by a trigger on the credit ledger. The balance was the ledger's sum, read on
-- every page load (GET /api/user) and at every unlock: a sequential scan that took 22 ms at 100,000 ledger rows, the
-- size of a bank's annual review (issue 26, docs/decisions/0026). The ledger stays the record; this row follows it in
-- the same transaction, so the two never disagree.
CREATE TABLE "credit_balances" (
  "account_id" uuid PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "balance" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION credit_balances_follow_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE credit_balances SET balance = balance - OLD.delta WHERE account_id = OLD.account_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO credit_balances (account_id, balance) VALUES (NEW.account_id, NEW.delta)
      ON CONFLICT (account_id) DO UPDATE SET balance = credit_balances.balance + EXCLUDED.balance;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_balances_follow_ledger AFTER INSERT OR UPDATE OR DELETE ON "credit_ledger"
  FOR EACH ROW EXECUTE FUNCTION credit_balances_follow_ledger();
--> statement-breakpoint
CREATE FUNCTION credit_balances_follow_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE credit_balances;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_balances_follow_truncate AFTER TRUNCATE ON "credit_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION credit_balances_follow_truncate();
--> statement-breakpoint
-- The ledger as it is: the trigger above already holds back concurrent writers of the ledger until this commits.
INSERT INTO credit_balances (account_id, balance) SELECT account_id, sum(delta) FROM credit_ledger GROUP BY account_id;
--> statement-breakpoint
-- A change tells the response cache (migration 0017) like every account table: GET /api/user shows the balance.
CREATE TRIGGER bq_data_changed AFTER INSERT OR UPDATE OR DELETE ON "credit_balances" FOR EACH ROW
  WHEN (current_setting('bq.change_notifications', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION bq_notify_account_change();
