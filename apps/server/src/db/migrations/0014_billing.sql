CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_reference" text NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_configuration_id" uuid NOT NULL,
	"product_type" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_type" text NOT NULL,
	"kind" text NOT NULL,
	"credits" integer,
	"price_eur_cents" integer,
	"price_usd_cents" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"checkout_id" uuid,
	"account_id" uuid,
	"outcome" text NOT NULL,
	"credits_added" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_payment_configuration_id_payment_configurations_id_fk" FOREIGN KEY ("payment_configuration_id") REFERENCES "public"."payment_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_checkout_id_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."payment_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_user_reference_uq" ON "payment_checkouts" USING btree ("user_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_provider_session_uq" ON "payment_checkouts" USING btree ("provider","provider_session_id") WHERE "payment_checkouts"."provider_session_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_checkouts_account_idx" ON "payment_checkouts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_user_idx" ON "payment_checkouts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_configuration_idx" ON "payment_checkouts" USING btree ("payment_configuration_id");--> statement-breakpoint
CREATE INDEX "payment_configurations_product_idx" ON "payment_configurations" USING btree ("product_type","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_uq" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_checkout_idx" ON "payment_events" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "payment_events_account_idx" ON "payment_events" USING btree ("account_id");--> statement-breakpoint
-- ---- Hand-written (billing, docs/decisions/0024-payments.md): the payment configurations of every product type.
-- Pay-as-you-go packages of 10, 50 and 200 credits, priced in euro and US dollar (cents); ENTERPRISE (invoice,
-- no card) for every product; TRIAL only for the wealth advisory product (its free trial, spec section 1).
INSERT INTO "payment_configurations" ("product_type", "kind", "credits", "price_eur_cents", "price_usd_cents", "sort_order")
SELECT p.product_type, k.kind, k.credits, k.eur, k.usd, k.sort_order
FROM (VALUES ('BQ_ADVISORY_BANK'), ('BQ_ADVISORY_WEALTH'), ('BQ_RISK'), ('BQ_SELECTION'), ('BQ_PERFORMANCE'),
             ('BQ_PERFORMANCE_SELF_ASSESSMENT'), ('BQ_SELECT_CAMPAIGN'), ('BQ_PERFORMANCE_COACH')) AS p(product_type)
CROSS JOIN (VALUES ('PAY_AS_YOU_GO', 10, 4900, 5400, 10),
                   ('PAY_AS_YOU_GO', 50, 19900, 21900, 20),
                   ('PAY_AS_YOU_GO', 200, 69900, 76900, 30),
                   ('ENTERPRISE', NULL, NULL, NULL, 90)) AS k(kind, credits, eur, usd, sort_order);
--> statement-breakpoint
INSERT INTO "payment_configurations" ("product_type", "kind", "credits", "price_eur_cents", "price_usd_cents", "sort_order")
VALUES ('BQ_ADVISORY_WEALTH', 'TRIAL', NULL, NULL, NULL, 0);
