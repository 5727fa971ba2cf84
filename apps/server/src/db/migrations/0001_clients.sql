CREATE TABLE "client_products" (
	"client_id" uuid NOT NULL,
	"product_configuration_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "clients_account_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "max_clients" integer;--> statement-breakpoint
ALTER TABLE "client_products" ADD CONSTRAINT "client_products_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_products" ADD CONSTRAINT "client_products_product_configuration_id_product_configurations_id_fk" FOREIGN KEY ("product_configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_products" ADD CONSTRAINT "client_products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_products_client_config_uq" ON "client_products" USING btree ("client_id","product_configuration_id");--> statement-breakpoint
CREATE INDEX "client_products_config_idx" ON "client_products" USING btree ("product_configuration_id");--> statement-breakpoint
CREATE INDEX "client_products_account_idx" ON "client_products" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_account_email_uq" ON "clients" USING btree ("account_id","email");