-- An account's own SMTP server must speak TLS (STARTTLS, or TLS from the start on port 465) unless the account waived
-- it explicitly (docs/decisions/0067, issue 36 point 5). Existing senders get the default: TLS required from now on.
ALTER TABLE "account_branding" ADD COLUMN "smtp_allow_plaintext" boolean DEFAULT false NOT NULL;
