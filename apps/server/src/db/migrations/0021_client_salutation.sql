-- How mails greet a client (issue 22): MS "Sehr geehrte Frau X", MR "Sehr geehrter Herr X", NEUTRAL the full name.
-- Existing clients keep the neutral greeting they had. The clients table already notifies changes (0017).
ALTER TABLE "clients" ADD COLUMN "salutation" text DEFAULT 'NEUTRAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_salutation_check" CHECK ("salutation" IN ('MS', 'MR', 'NEUTRAL'));
