CREATE TABLE "account_anonymisation" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"anonymity_k" integer DEFAULT 5 NOT NULL,
	"last_client_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_anonymisation_k_ck" CHECK ("account_anonymisation"."anonymity_k" >= 3 and "account_anonymisation"."anonymity_k" <= 100)
);
--> statement-breakpoint
CREATE TABLE "anonymisation_user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"allow_list_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anonymization_allow_list" (
	"user_id" uuid NOT NULL,
	"product_configuration_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anonymization_allow_list_user_id_product_configuration_id_client_id_pk" PRIMARY KEY("user_id","product_configuration_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "client_numbers" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_counts" (
	"product_configuration_id" uuid NOT NULL,
	"category_key" text NOT NULL,
	"bucket" text NOT NULL,
	"client_group" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bi_counts_product_configuration_id_category_key_bucket_client_group_pk" PRIMARY KEY("product_configuration_id","category_key","bucket","client_group")
);
--> statement-breakpoint
CREATE TABLE "bi_facts" (
	"client_id" uuid NOT NULL,
	"product_configuration_id" uuid NOT NULL,
	"category_key" text NOT NULL,
	"bucket" text NOT NULL,
	"client_group" text NOT NULL,
	"account_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bi_facts_client_id_product_configuration_id_category_key_pk" PRIMARY KEY("client_id","product_configuration_id","category_key")
);
--> statement-breakpoint
ALTER TABLE "account_anonymisation" ADD CONSTRAINT "account_anonymisation_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymisation_user_settings" ADD CONSTRAINT "anonymisation_user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymisation_user_settings" ADD CONSTRAINT "anonymisation_user_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymization_allow_list" ADD CONSTRAINT "anonymization_allow_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymization_allow_list" ADD CONSTRAINT "anonymization_allow_list_product_configuration_id_product_configurations_id_fk" FOREIGN KEY ("product_configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymization_allow_list" ADD CONSTRAINT "anonymization_allow_list_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymization_allow_list" ADD CONSTRAINT "anonymization_allow_list_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_numbers" ADD CONSTRAINT "client_numbers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_numbers" ADD CONSTRAINT "client_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_counts" ADD CONSTRAINT "bi_counts_product_configuration_id_product_configurations_id_fk" FOREIGN KEY ("product_configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_facts" ADD CONSTRAINT "bi_facts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_facts" ADD CONSTRAINT "bi_facts_product_configuration_id_product_configurations_id_fk" FOREIGN KEY ("product_configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_facts" ADD CONSTRAINT "bi_facts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymisation_user_settings_account_idx" ON "anonymisation_user_settings" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "anonymization_allow_list_client_idx" ON "anonymization_allow_list" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "anonymization_allow_list_config_idx" ON "anonymization_allow_list" USING btree ("product_configuration_id");--> statement-breakpoint
CREATE INDEX "anonymization_allow_list_account_idx" ON "anonymization_allow_list" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_numbers_account_number_uq" ON "client_numbers" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "bi_facts_count_idx" ON "bi_facts" USING btree ("product_configuration_id","category_key","client_group","bucket");--> statement-breakpoint
CREATE INDEX "bi_facts_list_idx" ON "bi_facts" USING btree ("product_configuration_id","category_key","bucket","finished_at" DESC NULLS LAST,"client_id");--> statement-breakpoint
CREATE INDEX "bi_facts_instance_idx" ON "bi_facts" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "bi_facts_account_idx" ON "bi_facts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bi_facts_finished_idx" ON "bi_facts" USING btree ("product_configuration_id","category_key","finished_at" desc,"client_id");
--> statement-breakpoint
-- ==== hand-written (bi-anonymisation, docs/decisions/0021): triggers and backfills; re-append after renumbering ====
-- Statement-level triggers with transition tables, so a bulk insert (seeds, imports) is one set-based step instead
-- of one step per row. Every client gets the next running numbers of its account (the anonymised name "Client 12");
-- the account's row in account_anonymisation is locked by the upsert, so concurrent inserts never share a number.
CREATE FUNCTION client_numbers_assign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH counts AS (
    SELECT account_id, count(*)::int AS n FROM new_clients GROUP BY account_id
  ), bumped AS (
    INSERT INTO account_anonymisation AS a (account_id, last_client_number)
    SELECT account_id, n FROM counts
    ON CONFLICT (account_id) DO UPDATE SET last_client_number = a.last_client_number + excluded.last_client_number
    RETURNING a.account_id, a.last_client_number
  )
  INSERT INTO client_numbers (client_id, account_id, number)
  SELECT c.id, c.account_id,
         b.last_client_number - n.n + row_number() OVER (PARTITION BY c.account_id ORDER BY c.created_at, c.id)
  FROM new_clients c JOIN bumped b ON b.account_id = c.account_id JOIN counts n ON n.account_id = c.account_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_number_assign AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_clients FOR EACH STATEMENT EXECUTE FUNCTION client_numbers_assign();
--> statement-breakpoint
INSERT INTO client_numbers (client_id, account_id, number)
SELECT id, account_id, row_number() OVER (PARTITION BY account_id ORDER BY created_at, id) FROM clients;
--> statement-breakpoint
INSERT INTO account_anonymisation (account_id, last_client_number)
SELECT account_id, max(number) FROM client_numbers GROUP BY account_id;
--> statement-breakpoint
-- The BI facts of these (client, configuration) pairs, rebuilt from each one's latest finished result (the same
-- order as the client list's latest result): a category per computable dimension (stanine band), the risk class,
-- the investment style. Set-based for any number of pairs.
CREATE FUNCTION bi_refresh_many(p_clients uuid[], p_configs uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- bi_counts follows every row that leaves or enters bi_facts (in a fixed order, so concurrent refreshes lock
  -- the counter rows in the same order).
  WITH gone AS (
    DELETE FROM bi_facts f USING unnest(p_clients, p_configs) AS k(client_id, config_id)
    WHERE f.client_id = k.client_id AND f.product_configuration_id = k.config_id
    RETURNING f.product_configuration_id, f.category_key, f.bucket, f.client_group
  )
  INSERT INTO bi_counts AS b (product_configuration_id, category_key, bucket, client_group, n)
  SELECT product_configuration_id, category_key, bucket, client_group, -count(*) FROM gone
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_configuration_id, category_key, bucket, client_group) DO UPDATE SET n = b.n + excluded.n;
  WITH added AS (
  INSERT INTO bi_facts (client_id, product_configuration_id, category_key, bucket, client_group, account_id, instance_id, finished_at)
  SELECT r.client_id, r.config_id, x.category_key, x.bucket, r.client_group, r.account_id, r.id, r.finished_at
  FROM (
    SELECT DISTINCT ON (k.client_id, k.config_id) k.client_id, k.config_id, ii.id, ii.account_id, ii.results,
           coalesce(ii.filled_at, ii.created_at) AS finished_at, c.client_group
    FROM (SELECT DISTINCT u.client_id, u.config_id FROM unnest(p_clients, p_configs) AS u(client_id, config_id)) k
    JOIN interaction_instances ii ON ii.client_id = k.client_id AND ii.product_configuration_id = k.config_id
    JOIN clients c ON c.id = k.client_id
    WHERE ii.status IN ('RESULTS_AVAILABLE', 'PREDICTION_ERROR') AND ii.results IS NOT NULL
    ORDER BY k.client_id, k.config_id, coalesce(ii.filled_at, ii.created_at) DESC, ii.id DESC
  ) r
  CROSS JOIN LATERAL (
    SELECT 'dimension.' || (d->>'key') AS category_key,
           CASE WHEN (d->>'stanine')::numeric <= 3 THEN 'LOW' WHEN (d->>'stanine')::numeric <= 6 THEN 'AVERAGE' ELSE 'HIGH' END AS bucket
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.results->'dimensions') = 'array' THEN r.results->'dimensions' ELSE '[]'::jsonb END) d
    WHERE jsonb_typeof(d->'stanine') = 'number' AND d->>'key' IS NOT NULL
    UNION ALL
    SELECT 'risk_class', ((r.results->'risk'->>'suitableClass')::numeric)::int::text
    WHERE jsonb_typeof(r.results->'risk'->'suitableClass') = 'number'
    UNION ALL
    SELECT 'investment_style', r.results->'prediction'->>'predictedClass'
    WHERE jsonb_typeof(r.results->'prediction'->'predictedClass') = 'string'
  ) x
  ON CONFLICT DO NOTHING
  RETURNING product_configuration_id, category_key, bucket, client_group
  )
  INSERT INTO bi_counts AS b (product_configuration_id, category_key, bucket, client_group, n)
  SELECT product_configuration_id, category_key, bucket, client_group, count(*) FROM added
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_configuration_id, category_key, bucket, client_group) DO UPDATE SET n = b.n + excluded.n;
END $$;
--> statement-breakpoint
-- New, changed or deleted instances with a result (before or after the change): refresh their pairs.
CREATE FUNCTION bi_facts_on_instances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  clients_ uuid[];
  configs_ uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(client_id), array_agg(product_configuration_id) INTO clients_, configs_
    FROM new_rows WHERE status IN ('RESULTS_AVAILABLE', 'PREDICTION_ERROR');
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(client_id), array_agg(product_configuration_id) INTO clients_, configs_
    FROM old_rows WHERE status IN ('RESULTS_AVAILABLE', 'PREDICTION_ERROR');
  ELSE
    SELECT array_agg(client_id), array_agg(product_configuration_id) INTO clients_, configs_
    FROM (
      SELECT client_id, product_configuration_id FROM new_rows WHERE status IN ('RESULTS_AVAILABLE', 'PREDICTION_ERROR')
      UNION
      SELECT client_id, product_configuration_id FROM old_rows WHERE status IN ('RESULTS_AVAILABLE', 'PREDICTION_ERROR')
    ) changed;
  END IF;
  IF clients_ IS NOT NULL THEN
    PERFORM bi_refresh_many(clients_, configs_);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER interaction_instances_bi_facts_insert AFTER INSERT ON interaction_instances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bi_facts_on_instances();
--> statement-breakpoint
CREATE TRIGGER interaction_instances_bi_facts_update AFTER UPDATE ON interaction_instances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bi_facts_on_instances();
--> statement-breakpoint
CREATE TRIGGER interaction_instances_bi_facts_delete AFTER DELETE ON interaction_instances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bi_facts_on_instances();
--> statement-breakpoint
CREATE FUNCTION bi_facts_on_client_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    UPDATE bi_facts SET client_group = NEW.client_group WHERE client_id = NEW.id
    RETURNING product_configuration_id, category_key, bucket
  ), deltas AS (
    SELECT product_configuration_id, category_key, bucket, OLD.client_group AS client_group, -1 AS d FROM moved
    UNION ALL
    SELECT product_configuration_id, category_key, bucket, NEW.client_group, 1 FROM moved
  )
  INSERT INTO bi_counts AS b (product_configuration_id, category_key, bucket, client_group, n)
  SELECT product_configuration_id, category_key, bucket, client_group, sum(d) FROM deltas
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_configuration_id, category_key, bucket, client_group) DO UPDATE SET n = b.n + excluded.n;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_bi_facts_group AFTER UPDATE OF client_group ON clients
  FOR EACH ROW WHEN (OLD.client_group IS DISTINCT FROM NEW.client_group) EXECUTE FUNCTION bi_facts_on_client_group();
--> statement-breakpoint
SELECT bi_refresh_many(array_agg(client_id), array_agg(product_configuration_id))
FROM (SELECT DISTINCT client_id, product_configuration_id FROM interaction_instances WHERE status IN ('RESULTS_AVAILABLE', 'PREDICTION_ERROR')) x;
